import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../schemas/common.ts';
import { SearchBody, SearchResponse } from '../../schemas/search.ts';
import { principalOf } from '../../plugins/auth.ts';
import { assertTopic } from '../documents/documents.service.ts';
import { validationError } from '../lib/errors.ts';
import { accessScopeOf, type AccessScope } from '../access/scope.ts';
import { effectiveMode, retrieve, type RetrievalMode, type RetrieverDeps } from '../retrieval/retriever.ts';
import { sendCachedList } from '../../plugins/list-cache.ts';

const searchRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/search',
    {
      config: { permission: 'documents:read' },
      schema: {
        operationId: 'searchDocuments',
        tags: ['search'],
        summary: 'Search the company’s documents: the best-matching chunks, without generating an answer',
        description:
          'Runs the retriever chat uses, restricted to the caller’s company (and topic when given). ' +
          'Returns chunks best first with what a citation needs. `mode` defaults to hybrid; `rerank` ' +
          'falls back to hybrid when no cross-encoder is configured, and `data.mode` says what ran.',
        body: SearchBody,
        security: [{ bearerAuth: [] }],
        response: { 200: SearchResponse, ...errorResponses(400, 401, 403, 404, 413, 429) },
      },
    },
    async (request, reply) => {
      const access = accessScopeOf(principalOf(request));
      const { query, topicId, limit, mode } = request.body;
      if (query.trim() === '') {
        throw validationError('The query is blank', [{ field: 'query', reason: 'must contain text' }]);
      }
      // The same question asked again (a widget's FAQ) is answered from memory until the
      // company's documents change: every write that changes what search sees bumps the
      // company's generation (src/lib/list-cache.ts).
      return sendCachedList(app, request, reply, 'search', () => search(access, request.body), {
        query,
        topicId,
        limit,
        mode,
      });
    },
  );

  async function search(
    access: AccessScope,
    body: { query: string; topicId?: string; limit: number; mode?: RetrievalMode },
  ) {
    const { query, topicId, limit, mode } = body;
    const { companyId } = access;
    if (topicId) await assertTopic(app.ctx.db, access, topicId);
    const deps: RetrieverDeps = {
      db: app.ctx.db,
      embedder: app.ctx.embedder,
      vectorEnabled: app.ctx.database.vectorEnabled,
      reranker: app.ctx.reranker,
      vectorStore: app.ctx.vectorStore,
    };
    const used = effectiveMode(deps, mode);
    const items = await retrieve(deps, { companyId, access, query, topicId, limit }, { mode: used });
    return { success: true as const, data: { items, mode: used } };
  }
};

export default searchRoutes;
