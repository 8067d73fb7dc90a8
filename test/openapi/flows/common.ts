/**
 * What every generated-client flow shares (test/openapi/generators.test.ts): its arguments, the
 * facts it reports, an SSE reader, and the file it uploads. No generated code here; each flow
 * calls its generator's client for the API and uses these only for plumbing.
 */

/** `node flow.mjs <baseUrl> <email> <password>` */
export const [baseUrl = '', email = '', password = ''] = process.argv.slice(2);

/** A small text document: it reaches VECTORIZED in seconds. */
export const NOTES =
  'Refund policy. Customers may return any product within 30 days of purchase for a full refund. ' +
  'Refunds are paid to the original payment method within 5 business days.\n';
export const NOTES_QUESTION = 'Within how many days can a product be returned for a refund?';

/** What a flow saw, printed as one JSON line at the end; the test asserts on it. */
export const seen: Record<string, string | number | boolean | string[] | null> = {};

/** Waits `ms` between polls. */
export const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A fresh idempotency key per logical request (docs/api.md "Safe retries"). */
export const newKey = () => crypto.randomUUID();

/**
 * The `data:` payloads of a Server-Sent Events body, one string per event; comment lines (`: ping`)
 * and other fields are skipped (WHATWG HTML, "Server-sent events", parsing).
 */
export async function* sseData(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true }).replace(/\r\n?/g, '\n');
    for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = block
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).replace(/^ /, ''))
        .join('\n');
      if (data) yield data;
    }
  }
}

/** Records the kinds of a stream's events and its last one. */
export function recordStream(prefix: string, kinds: string[]) {
  seen[`${prefix}Kinds`] = [...new Set(kinds)].sort();
  seen[`${prefix}Last`] = kinds.at(-1) ?? null;
}
