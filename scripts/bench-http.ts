/**
 * `npm run bench:http [-- --stores pglite,postgres] [--duration 8] [--connections 16] [--documents DIR]
 * [--exclude NAME,…] [--starts 3] [--routes NAME,…] [--no-chat] [--compare] [--record] [--baseline FILE]`: autocannon
 * against the started app (`node src/server.ts`, rate limits lifted with RATE_LIMIT_ENABLED=false,
 * default logging) and, interleaved before every route, against a bare `node:http` server with a
 * fixed JSON body, on the same Node with the same connections. Prints req/s, p50/p99 latency and
 * the ratio to bare Node for the issue's routes, then the chat stream's time to first token and
 * `GET /api/health`'s latency while the same questions are answered again (what one chat user
 * costs every other request).
 * The ratio routes are measured in `--starts` app processes and the median ratio is shown with
 * every start's. `POST /api/search` runs twice: one repeated question (answered from the answer cache after the
 * first request) and `search new`, a different question per request (retrieval every time).
 * The documents folder is indexed once per store (kept in BENCH_HTTP_DATA_DIR / the
 * `cograg_bench` PostgreSQL database) so later runs start at once. The load average is printed
 * before and after each store: the baseline runs in the same minute, so ratios survive a busy
 * machine better than absolute figures do. `--compare` prints every ratio (and the chat stream's
 * p50) beside the baseline recorded in the repo (scripts/bench/http-baseline.json) and exits 1
 * when one is more than 10 % worse; `--record` writes this run as the new baseline. Each route also
 * prints its CPU per request by process (the app's threads, PostgreSQL's processes, autocannon;
 * bench/cpu-split.ts): where a millisecond goes beyond the app's own event loop.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { startApp, startBare, type Running } from './bench/servers.ts';
import { loadQuestionSet } from './bench/answer-quality.ts';
import { readQueries } from './bench/beir.ts';
import { percentile } from './bench/run-queries.ts';
import { compareWithBaseline, readBaseline, writeBaseline, type Figure } from './bench/baseline.ts';
import { startCpuSplit, type CpuSplit } from './bench/cpu-split.ts';

const { values } = parseArgs({
  options: {
    stores: { type: 'string', default: 'pglite,postgres' },
    duration: { type: 'string', default: '8' },
    connections: { type: 'string', default: '16' },
    /** Folder of format folders to index (default the shared documents folder). */
    documents: { type: 'string', default: '../shared/datasets/documents' },
    /** File names to leave out, comma-separated (e.g. the 872-page DOCX: 20 documents remain). */
    exclude: { type: 'string', default: '' },
    /**
     * App processes the ratio routes (health, auth/me, documents, topics) are measured in, one
     * after another (default 3): on this machine one process's throughput differs from the next's
     * by up to 1.5× for the same code, so one start is one sample. The median is reported.
     */
    starts: { type: 'string', default: '3' },
    /** Print each figure beside the recorded baseline and flag a drop of more than 10 % (exit 1). */
    compare: { type: 'boolean', default: false },
    /** Write this run's figures as the new baseline. */
    record: { type: 'boolean', default: false },
    baseline: { type: 'string', default: 'scripts/bench/http-baseline.json' },
    /** Only the routes whose name contains one of these, comma-separated (e.g. `search new`). */
    routes: { type: 'string', default: '' },
    /** Skip the chat stream's time to first token. */
    'no-chat': { type: 'boolean', default: false },
  },
});
const starts = Math.max(1, Number(values.starts));
const duration = Number(values.duration);
const excluded = new Set(values.exclude.split(',').filter(Boolean));
/** The 1-minute load average, for the record: other jobs on the machine skew every figure. */
const load1 = () => loadavg()[0]!.toFixed(2);
const connections = Number(values.connections);
const EMAIL = 'bench-http@example.com';
const PASSWORD = 'bench http password';
const POSTGRES = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432';
/** The started app's /metrics token: the chat steps' histogram is read from there. */
const METRICS_TOKEN = 'bench-http-metrics';

/** Seconds spent in each chat step so far (cograg_chat_step_duration_seconds_sum by step). */
async function chatStepSums(base: string): Promise<Record<string, number>> {
  const text = await (
    await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
  ).text();
  const sums: Record<string, number> = {};
  for (const m of text.matchAll(/^cograg_chat_step_duration_seconds_sum\{step="(\w+)"\} (\S+)$/gm))
    sums[m[1]!] = Number(m[2]);
  return sums;
}

