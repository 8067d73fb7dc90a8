import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Principal } from '../auth/principal.ts';
import type { AppContext } from '../context.ts';
import { answerStream, openConversation, type ChatEvent, type ChatRequest } from '../chat/chat.service.ts';
import { LlmUnavailableError } from '../chat/llm/provider.ts';
import { serviceUnavailable } from '../lib/errors.ts';

const HEARTBEAT_MS = 15_000;

const chatDeps = (ctx: AppContext) => ({
  db: ctx.db,
  embedder: ctx.embedder,
  vectorEnabled: ctx.database.vectorEnabled,
  llm: ctx.llm,
});

/**
 * Streams a chat answer as SSE `data: <JSON>` lines (spec "Streaming rules"). Everything that
 * can be refused (validation, conversation lookup) is checked before the first byte, so it
 * still answers with a status code; later failures become an `error` event. The stream stops
 * generating when the client goes away.
 */
export async function streamChat(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  principal: Principal,
  body: ChatRequest,
): Promise<void> {
  const conversation = await openConversation(ctx.db, principal, body);
  const abort = new AbortController();
  reply.raw.on('close', () => abort.abort());
  reply.hijack();
  reply.raw.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  const write = (event: ChatEvent) => {
    if (!reply.raw.destroyed) reply.raw.write(`data: ${JSON.stringify(event)}\n\n`);
  };
  const heartbeat = setInterval(() => !reply.raw.destroyed && reply.raw.write(': ping\n\n'), HEARTBEAT_MS);
  try {
    for await (const event of answerStream(chatDeps(ctx), principal, body, conversation, abort.signal)) {
      if (abort.signal.aborted) break;
      write(event);
    }
  } catch (err) {
    const unavailable = err instanceof LlmUnavailableError;
    request.log.error({ err }, 'chat stream failed');
    write({
      type: 'error',
      error: unavailable
        ? { code: 'SERVICE_UNAVAILABLE', message: 'The language model is not available' }
        : { code: 'INTERNAL_ERROR', message: 'Internal server error' },
    });
  } finally {
    clearInterval(heartbeat);
    reply.raw.end();
  }
}

/**
 * Answers as one JSON: the same events collected. A model that cannot be reached is a 503.
 */
export async function collectChat(ctx: AppContext, principal: Principal, body: ChatRequest) {
  const conversation = await openConversation(ctx.db, principal, body);
  let answer = '';
  let sources: Extract<ChatEvent, { type: 'sources' }>['sources'] = [];
  let done: Extract<ChatEvent, { type: 'done' }> | null = null;
  try {
    for await (const event of answerStream(
      chatDeps(ctx),
      principal,
      body,
      conversation,
      new AbortController().signal,
    )) {
      if (event.type === 'token') answer += event.content;
      else if (event.type === 'sources') sources = event.sources;
      else if (event.type === 'done') done = event;
    }
  } catch (err) {
    if (err instanceof LlmUnavailableError) throw serviceUnavailable('The language model is not available');
    throw err;
  }
  return {
    answer,
    sources,
    citationMap: done?.citationMap ?? {},
    conversationId: conversation.conversationId,
    messageId: done?.messageId ?? '',
  };
}
