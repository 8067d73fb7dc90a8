import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ChatAnswer, PublicChatBody, STREAM_DESCRIPTION } from '../../schemas/chat.ts';
import { errorResponses } from '../../schemas/common.ts';
import { principalOf } from '../../plugins/auth.ts';
import { collectChat, streamChat } from './chat-stream.ts';
import { Type } from 'typebox';
import { SimpleListQuery, TopicList } from '../../schemas/resources.ts';
import { listTopics } from './topics.ts';
import { serviceUnavailable } from '../lib/errors.ts';

/** The widget endpoints: authenticated by `X-API-Key`, answering for the key's company. */
const publicRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/public/chat',
    {
      config: { auth: 'apiKey' },
      schema: {
        tags: ['public'],
        summary: 'Widget chat, one JSON answer',
        body: PublicChatBody,
        security: [{ apiKey: [] }],
        response: { 200: ChatAnswer, ...errorResponses(400, 401, 403, 429, 503) },
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
        tags: ['public'],
        summary: 'Widget chat, streamed as Server-Sent Events',
        description: STREAM_DESCRIPTION,
        body: PublicChatBody,
        security: [{ apiKey: [] }],
        produces: ['text/event-stream'],
        response: { ...errorResponses(400, 401, 403, 429) },
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
        tags: ['public'],
        summary: "The key's company topics, for the widget's topic picker",
        querystring: SimpleListQuery,
        security: [{ apiKey: [] }],
        response: { 200: TopicList, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await listTopics(app.ctx.db, principalOf(request).companyId, request.query),
    }),
  );

  app.post(
    '/public/search/web',
    {
      config: { auth: 'apiKey' },
      schema: {
        tags: ['public'],
        summary: 'Web search (needs a self-hosted SearXNG; not configured in this version: 503)',
        body: Type.Object(
          { query: Type.String({ minLength: 1, maxLength: 500 }) },
          { additionalProperties: false },
        ),
        security: [{ apiKey: [] }],
        response: { ...errorResponses(400, 401, 403, 429, 503) },
      },
    },
    async () => {
      throw serviceUnavailable('Web search is not configured on this server');
    },
  );
};

export default publicRoutes;
