/**
 * `npm run bench:ingest-wait [-- --file PATH] [--store pglite|postgres] [--probe list|document]`: how long API reads wait
 * while a large document is ingested. Starts the app (`node src/server.ts`, API and worker in one
 * process, fresh DATA_DIR), then one client requests `GET /api/documents` back to back — idle for
 * `--idle` seconds, then from the upload of the file (default the 872-page DOCX of the documents
 * folder) until `--tail` seconds after it is VECTORIZED (the worker's index maintenance) — and prints p50, p99 and the worst latency of each phase, ms.
 * On PGlite every query shares one connection with the worker, so the worst wait is the longest
 * write transaction the ingestion holds.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { startApp } from './bench/servers.ts';
import { percentile } from './bench/run-queries.ts';

const { values } = parseArgs({
  options: {
    file: { type: 'string', default: resolve('../shared/datasets/documents/docx/handbook-872p.docx') },
    store: { type: 'string', default: 'pglite' },
    idle: { type: 'string', default: '5' },
    tail: { type: 'string', default: '10' },
    probe: { type: 'string', default: 'list' },
  },
});
const EMAIL = 'bench-wait@example.com';
const PASSWORD = 'bench wait password';
const dataDir = mkdtempSync(join(tmpdir(), 'cograg-bench-wait-'));
const app = await startApp({
  RATE_LIMIT_ENABLED: 'false',
  ADMIN_EMAIL: EMAIL,
  ADMIN_PASSWORD: PASSWORD,
  ADMIN_COMPANY: 'Bench wait',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  ...(values.store === 'postgres'
    ? { DATABASE_URL: process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test' }
    : {}),
});
try {
  const login = await fetch(`${app.base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  });
  const auth = {
    authorization: `Bearer ${((await login.json()) as { data: { accessToken: string } }).data.accessToken}`,
  };

  /**
   * One read; its latency in ms and the status of `id` when given. `--probe list` (default):
   * GET /api/documents, which the per-company list cache answers between status changes;
   * `--probe document`: GET /api/documents/{id}, a database read every time (before the upload,
   * an id that does not exist: a 404 after the same lookup).
   */
  async function probe(id?: string): Promise<{ ms: number; status?: string }> {
    const started = performance.now();
    if (values.probe === 'document') {
      const res = await fetch(`${app.base}/api/documents/${id ?? 'doc_0000000000000000000000000a'}`, {
        headers: auth,
      });
      const body = (await res.json()) as { data?: { status: string } };
      return { ms: performance.now() - started, status: body.data?.status };
    }
    const res = await fetch(`${app.base}/api/documents?limit=100`, { headers: auth });
    const body = (await res.json()) as { data: { items: { id: string; status: string }[] } };
    const ms = performance.now() - started;
    return { ms, status: body.data.items.find((d) => d.id === id)?.status };
  }

  const idle: number[] = [];
  const idleUntil = performance.now() + Number(values.idle) * 1000;
  while (performance.now() < idleUntil) idle.push((await probe()).ms);

  const form = new FormData();
  form.append('file', new Blob([readFileSync(values.file)]), basename(values.file));
  const started = performance.now();
  const upload = await fetch(`${app.base}/api/documents/upload`, {
    method: 'POST',
    headers: auth,
    body: form,
  });
  const id = ((await upload.json()) as { data: { id: string } }).data.id;
  const busy: number[] = [];
  /** Each probe's start, seconds after the upload, and the status it saw: where the slow ones fall. */
  const timeline: { at: number; ms: number; status: string }[] = [];
  let status: string | undefined = 'UPLOADED';
  while (status === 'UPLOADED' || status === 'PROCESSING') {
    const at = (performance.now() - started) / 1000;
    const p = await probe(id);
    busy.push(p.ms);
    status = p.status;
    timeline.push({ at, ms: p.ms, status: status ?? '?' });
  }
  const ingestS = (performance.now() - started) / 1000;
  // The worker's index maintenance after a burst (VACUUM on PGlite, 5 s after the last job) too.
  const tailUntil = performance.now() + Number(values.tail) * 1000;
  while (performance.now() < tailUntil) {
    const at = (performance.now() - started) / 1000;
    const p = await probe(id);
    busy.push(p.ms);
    timeline.push({ at, ms: p.ms, status: 'after' });
  }
  // The 100th percentile, not Math.max(...xs): a fast server answers over 100,000 probes, more
  // arguments than a call takes.
  const worstOf = (xs: number[]) => percentile(xs, 100);
  const line = (name: string, xs: number[]) =>
    `${name.padEnd(22)} requests ${String(xs.length).padStart(6)}  p50 ${percentile(xs, 50).toFixed(1).padStart(7)} ms  p99 ${percentile(xs, 99).toFixed(1).padStart(7)} ms  worst ${worstOf(xs).toFixed(1).padStart(8)} ms`;
  console.log(`${values.store}: ${basename(values.file)} → ${status} in ${ingestS.toFixed(1)} s`);
  console.log(line('idle', idle));
  console.log(line('during ingestion', busy));
  const slowest = [...timeline].sort((a, b) => b.ms - a.ms).slice(0, 10);
  console.log(
    `slowest: ${slowest.map((p) => `+${p.at.toFixed(1)} s ${p.ms.toFixed(0)} ms (${p.status})`).join(', ')}`,
  );
  console.log(
    JSON.stringify({
      store: values.store,
      file: basename(values.file),
      status,
      ingestS: +ingestS.toFixed(1),
      idle: { p50: +percentile(idle, 50).toFixed(1), worst: +worstOf(idle).toFixed(1) },
      busy: {
        requests: busy.length,
        p50: +percentile(busy, 50).toFixed(1),
        p99: +percentile(busy, 99).toFixed(1),
        worst: +worstOf(busy).toFixed(1),
      },
    }),
  );
} finally {
  await app.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
