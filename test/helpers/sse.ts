import { createParser } from 'eventsource-parser';

/** Parses an SSE body into its JSON `data:` events, in order; comments are skipped. */
export function parseSse(body: string): Record<string, unknown>[] {
  const events: Record<string, unknown>[] = [];
  const parser = createParser({ onEvent: (e) => events.push(JSON.parse(e.data)) });
  parser.feed(body);
  return events;
}

/** Reads a fetch() SSE response to the end and parses it. */
export async function readSse(res: Response): Promise<Record<string, unknown>[]> {
  return parseSse(await res.text());
}