interface Load {
  reqPerS: number;
  p50: number;
  p99: number;
  errors: number;
  /** CPU per request by process (app, PostgreSQL, autocannon); null off Linux or with no app pid. */
  cpu: CpuSplit | null;
}

interface LoadOptions {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** A new body per request (autocannon's `setupRequest`). */
  bodies?: () => string;
  /** Connections for this route (default `--connections`). */
  connections?: number;
}

async function load(url: string, opts: LoadOptions = {}, appPid?: number): Promise<Load> {
  const { bodies, ...rest } = opts;
  const cpuOf = appPid ? startCpuSplit(appPid) : () => null;
  const result = await autocannon({
    url,
    connections,
    duration,
    ...rest,
    ...(bodies ? { requests: [{ setupRequest: (req: object) => ({ ...req, body: bodies() }) }] } : {}),
  });
  return {
    reqPerS: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    cpu: cpuOf(result.requests.total),
  };
}

/** "app 1.2 + PostgreSQL 3.4 + load 0.5 ms CPU per request", or '' when not measured. */
const cpuText = (cpu: CpuSplit | null) =>
  cpu
    ? `  CPU/req app ${cpu.appMs.toFixed(2)} + PostgreSQL ${cpu.postgresMs.toFixed(2)} + autocannon ${cpu.loadGeneratorMs.toFixed(2)} ms`
    : '';

/** Index of the median of `values` (the lower one of an even count). */
function medianIndex(values: number[]): number {
  const order = values.map((v, i) => [v, i] as const).sort((a, b) => a[0] - b[0]);
  return order[(order.length - 1) >> 1]![1];
}

async function api<T>(base: string, path: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${base}/api${path}`, init);
  const body = (await res.json()) as { data: T };
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
  return body.data;
}

/** Uploads every file of the documents folder not yet there; waits until none is pending. */
async function indexDocuments(base: string, auth: Record<string, string>): Promise<number> {
  const dir = resolve(values.documents);
  const files = readdirSync(dir)
    .flatMap((d) => readdirSync(join(dir, d)).map((f) => join(dir, d, f)))
    .filter((f) => statSync(f).isFile() && !excluded.has(basename(f)));
  const listed = await api<{ items: { name: string; status: string }[] }>(base, '/documents?limit=100', {
    headers: auth,
  });
  const have = new Set(listed.items.map((d) => d.name));
  for (const file of files) {
    if (have.has(basename(file))) continue;
    const form = new FormData();
    form.append('file', new Blob([readFileSync(file)]), basename(file));
    await fetch(`${base}/api/documents/upload`, { method: 'POST', headers: auth, body: form });
  }
  for (;;) {
    const now = await api<{ items: { status: string }[] }>(base, '/documents?limit=100', { headers: auth });
    if (!now.items.some((d) => d.status === 'UPLOADED' || d.status === 'PROCESSING'))
      return now.items.filter((d) => d.status === 'VECTORIZED').length;
    await new Promise((r) => setTimeout(r, 2000));
  }
}

/** Latencies of `GET /api/health`, ms, requested one after another (5 ms apart) while `work` runs. */
async function healthWhile(base: string, work: () => Promise<void>): Promise<number[]> {
  const waits: number[] = [];
  let done = false;
  const poller = (async () => {
    while (!done) {
      const started = performance.now();
      await (await fetch(`${base}/api/health`)).arrayBuffer();
      waits.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, 5));
    }
  })();
  try {
    await work();
  } finally {
    done = true;
    await poller;
  }
  return waits;
}

/** Time to the first `token` event of POST /api/chat/stream, ms. */
async function timeToFirstToken(
  base: string,
  auth: Record<string, string>,
  message: string,
): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${base}/api/chat/stream`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json', accept: 'text/event-stream' },
    body: JSON.stringify({ message }),
  });
  let first = NaN;
  const decoder = new TextDecoder();
  for await (const part of res.body!) {
    if (Number.isNaN(first) && decoder.decode(part as Uint8Array).includes('"type":"token"'))
      first = performance.now() - started;
  }
  return first;
}

