import { createParser } from 'eventsource-parser';
import { sendWithAuth, type Schemas } from '../api.ts';
import { reportNetworkError } from '../connection.ts';

export type Source = Schemas['Source'];
export type CitationMap = Schemas['CitationMap'];

/** How a streamed answer ended. */
export type StreamEnd =
  | { kind: 'done'; messageId: string; conversationId: string; citationMap: CitationMap }
  | { kind: 'stopped' }
  | { kind: 'error'; message: string; offline: boolean };

/**
 * POST /api/chat/stream and reads its SSE events: tokens and sources as they come, then how it
 * ended. `signal` stops it (Stop button); a request or stream that breaks at the network level is
 * an error with `offline` set (the caller offers Retry with the same question).
 */
export async function streamChat(
  body: { message: string; conversationId?: string; topicId?: string },
  signal: AbortSignal,
  on: { token: (text: string) => void; sources: (sources: Source[]) => void },
): Promise<StreamEnd> {
  let end: StreamEnd | null = null;
  try {
    const res = await sendWithAuth(
      () =>
        new Request('/api/chat/stream', {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
          body: JSON.stringify(body),
          signal,
        }),
    );
    if (!res.ok || !res.body) {
      const err = (await res.json().catch(() => undefined)) as { error?: { message?: string } } | undefined;
      return { kind: 'error', message: err?.error?.message ?? `HTTP ${res.status}`, offline: false };
    }
    const parser = createParser({
      onEvent: (ev) => {
        const event = JSON.parse(ev.data) as Schemas['ChatStreamEvent'];
        if (event.type === 'token') on.token(event.content);
        else if (event.type === 'sources') on.sources(event.sources);
        else if (event.type === 'done')
          end = {
            kind: 'done',
            messageId: event.messageId,
            conversationId: event.conversationId,
            citationMap: event.citationMap,
          };
        else if (event.type === 'error')
          end = { kind: 'error', message: event.error.message, offline: false };
      },
    });
    const decoder = new TextDecoder();
    const reader = res.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.feed(decoder.decode(value, { stream: true }));
    }
  } catch (err) {
    if ((err as Error)?.name === 'AbortError') return { kind: 'stopped' };
    reportNetworkError();
    return { kind: 'error', message: '', offline: true };
  }
  if (end) return end;
  // A stream that ends without `done` or `error` was cut (the server went away).
  reportNetworkError();
  return { kind: 'error', message: '', offline: true };
}
