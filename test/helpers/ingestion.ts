/** Helpers of the ingestion tests that watch a running worker over HTTP (issue 22). */
import type { buildTestApp } from './app.ts';
import { multipartBody } from './multipart.ts';

export type App = Awaited<ReturnType<typeof buildTestApp>>['app'];

/**
 * Polls `/api/health` over real HTTP every 100 ms; `stop()` gives the slowest answer, ms, and
 * `slow` lists the answers over 200 ms as [ms since the probe started, ms taken]. `samples` keeps
 * every answer as [ms since the probe started, ms taken]; `summary(from, to)` prints the worst,
 * p50 and p95 of those started in that window (ms since the probe started; all by default).
 */
export function healthProbe(base: string) {
  let worst = 0;
  let running = true;
  const origin = performance.now();
  const slow: [number, number][] = [];
  const samples: [number, number][] = [];
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      const res = await fetch(`${base}/api/health`);
      await res.arrayBuffer();
      const took = performance.now() - started;
      samples.push([Math.round(started - origin), Math.round(took)]);
      if (took > 200) slow.push([Math.round(started - origin), Math.round(took)]);
      worst = Math.max(worst, took);
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  return {
    slow,
    samples,
    /** Now, as ms since the probe started (for `summary`'s window). */
    now: () => performance.now() - origin,
    summary(from = 0, to = Infinity) {
      const took = samples
        .filter(([at]) => at >= from && at <= to)
        .map(([, ms]) => ms)
        .sort((a, b) => a - b);
      const at = (q: number) => took[Math.min(took.length - 1, Math.floor(q * took.length))] ?? 0;
      return `${took.length} answers, worst ${took.at(-1) ?? 0} ms, p50 ${at(0.5)} ms, p95 ${at(0.95)} ms`;
    },
    stop: async () => {
      running = false;
      await loop;
      return Math.round(worst);
    },
  };
}

/** Uploads one file as `headers`' user; the new document's id. @throws unless 201. */
export async function upload(app: App, headers: Record<string, string>, filename: string, bytes: Uint8Array) {
  const body = multipartBody({}, { filename, bytes });
  const res = await app.inject({
    method: 'POST',
    url: '/api/documents/upload',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
  if (res.statusCode !== 201) throw new Error(`${filename}: ${res.statusCode} ${res.body}`);
  return res.json().data.id as string;
}

/** Polls a document until `done(status)`; its detail and the ms it took. */
export async function until(
  app: App,
  headers: Record<string, string>,
  id: string,
  done: (s: string) => boolean,
) {
  const started = performance.now();
  for (;;) {
    const res = await app.inject({ url: `/api/documents/${id}`, headers });
    const data = res.statusCode === 404 ? { status: 'GONE' } : res.json().data;
    if (done(data.status)) return { doc: data, ms: Math.round(performance.now() - started) };
    // A bound for a stuck document, not a speed goal: a loaded 2-core CI machine embeds slowly.
    if (performance.now() - started > 300_000) throw new Error(`${id} still ${data.status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
/** Whether a status is final. */
export const finished = (s: string) => s === 'VECTORIZED' || s === 'ERROR';

/** `words` words of distinct-enough prose (a seeded generator): thousands of chunks to embed. */
export function longText(words: number): Uint8Array {
  const vocabulary =
    'harbour pier crane ferry timetable inspection cargo berth tide pilot customs warehouse manifest'.split(
      ' ',
    );
  let seed = 7;
  const out: string[] = [];
  for (let i = 0; i < words; i++) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    out.push(`${vocabulary[seed % vocabulary.length]}${seed % 97}`);
    if (i % 15 === 14) out.push('.\n');
  }
  return new Uint8Array(Buffer.from(out.join(' ')));
}
