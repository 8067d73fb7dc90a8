import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../schemas/common.ts';
import { WEB_SEARCH_DESCRIPTION, WebSearchBody, WebSearchResponse } from '../../schemas/web-search.ts';
import type { AppContext } from '../context.ts';
import { badGateway, serviceUnavailable, validationError } from '../lib/errors.ts';
import { WebSearchError, type WebResult } from '../search/web/provider.ts';

/**
 * Runs a web search for a route: 400 for a blank query, 503 when no provider is configured,
 * 502 when the provider fails.
 */
export async function webSearch(
  ctx: AppContext,
  body: { query: string; limit?: number },
): Promise<{ items: WebResult[]; provider: string }> {
  if (!body.query.trim())
    throw validationError('The query is blank', [{ field: 'query', reason: 'must contain text' }]);
  if (!ctx.webSearch)
    throw serviceUnavailable(
      'Web search is not configured on this server: set SEARXNG_URL to a SearXNG instance',
    );
  try {
    const items = await ctx.webSearch.search(body.query.trim(), { limit: body.limit ?? 5 });
    return { items, provider: ctx.webSearch.name };
  } catch (err) {
    if (err instanceof WebSearchError) throw badGateway(err.message);
    throw err;
  }
}

/** `POST /api/search/web`: the public route's twin for signed-in users. */
const webSearchRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/search/web',
    {
      config: { permission: 'chat' },
      schema: {
        operationId: 'searchWeb',
        tags: ['search'],
        summary: 'Web search for signed-in users',
        description: WEB_SEARCH_DESCRIPTION,
        body: WebSearchBody,
        security: [{ bearerAuth: [] }],
        response: { 200: WebSearchResponse, ...errorResponses(400, 401, 403, 429, 502, 503) },
      },
    },
    async (request) => ({ success: true as const, data: await webSearch(app.ctx, request.body) }),
  );
};

export default webSearchRoutes;
