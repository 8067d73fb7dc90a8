import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type OpenAiHandler = (
  req: IncomingMessage,
  body: Record<string, unknown>,
  res: ServerResponse,
) => void;

/** A local server on OpenAI's Chat Completions wire format; records each request's path, headers, body. */
export async function fakeOpenAiServer(t: { teardown: (fn: () => unknown) => void }, handler: OpenAiHandler) {
  const requests: { url: string; authorization?: string; body: Record<string, unknown> }[] = [];
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (d) => (raw += d));
    req.on('end', () => {
      const body = raw ? JSON.parse(raw) : {};
      requests.push({ url: req.url!, authorization: req.headers.authorization, body });
      handler(req, body, res);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  t.teardown(() => server.close());
  return { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, requests };
}

/** One `chat.completion.chunk` SSE event carrying `delta` (OpenAI's streaming format). */
export const completionChunk = (delta: object, finish: string | null = null) =>
  `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;

/** Streams `pieces` as `chat.completion.chunk` events, then `data: [DONE]`. */
export function streamChunks(res: ServerResponse, pieces: string[]) {
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  res.write(completionChunk({ role: 'assistant', content: '' }));
  for (const content of pieces) res.write(completionChunk({ content }));
  res.write(completionChunk({}, 'stop'));
  res.end('data: [DONE]\n\n');
}

/** The last user message of a Chat Completions request: the sources block and the question. */
export const lastUserMessage = (body: Record<string, unknown>) =>
  (body.messages as { content: string }[]).at(-1)!.content;
