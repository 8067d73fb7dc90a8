/**
 * `npm run bench:sync [-- --files 10000] [--pages 2000] [--idle 5] [--progress 1000]`: connector sync throughput
 * (docs/connectors.md "Benchmark"). Starts the app (`node src/server.ts`: API, ingestion and
 * connector workers in one process, fresh DATA_DIR, PGlite), then for a generated folder of
 * `--files` text files and a generated local site of `--pages` linked pages (sitemap, 127.0.0.1):
 * the first sync's items/s listed-and-stored and ingested (VECTORIZED), an unchanged re-sync's
 * time beside the first's, and the API's p50/p99 (GET /api/documents/{id}, a database read each
 * time, one client back to back) idle and during the first sync, in the same run. With
 * `--wait-ingest false` the first sync is not waited for past its run (ingestion goes on behind
 * the measurements): what 10,000 files cost to list and store when embedding them would take hours;
 * ingestion's rate is then timed over `--ingest-window` seconds (default 60) after each re-sync,
 * with the API probed meanwhile. The load average is printed with each source's figures.
 * `--progress N` prints, during each sync, the rate of every further N items listed and stored
 * (whether it falls as the company's documents grow).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startApp } from './bench/servers.ts';
import { percentile } from './bench/run-queries.ts';

const { values } = parseArgs({
  options: {
    files: { type: 'string', default: '10000' },
    pages: { type: 'string', default: '2000' },
    idle: { type: 'string', default: '5' },
    'wait-ingest': { type: 'string', default: 'true' },
    'ingest-window': { type: 'string', default: '60' },
    progress: { type: 'string', default: '0' },
  },
});
const FILES = Number(values.files);
const PAGES = Number(values.pages);
/** `--wait-ingest false`: time the syncs alone (ingestion still runs behind them), for large sets. */
const WAIT_INGEST = values['wait-ingest'] !== 'false';
/** With `--wait-ingest false`: seconds of ingestion (behind the syncs) timed after each re-sync. */
const INGEST_WINDOW_S = Number(values['ingest-window']);
/** `--progress N`: during a first sync, the rate of each further N items listed and stored (0: none). */
const PROGRESS = Number(values.progress);
const EMAIL = 'bench-sync@example.com';
const PASSWORD = 'bench sync password';
const work = mkdtempSync(join(tmpdir(), 'cograg-bench-sync-'));
const folder = join(work, 'roots', 'share');
for (let i = 0; i < FILES; i++) {
  const dir = join(folder, `d${i % 100}`);
  if (i < 100) mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, `note-${i}.txt`),
    `Note ${i}: shelf ${i * 7} holds the binders of series ${i % 97}.`,
  );
}
const page = (i: number) => {
  const links = [1, 2, 3].map((k) => i * 3 + k).filter((j) => j < PAGES);
  return `<!doctype html><html><head><title>Page ${i}</title></head><body><article><h1>Page ${i}</h1><p>Page ${i} describes procedure ${i % 89} of the harbour office in a few sentences of text.</p>${links.map((j) => `<a href="/p/${j}">page ${j}</a>`).join(' ')}</article></body></html>`;
};
const site = createServer((req, res) => {
  const path = req.url ?? '/';
  if (path === '/robots.txt')
    return void res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\n');
  if (path === '/sitemap.xml')
    return void res
      .writeHead(200, { 'content-type': 'application/xml' })
      .end(`<urlset><url><loc>http://127.0.0.1:${port}/p/0</loc></url></urlset>`);
  const i = Number(path.split('/').pop());
  if (!path.startsWith('/p/') || !(i >= 0 && i < PAGES)) return void res.writeHead(404).end();
  const etag = `"p${i}"`;
  if (req.headers['if-none-match'] === etag) return void res.writeHead(304, { etag }).end();
  res.writeHead(200, { 'content-type': 'text/html', etag }).end(page(i));
});
await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
const port = (site.address() as AddressInfo).port;