async function storeEnv(store: string): Promise<Record<string, string>> {
  const common = {
    RATE_LIMIT_ENABLED: 'false',
    METRICS_TOKEN,
    ADMIN_EMAIL: EMAIL,
    ADMIN_PASSWORD: PASSWORD,
    ADMIN_COMPANY: 'Bench HTTP',
  };
  if (store === 'pglite')
    return { ...common, DATA_DIR: process.env.BENCH_HTTP_DATA_DIR ?? '/tmp/cograg-bench-http-pglite' };
  const admin = new pg.Client({ connectionString: `${POSTGRES}/postgres` });
  await admin.connect();
  const exists = await admin.query(`select 1 from pg_database where datname = 'cograg_bench'`);
  if (exists.rowCount === 0) await admin.query('create database cograg_bench');
  await admin.end();
  return { ...common, DATABASE_URL: `${POSTGRES}/cograg_bench`, DATA_DIR: '/tmp/cograg-bench-http-postgres' };
}

const rows: string[] = [];
const summary: (Figure & Record<string, unknown>)[] = [];
const questions = loadQuestionSet().answerable.map((q) => q.q);
// Distinct search questions, so no answer comes from the per-company answer cache: BEIR SciFact's
// 1,109 claims (real, varied biomedical sentences), then again with their cycle number appended.
const claims = [...readQueries(resolve('../shared/datasets/beir/scifact')).values()].map((q) => q.text);
let claimIndex = 0;
const distinctQuery = () => {
  const i = claimIndex++;
  const cycle = Math.floor(i / claims.length);
  return JSON.stringify({ query: claims[i % claims.length] + (cycle ? ` ${cycle}` : '') });
};
for (const store of values.stores.split(',')) {
  const app: Running = await startApp(await storeEnv(store));
  const bare = await startBare();
  try {
    const login = await api<{ accessToken: string }>(app.base, '/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
    });
    const auth = { authorization: `Bearer ${login.accessToken}` };
    const documents = await indexDocuments(app.base, auth);
    rows.push(`${store.padEnd(8)} load average at start ${load1()}`);
    const key = await api<{ key: string }>(app.base, '/api-keys', {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ name: `bench ${Date.now()}`, allDocuments: true }),
    });
    const allRoutes: { name: string; path: string; opts?: LoadOptions; everyStart?: boolean }[] = [
      { name: 'GET /api/health', path: '/api/health', everyStart: true },
      { name: 'GET /api/auth/me', path: '/api/auth/me', opts: { headers: auth }, everyStart: true },
      { name: 'GET /api/documents', path: '/api/documents', opts: { headers: auth }, everyStart: true },
      {
        name: 'GET /api/public/topics',
        path: '/api/public/topics',
        everyStart: true,
        opts: { headers: { 'x-api-key': key.key } },
      },
      {
        name: 'POST /api/search',
        path: '/api/search',
        opts: {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify({ query: 'comment deadline for the 737 MAX directive' }),
        },
      },
      {
        name: 'POST /api/search new',
        path: '/api/search',
        opts: {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          bodies: distinctQuery,
        },
      },
      {
        // One client: the service time of a search, without queueing behind 15 others.
        name: 'POST /api/search new 1c',
        path: '/api/search',
        opts: {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          bodies: distinctQuery,
          connections: 1,
        },
      },
    ];
    const only = values.routes.split(',').filter(Boolean);
    const routes = allRoutes.filter((r) => only.length === 0 || only.some((o) => r.name.includes(o)));
    const samples = new Map<string, { measured: Load; baseline: Load }[]>();
    const measure = async (base: string, route: (typeof routes)[number], pid?: number) => {
      const baseline = await load(`${bare.base}/`);
      const measured = await load(`${base}${route.path}`, route.opts, pid);
      samples.set(route.name, [...(samples.get(route.name) ?? []), { measured, baseline }]);
    };
    for (const route of routes) await measure(app.base, route, app.child.pid);
    // Further processes for the ratio routes; the same data, tokens and key (sessions are stored).
    for (let start = 1; start < starts; start++) {
      const again = await startApp(await storeEnv(store));
      try {
        for (const route of routes.filter((r) => r.everyStart))
          await measure(again.base, route, again.child.pid);
      } finally {
        await again.stop();
      }
    }
    for (const route of routes) {
      const runs = samples.get(route.name)!;
      const ratios = runs.map((r) => r.measured.reqPerS / r.baseline.reqPerS);
      const { measured, baseline } = runs[medianIndex(ratios)]!;
      const ratio = measured.reqPerS / baseline.reqPerS;
      const spread =
        runs.length > 1 ? `  (${runs.length} starts: ${ratios.map((r) => r.toFixed(3)).join(', ')})` : '';
      rows.push(
        `${store.padEnd(8)} ${route.name.padEnd(24)} ${measured.reqPerS.toFixed(0).padStart(7)} req/s  p50 ${String(measured.p50).padStart(4)} ms  p99 ${String(measured.p99).padStart(5)} ms  errors ${measured.errors}  bare ${baseline.reqPerS.toFixed(0).padStart(6)} req/s  ratio ${ratio.toFixed(3)}×${spread}${cpuText(measured.cpu)}`,
      );
      summary.push({
        store,
        route: route.name,
        reqPerS: Math.round(measured.reqPerS),
        p50: measured.p50,
        p99: measured.p99,
        bareReqPerS: Math.round(baseline.reqPerS),
        ratio: +ratio.toFixed(3),
        ...(measured.cpu ? { cpuMs: measured.cpu } : {}),
        ...(runs.length > 1 ? { ratios: ratios.map((r) => +r.toFixed(3)) } : {}),
      });
    }
    if (!values['no-chat']) {
      await timeToFirstToken(app.base, auth, 'warm-up');
      const ttft: number[] = [];
      // The answerer's own read (its time to a first fragment), per question from /metrics: the
      // request path's share of the first token is the rest.
      const answererMs: number[] = [];
      for (const q of questions) {
        const before = await chatStepSums(app.base);
        ttft.push(await timeToFirstToken(app.base, auth, q));
        const after = await chatStepSums(app.base);
        answererMs.push(((after.first_fragment ?? 0) - (before.first_fragment ?? 0)) * 1000);
      }
      const pathMs = ttft.map((t, i) => t - answererMs[i]!);
      rows.push(
        `${store.padEnd(8)} chat/stream TTFT (extractive, ${documents} documents, ${questions.length} questions)  p50 ${percentile(ttft, 50).toFixed(0)} ms  p95 ${percentile(ttft, 95).toFixed(0)} ms`,
        `${store.padEnd(8)}   of which the answerer's read  p50 ${percentile(answererMs, 50).toFixed(0)} ms; the rest (request path)  p50 ${percentile(pathMs, 50).toFixed(0)} ms  p95 ${percentile(pathMs, 95).toFixed(0)} ms`,
      );
      summary.push({
        store,
        route: 'chat/stream TTFT',
        documents,
        p50: +percentile(ttft, 50).toFixed(1),
        p95: +percentile(ttft, 95).toFixed(1),
        answererP50: +percentile(answererMs, 50).toFixed(1),
        pathP50: +percentile(pathMs, 50).toFixed(1),
      });
      // What one chat user costs everyone else: /api/health polled while the same questions are
      // answered again (a model run on the event loop shows here as hundreds of ms).
      const waits = await healthWhile(app.base, async () => {
        for (const q of questions) await timeToFirstToken(app.base, auth, `${q} (again)`);
      });
      rows.push(
        `${store.padEnd(8)} GET /api/health while the chat answers (${waits.length} requests)  p50 ${percentile(waits, 50).toFixed(1)} ms  p95 ${percentile(waits, 95).toFixed(1)} ms  p99 ${percentile(waits, 99).toFixed(1)} ms  max ${Math.max(...waits).toFixed(1)} ms`,
      );
      summary.push({
        store,
        route: 'health while chatting',
        requests: waits.length,
        p95: +percentile(waits, 95).toFixed(1),
        p99: +percentile(waits, 99).toFixed(1),
        max: +Math.max(...waits).toFixed(1),
      });
    }
    rows.push(`${store.padEnd(8)} load average at end ${load1()}`);
  } finally {
    await bare.stop();
    await app.stop();
  }
}
console.log(
  `autocannon: ${connections} connections, ${duration} s per run; bare node:http run before every route; ratio routes in ${starts} app starts, the median shown`,
);
console.log(rows.join('\n'));
console.log(JSON.stringify(summary));
if (values.compare) {
  const { flagged, lines } = compareWithBaseline(summary, readBaseline(values.baseline));
  console.log(`\nagainst the baseline in ${values.baseline}:\n${lines.join('\n')}`);
  if (flagged > 0) {
    console.log(`${flagged} figure(s) more than 10 % worse than the baseline`);
    process.exitCode = 1;
  }
}
if (values.record) {
  writeBaseline(values.baseline, summary, { connections, duration, starts, load: load1() });
  console.log(`baseline written to ${values.baseline}`);
}
