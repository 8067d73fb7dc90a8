import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ChatAnswerResponse,
  PublicChatBody,
  STREAM_DESCRIPTION,
  StreamResponse,
} from '../../schemas/chat.ts';
import { errorResponses } from '../../schemas/common.ts';
import { principalOf } from '../../plugins/auth.ts';
import { sendCachedList } from '../../plugins/list-cache.ts';
import { collectChat, streamChat } from './chat-stream.ts';
import { SimpleListQuery, TopicList } from '../../schemas/resources.ts';
import { listTopics } from './topics.ts';
import { accessScopeOf } from '../access/scope.ts';
import { WEB_SEARCH_DESCRIPTION, WebSearchBody, WebSearchResponse } from '../../schemas/web-search.ts';
import { webSearch } from './web-search.ts';
import { originalLinkKeyOf, resignedAnswerBody } from '../documents/original-links.ts';

/** The widget endpoints: authenticated by `X-API-Key`, answering for the key's company. */
const publicRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/public/chat',
    {
      config: {
        auth: 'apiKey',
        idempotent: true,
        // A replay's links to originals are signed anew: the stored ones may have expired.
        onReplay: (request, body) =>
          resignedAnswerBody(originalLinkKeyOf(app.ctx.jwtSecret), principalOf(request), body),
      },
      schema: {
        operationId: 'publicChat',
        description:
          'The widget’s chat, authenticated by `X-API-Key`, answering from the key’s company documents as one JSON (the `sendChatMessage` shape). `sessionId` groups a visitor’s questions.',
        tags: ['public'],
        summary: 'Widget chat, one JSON answer',
        body: PublicChatBody,
        security: [{ apiKey: [] }],
        response: { 200: ChatAnswerResponse, ...errorResponses(400, 401, 403, 429, 502, 503) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await collectChat(app.ctx, principalOf(request), request.body),
    }),
  );

  app.post(
    '/public/chat/stream',
    {
      config: { auth: 'apiKey', limitGroup: 'chatStream' },
      schema: {
        operationId: 'publicStreamChat',
        tags: ['public'],
        summary: 'Widget chat, streamed as Server-Sent Events',
        description: STREAM_DESCRIPTION,
        body: PublicChatBody,
        security: [{ apiKey: [] }],
        response: { 200: StreamResponse, ...errorResponses(400, 401, 403, 429, 502, 503) },
      },
    },
    async (request, reply) => {
      await streamChat(app.ctx, request, reply, principalOf(request), request.body);
    },
  );

  app.get(
    '/public/topics',
    {
      config: { auth: 'apiKey' },
      schema: {
        operationId: 'listPublicTopics',
        description: 'The key’s company topics, for a widget’s topic picker; same layout as `listTopics`.',
        tags: ['public'],
        summary: "The key's company topics, for the widget's topic picker",
        querystring: SimpleListQuery,
        security: [{ apiKey: [] }],
        response: { 200: TopicList, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) =>
      sendCachedList(app, request, reply, 'public-topics', async () => ({
        success: true as const,
        data: await listTopics(app.ctx.db, accessScopeOf(principalOf(request)), request.query),
      })),
  );

  app.post(
    '/public/search/web',
    {
      config: { auth: 'apiKey' },
      schema: {
        operationId: 'publicSearchWeb',
        tags: ['public'],
        summary: 'Web search for the widget',
        description: WEB_SEARCH_DESCRIPTION,
        body: WebSearchBody,
        security: [{ apiKey: [] }],
        response: { 200: WebSearchResponse, ...errorResponses(400, 401, 403, 429, 502, 503) },
      },
    },
    async (request) => ({ success: true as const, data: await webSearch(app.ctx, request.body) }),
  );
};

export default publicRoutes;
