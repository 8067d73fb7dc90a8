/** Watching many documents at once, each timed from its own upload (issue 22's figures). */
import type { App } from './ingestion.ts';

/** A document under watch: its id, when it was uploaded (performance.now(), ms), and who owns it. */
export interface Watched {
  name: string;
  id: string;
  uploadedAt: number;
  headers: Record<string, string>;
}

/**
 * What `settleAll` saw of one document: its final detail, ms from its upload to that status, and
 * ms from the first poll that saw it taken by the worker (no longer UPLOADED) to that status.
 */
export interface Settled {
  doc: { status: string; error?: string | null; [k: string]: unknown };
  ms: number;
  handledMs: number;
}

/**
 * Polls every document of `watched` every 100 ms until each is VECTORIZED or ERROR; each one's
 * figure is the ms from its upload to the first poll that saw it final (an upper bound, off by at
 * most one poll round). @throws past `boundMs` (a stuck-document bound, not a speed goal).
 */
export async function settleAll(app: App, watched: Watched[], boundMs = 300_000) {
  const out = new Map<string, Settled>();
  const taken = new Map<string, number>();
  const started = performance.now();
  while (out.size < watched.length) {
    for (const w of watched) {
      if (out.has(w.name)) continue;
      const res = await app.inject({ url: `/api/documents/${w.id}`, headers: w.headers });
      const doc = res.json().data;
      const now = performance.now();
      if (doc.status !== 'UPLOADED' && !taken.has(w.name)) taken.set(w.name, now);
      if (doc.status === 'VECTORIZED' || doc.status === 'ERROR')
        out.set(w.name, {
          doc,
          ms: Math.round(now - w.uploadedAt),
          handledMs: Math.round(now - taken.get(w.name)!),
        });
    }
    if (performance.now() - started > boundMs)
      throw new Error(`still not final: ${watched.filter((w) => !out.has(w.name)).map((w) => w.name)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return out;
}

/**
 * Sends `body` to `url` over real HTTP `perSecond` times a second for `seconds` seconds (the
 * audit's 14 req/s of deep JSON); every status code answered, in order.
 */
export async function flood(url: string, body: string, perSecond: number, seconds: number) {
  const sends: Promise<number>[] = [];
  for (let i = 0; i < perSecond * seconds; i++) {
    sends.push(
      fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body }).then(
        async (r) => (await r.arrayBuffer(), r.status),
      ),
    );
    await new Promise((r) => setTimeout(r, 1000 / perSecond));
  }
  return Promise.all(sends);
}