const app = await startApp({
  RATE_LIMIT_ENABLED: 'false',
  ADMIN_EMAIL: EMAIL,
  ADMIN_PASSWORD: PASSWORD,
  ADMIN_COMPANY: 'Bench sync',
  DATA_DIR: join(work, 'data'),
  LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
  CONNECTOR_FOLDER_ROOTS: join(work, 'roots'),
  CONNECTOR_ALLOWLIST: '127.0.0.1',
  CONNECTOR_POLL_SECONDS: '1',
  QUOTA_MAX_DOCUMENTS: String(FILES + PAGES + 100),
});
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
try {
  const login = await fetch(`${app.base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  });
  const token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const api = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${app.base}${path}`, {
      method,
      headers: body ? headers : { authorization: headers.authorization },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const json = (await res.json()) as { error?: unknown };
    if (json.error) throw new Error(`${method} ${path}: ${JSON.stringify(json.error)}`);
    return json as { data: Record<string, unknown> & { items?: Record<string, unknown>[] } };
  };
  /** One probe: a document read that hits the database (404 before any exists), ms. */
  const probe = async () => {
    const t0 = performance.now();
    await fetch(`${app.base}/api/documents/doc_0000000000000000000000000a`, { headers });
    return performance.now() - t0;
  };
  const sample = async (until: () => boolean) => {
    const out: number[] = [];
    while (!until()) out.push(await probe());
    return out;
  };
  const ms = (v: number) => `${v.toFixed(1)} ms`;
  // Two seconds of probes first, not counted: the JIT and the pool warm up.
  const warmEnd = Date.now() + 2000;
  await sample(() => Date.now() > warmEnd);
  const idleEnd = Date.now() + Number(values.idle) * 1000;
  const idle = await sample(() => Date.now() > idleEnd);

  const pendingDocs = async () => {
    let n = 0;
    for (const status of ['UPLOADED', 'PROCESSING'])
      n += Number(
        ((await api('GET', `/api/documents?status=${status}&limit=1`)).data.pagination as { total: number })
          .total,
      );
    return n;
  };
  const sync = async (connectorId: string) => {
    const started = performance.now();
    const run = (await api('POST', `/api/connectors/${connectorId}/sync`)).data;
    if (!run?.id) throw new Error(`sync: ${JSON.stringify(run)}`);
    let doneRun: Record<string, unknown> | undefined;
    let mark = { at: started, listed: 0 };
    for (;;) {
      const runs = (await api('GET', `/api/connectors/${connectorId}/runs?limit=1`)).data.items!;
      doneRun = runs.find((r) => r.id === run.id && (r.status === 'completed' || r.status === 'failed'));
      if (doneRun) break;
      const now = runs.find((r) => r.id === run.id);
      const listed = Number(now?.listed ?? 0);
      if (PROGRESS > 0 && listed - mark.listed >= PROGRESS) {
        const t = performance.now();
        console.log(
          `  … ${listed} listed+stored at ${((t - started) / 1000).toFixed(1)} s: ` +
            `${((listed - mark.listed) / ((t - mark.at) / 1000)).toFixed(1)} items/s over the last ${listed - mark.listed}`,
        );
        mark = { at: t, listed };
      }
      await sleep(100);
    }
    const synced = performance.now() - started;
    if (WAIT_INGEST) while ((await pendingDocs()) > 0) await sleep(250);
    return { run: doneRun, syncedMs: synced, ingestedMs: performance.now() - started };
  };
  const measure = async (name: string, kind: string, config: object, items: number) => {
    const c = (
      await api('POST', '/api/connectors', {
        name,
        kind,
        config,
        limits: { maxItems: items + 10, maxDepth: 20 },
      })
    ).data;
    if (!c?.id) throw new Error(`create ${name}: ${JSON.stringify(c)}`);
    let running = true;
    const during = sample(() => !running).catch(() => [] as number[]);
    const first = await sync(String(c.id));
    running = false;
    const busy = await during;
    const again = await sync(String(c.id));
    // Without waiting for ingestion: its rate over a window, with the API probed meanwhile.
    let ingest: { rate: number; done: number; probes: number[] } | null = null;
    if (!WAIT_INGEST && INGEST_WINDOW_S > 0) {
      const vectorized = async () =>
        Number(
          (
            (await api('GET', `/api/documents?status=VECTORIZED&limit=1`)).data.pagination as {
              total: number;
            }
          ).total,
        );
      const v0 = await vectorized();
      const t0 = performance.now();
      const end = Date.now() + INGEST_WINDOW_S * 1000;
      const probes = await sample(() => Date.now() > end);
      const v1 = await vectorized();
      ingest = { rate: (v1 - v0) / ((performance.now() - t0) / 1000), done: v1, probes };
    }
    const r = first.run!;
    console.log(`\n${name}: ${items} items (run ${r.status}: added ${r.added}, failed ${r.failed})`);
    console.log(
      `  first sync: listed+stored ${(items / (first.syncedMs / 1000)).toFixed(1)} items/s (${(first.syncedMs / 1000).toFixed(1)} s)` +
        (WAIT_INGEST
          ? `, ingested ${(items / (first.ingestedMs / 1000)).toFixed(1)} items/s (${(first.ingestedMs / 1000).toFixed(1)} s)`
          : ' (ingestion not waited for: --wait-ingest false)'),
    );
    console.log(
      `  unchanged re-sync: ${(again.syncedMs / 1000).toFixed(2)} s = ` +
        (WAIT_INGEST
          ? `${((100 * again.syncedMs) / first.ingestedMs).toFixed(2)} % of the first (sync + ingestion), `
          : '') +
        `${((100 * again.syncedMs) / first.syncedMs).toFixed(1)} % of the first sync's run alone; unchanged ${again.run!.unchanged}, embedded ${again.run!.embedded}`,
    );
    // The server's own clock: queued → started (the worker's pick-up) and started → finished.
    const span = (run: Record<string, unknown>) => ({
      queuedMs: Date.parse(String(run.startedAt)) - Date.parse(String(run.createdAt)),
      runMs: Date.parse(String(run.finishedAt)) - Date.parse(String(run.startedAt)),
    });
    const [a, b] = [span(first.run!), span(again.run!)];
    console.log(
      `  by the runs' timestamps: first ran ${(a.runMs / 1000).toFixed(2)} s, re-sync ran ${(b.runMs / 1000).toFixed(2)} s = ` +
        `${((100 * b.runMs) / a.runMs).toFixed(1)} %; queued before starting ${a.queuedMs} ms / ${b.queuedMs} ms`,
    );
    console.log(
      `  API p50/p99 idle ${ms(percentile(idle, 50))} / ${ms(percentile(idle, 99))} (n=${idle.length}); during the first sync ${ms(percentile(busy, 50))} / ${ms(percentile(busy, 99))} (n=${busy.length})`,
    );
    if (ingest)
      console.log(
        `  ingestion behind the syncs: ${ingest.rate.toFixed(2)} documents/s VECTORIZED over ${INGEST_WINDOW_S} s (${ingest.done} of all documents so far); ` +
          `API p50/p99 meanwhile ${ms(percentile(ingest.probes, 50))} / ${ms(percentile(ingest.probes, 99))} (n=${ingest.probes.length})`,
      );
    console.log(
      `  load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} (1/5/15 min, at the end)`,
    );
  };
  console.log(
    `bench:sync --files ${FILES} --pages ${PAGES} (node ${process.version}, PGlite, API + workers in one process; load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')})`,
  );
  if (FILES > 0) await measure('folder', 'folder', { path: folder }, FILES);
  if (PAGES > 0) await measure('site', 'web', { sitemapUrl: `http://127.0.0.1:${port}/sitemap.xml` }, PAGES);
} catch (err) {
  console.error(`failed: ${(err as Error).message}`);
  throw err;
} finally {
  await app.stop();
  site.close();
  rmSync(work, { recursive: true, force: true });
}
