import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ChatAnswerResponse, ChatBody, STREAM_DESCRIPTION, StreamResponse } from '../../schemas/chat.ts';
import { errorResponses } from '../../schemas/common.ts';
import { principalOf } from '../../plugins/auth.ts';
import { collectChat, streamChat } from './chat-stream.ts';

const chatRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/chat/stream',
    {
      config: { permission: 'chat', limitGroup: 'chatStream' },
      schema: {
        operationId: 'streamChat',
        tags: ['chat'],
        summary: 'Ask a question; the answer streams as Server-Sent Events',
        description: STREAM_DESCRIPTION,
        body: ChatBody,
        security: [{ bearerAuth: [] }],
        response: { 200: StreamResponse, ...errorResponses(400, 401, 403, 404, 429, 502, 503) },
      },
    },
    async (request, reply) => {
      await streamChat(app.ctx, request, reply, principalOf(request), request.body);
    },
  );

  app.post(
    '/chat/message',
    {
      config: { permission: 'chat', idempotent: true },
      schema: {
        operationId: 'sendChatMessage',
        description:
          'Answers the question from the company’s documents (optionally one topic, optionally with web results) and returns the whole answer with its sources and `citationMap` as one JSON. Continues `conversationId` when given, else starts a conversation.',
        tags: ['chat'],
        summary: 'Ask a question; the answer, sources and citations as one JSON',
        body: ChatBody,
        security: [{ bearerAuth: [] }],
        response: { 200: ChatAnswerResponse, ...errorResponses(400, 401, 403, 404, 429, 502, 503) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await collectChat(app.ctx, principalOf(request), request.body),
    }),
  );
};

export default chatRoutes;
