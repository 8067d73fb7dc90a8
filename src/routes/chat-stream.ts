import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Principal } from '../auth/principal.ts';
import { chatDepsOf, type AppContext } from '../context.ts';
import { answerStream, openConversation, type ChatEvent, type ChatRequest } from '../chat/chat.service.ts';
import { LlmBusyError, LlmUnavailableError } from '../chat/llm/provider.ts';
import { AppError, serviceUnavailable } from '../lib/errors.ts';
import { WEB_SOURCES_PER_ANSWER } from '../chat/web-sources.ts';
import { webSearch } from './web-search.ts';
import { sessionKeyOf } from '../chat/widget-sessions.ts';
import { originalLinkKeyOf, withOriginalUrls } from '../documents/original-links.ts';
import { sseFirstToken } from '../metrics/registry.ts';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../db/unavailable.ts';

/** The `error` event of a stream cut by a lost database, or by this replica shutting down. */
const DATABASE_LOST = {
  code: 'SERVICE_UNAVAILABLE',
  message: 'The database is unavailable; ask again shortly',
  retryAfter: DATABASE_RETRY_AFTER_SECONDS,
};
const SHUTTING_DOWN = {
  code: 'SERVICE_UNAVAILABLE',
  message: 'This server is restarting; ask again',
  retryAfter: 1,
};

const HEARTBEAT_MS = 15_000;
const BUSY_MESSAGE = 'The language model is busy with other answers; try again shortly';

/** Web results for a chat that asks for them, fetched before anything is written (503/502 stay status codes). */
async function webResultsFor(ctx: AppContext, body: { message: string; webSearch?: boolean }) {
  if (!body.webSearch) return undefined;
  // A blank question has nothing to search the web for: no web sources (as no documents match it).
  if (!body.message.trim()) return [];
  return (await webSearch(ctx, { query: body.message, limit: WEB_SOURCES_PER_ANSWER })).items;
}

/** How a stream's events become SSE text: the spec's `data: <ChatEvent>` lines by default. */
export interface StreamEncoder {
  /** The SSE text of one event ('' sends nothing). */
  event(event: ChatEvent): string;
  /** Written once the answer is complete, unless an `error` event ended the stream. */
  end?: string;
}

const CHAT_EVENTS: StreamEncoder = { event: (event) => `data: ${JSON.stringify(event)}\n\n` };

/**
 * Streams a chat answer as SSE `data: <JSON>` lines (spec "Streaming rules"), or in `encoder`'s
 * format (the OpenAI-compatible route's chunks). Everything that
 * can be refused (validation, conversation lookup) is checked before the first byte, so it
 * still answers with a status code; later failures become an `error` event. The stream stops
 * generating when the client goes away.
 */
export async function streamChat(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  principal: Principal,
  body: ChatRequest & { webSearch?: boolean },
  encoder: StreamEncoder = CHAT_EVENTS,
): Promise<void> {
  const webResults = await webResultsFor(ctx, body);
  const conversation = await openConversation(ctx.db, principal, body, sessionKeyOf(ctx.jwtSecret));
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
  // Node holds written headers until the first body byte, and a generated answer is held back
  // until it is grounded (grounding.ts): without this, a client would wait for the stream to open
  // as long as the model takes to ground its answer, and could not tell an accepted question
  // from a stalled connection.
  reply.raw.flushHeaders();
  let failed = false;
  const linkKey = originalLinkKeyOf(ctx.jwtSecret);
  const write = (event: ChatEvent) => {
    if (event.type === 'error') failed = true;
    const text = encoder.event(
      event.type === 'sources'
        ? { ...event, sources: withOriginalUrls(linkKey, principal, event.sources) }
        : event,
    );
    if (text && !reply.raw.destroyed && !reply.raw.writableEnded) reply.raw.write(text);
  };
  // A drain that ends before the answer does (src/server.ts) closes it with an `error` event.
  const untrack = ctx.lifecycle.trackStream(() => {
    write({ type: 'error', error: SHUTTING_DOWN });
    reply.raw.end();
    abort.abort();
  });
  const heartbeat = setInterval(() => !reply.raw.destroyed && reply.raw.write(': ping\n\n'), HEARTBEAT_MS);
  let firstToken = true;
  try {
    for await (const event of answerStream(
      chatDepsOf(ctx),
      principal,
      { ...body, webResults },
      conversation,
      abort.signal,
    )) {
      if (abort.signal.aborted) break;
      if (firstToken && event.type === 'token') {
        firstToken = false;
        sseFirstToken.observe({ route: request.routeOptions.url ?? '' }, reply.elapsedTime / 1000);
      }
      write(event);
    }
  } catch (err) {
    const unavailable = err instanceof LlmUnavailableError;
    request.log.error({ err }, 'chat stream failed');
    write({
      type: 'error',
      error:
        err instanceof LlmBusyError
          ? { code: 'SERVICE_UNAVAILABLE', message: BUSY_MESSAGE, retryAfter: err.retryAfterSeconds }
          : unavailable
            ? { code: 'SERVICE_UNAVAILABLE', message: 'The language model is not available' }
            : isDatabaseUnavailable(err)
              ? DATABASE_LOST
              : { code: 'INTERNAL_ERROR', message: 'Internal server error' },
    });
  } finally {
    clearInterval(heartbeat);
    untrack();
    if (!reply.raw.writableEnded) reply.raw.end(failed || abort.signal.aborted ? undefined : encoder.end);
  }
}

/**
 * Answers as one JSON: the same events collected. A model that cannot be reached is a 503.
 */
export async function collectChat(
  ctx: AppContext,
  principal: Principal,
  body: ChatRequest & { webSearch?: boolean },
) {
  const webResults = await webResultsFor(ctx, body);
  const conversation = await openConversation(ctx.db, principal, body, sessionKeyOf(ctx.jwtSecret));
  let answer = '';
  let sources: Extract<ChatEvent, { type: 'sources' }>['sources'] = [];
  let done: Extract<ChatEvent, { type: 'done' }> | null = null;
  try {
    for await (const event of answerStream(
      chatDepsOf(ctx),
      principal,
      { ...body, webResults },
      conversation,
      new AbortController().signal,
    )) {
      if (event.type === 'token') answer += event.content;
      else if (event.type === 'sources')
        sources = withOriginalUrls(originalLinkKeyOf(ctx.jwtSecret), principal, event.sources);
      else if (event.type === 'done') done = event;
    }
  } catch (err) {
    if (err instanceof LlmBusyError) {
      throw new AppError(503, 'SERVICE_UNAVAILABLE', BUSY_MESSAGE, {
        extra: { retryAfter: err.retryAfterSeconds },
      });
    }
    if (err instanceof LlmUnavailableError) throw serviceUnavailable('The language model is not available');
    throw err;
  }
  return {
    answer,
    sources,
    citationMap: done?.citationMap ?? {},
    conversationId: conversation.conversationId,
    messageId: done?.messageId ?? '',
    ...(conversation.sessionId ? { sessionId: conversation.sessionId } : {}),
  };
}
