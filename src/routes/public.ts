import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ChatAnswer, PublicChatBody, STREAM_DESCRIPTION } from '../../schemas/chat.ts';
import { errorResponses } from '../../schemas/common.ts';
import { principalOf } from '../../plugins/auth.ts';
import { collectChat, streamChat } from './chat-stream.ts';

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
};

export default publicRoutes;
