import { readEvents } from './sse.ts';
import { apiHeaders } from './api.ts';
import type { Options } from './options.ts';
import type { SourceItem } from './store.ts';

/** What a streamed answer reports, in the spec's order: `token`* → `sources` → `done`. */
export interface AnswerEvents {
  /** The response is open: the question was accepted. */
  opened(): void;
  token(text: string): void;
  sources(sources: SourceItem[]): void;
  done(sessionId: string | undefined, messageId: string | undefined): void;
}

/**
 * Asks `question` on POST /api/public/chat/stream and reports its events.
 * @returns the refused Response (a status other than 2xx: messageFor words it), `'failed'` when the
 *   stream sent an `error` event, or `'ok'`
 * @throws when the request fails or `signal` aborts it (the visitor's Stop): the caller tells them apart
 */
export async function streamAnswer(
  o: Options,
  question: string,
  sessionId: string | undefined,
  signal: AbortSignal,
  on: AnswerEvents,
): Promise<Response | 'failed' | 'ok'> {
  const res = await fetch(`${o.apiBase}/public/chat/stream`, {
    method: 'POST',
    headers: { ...(await apiHeaders(o)), Accept: 'text/event-stream' },
    body: JSON.stringify({
      message: question,
      ...(sessionId ? { sessionId } : {}),
      ...(o.topicId ? { topicId: o.topicId } : {}),
    }),
    credentials: 'omit',
    signal,
  });
  if (!res.ok || !res.body) return res;
  on.opened();
  let outcome: 'failed' | 'ok' = 'ok';
  await readEvents(res.body, (data) => {
    let e: {
      type?: string;
      content?: string;
      sources?: SourceItem[];
      sessionId?: string;
      messageId?: string;
    };
    try {
      e = JSON.parse(data);
    } catch {
      return;
    }
    if (e.type === 'token' && typeof e.content === 'string') on.token(e.content);
    else if (e.type === 'sources' && Array.isArray(e.sources)) on.sources(e.sources);
    else if (e.type === 'done')
      on.done(
        typeof e.sessionId === 'string' ? e.sessionId : undefined,
        typeof e.messageId === 'string' ? e.messageId : undefined,
      );
    else if (e.type === 'error') outcome = 'failed';
  });
  return outcome;
}
