import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ChatAnswer, ChatBody, STREAM_DESCRIPTION } from '../../schemas/chat.ts';
import { errorResponses } from '../../schemas/common.ts';
import { principalOf } from '../../plugins/auth.ts';
import { collectChat, streamChat } from './chat-stream.ts';

const chatRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/chat/stream',
    {
      config: { permission: 'chat', limitGroup: 'chatStream' },
      schema: {
        tags: ['chat'],
        summary: 'Ask a question; the answer streams as Server-Sent Events',
        description: STREAM_DESCRIPTION,
        body: ChatBody,
        security: [{ bearerAuth: [] }],
        produces: ['text/event-stream'],
        response: { ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      await streamChat(app.ctx, request, reply, principalOf(request), request.body);
    },
  );

  app.post(
    '/chat/message',
    {
      config: { permission: 'chat' },
      schema: {
        tags: ['chat'],
        summary: 'Ask a question; the answer, sources and citations as one JSON',
        body: ChatBody,
        security: [{ bearerAuth: [] }],
        response: { 200: ChatAnswer, ...errorResponses(400, 401, 403, 404, 429, 503) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await collectChat(app.ctx, principalOf(request), request.body),
    }),
  );
};

export default chatRoutes;
