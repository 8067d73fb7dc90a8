/**
 * `npm run bench:memory -- [--store pglite|postgres] [--role all|api] [--document FILE]`
 *
 * The server's resident memory, started as `npm start` starts it (`node src/server.ts`, a fresh
 * data folder or database), read from `/proc/<pid>/status` (VmRSS now, VmHWM the peak so far, MB)
 * at each step a new installation goes through: ready, one document ingested, one search, one chat
 * answer. Each model session, worker thread and cache shows up where it is first loaded. Baseline
 * in the same run: the VmRSS of a bare `node` process that imports nothing.
 * Prints a table and, as its last line, one JSON object.
 * Linux only (/proc). Figures: docs/benchmarks.md "Memory".
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startApp } from './bench/servers.ts';

const { values } = parseArgs({
  options: {
    store: { type: 'string', default: 'pglite' },
    role: { type: 'string', default: 'all' },
    document: { type: 'string', default: '../shared/datasets/documents/md/' },
    postgres: {
      type: 'string',
      default: process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432',
    },
  },
});
const EMAIL = 'memory@bench.example';
const PASSWORD = 'memory bench password';

/** VmRSS and VmHWM of `pid`, MB. */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)![1]);
  return { rss: Math.round(kb('VmRSS') / 1024), peak: Math.round(kb('VmHWM') / 1024) };
}

/** The first Markdown file of a folder, or the file given. */
function documentFile(path: string): string {
  if (!path.endsWith('/')) return resolve(path);
  const first = readdirSync(path)
    .sort()
    .find((f) => f.endsWith('.md'));
  if (!first) throw new Error(`no Markdown file in ${path}`);
  return resolve(path, first);
}

async function api<T>(base: string, path: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${base}/api${path}`, init);
  const body = (await res.json()) as { data: T };
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
  return body.data;
}

const dataDir = mkdtempSync(join(tmpdir(), 'cograg-bench-memory-'));
const env: Record<string, string> = {
  DATA_DIR: dataDir,
  ROLE: values.role,
  RATE_LIMIT_ENABLED: 'false',
  LOG_LEVEL: 'warn',
  ADMIN_EMAIL: EMAIL,
  ADMIN_PASSWORD: PASSWORD,
  ADMIN_COMPANY: 'Bench memory',
};
const database = `cograg_bench_memory_${process.pid}`;
if (values.store === 'postgres') {
  const admin = new pg.Client({ connectionString: `${values.postgres}/postgres` });
  await admin.connect();
  await admin.query(`create database ${database}`);
  await admin.end();
  env.DATABASE_URL = `${values.postgres}/${database}`;
}
const bare = JSON.parse(
  execFileSync(process.execPath, ['-e', 'console.log(JSON.stringify(process.memoryUsage().rss))']).toString(),
) as number;

const steps: { step: string; rss: number; peak: number }[] = [];
const app = await startApp(env);
const pid = app.child.pid!;
const note = (step: string) => steps.push({ step, ...memoryOf(pid) });
try {
  await new Promise((r) => setTimeout(r, 2000)); // what the start leaves behind settles
  note('ready');
  const login = await api<{ accessToken: string }>(app.base, '/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  });
  const auth = { authorization: `Bearer ${login.accessToken}` };
  const file = documentFile(values.document);
  const form = new FormData();
  form.append('file', new Blob([readFileSync(file)]), basename(file));
  const uploaded = await api<{ id: string }>(app.base, '/documents/upload', {
    method: 'POST',
    headers: auth,
    body: form,
  });
  if (values.role === 'all') {
    for (;;) {
      const doc = await api<{ status: string }>(app.base, `/documents/${uploaded.id}`, { headers: auth });
      if (doc.status === 'VECTORIZED' || doc.status === 'ERROR') break;
      await new Promise((r) => setTimeout(r, 500));
    }
    note(`one document ingested (${basename(file)})`);
  }
  const json = { ...auth, 'content-type': 'application/json' };
  await api(app.base, '/search', {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ query: 'What is it about?' }),
  });
  note('one search');
  await api(app.base, '/chat/message', {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ message: 'What is this document about?' }),
  });
  note('one chat answer');
} finally {
  await app.stop();
  rmSync(dataDir, { recursive: true, force: true });
  if (values.store === 'postgres') {
    const admin = new pg.Client({ connectionString: `${values.postgres}/postgres` });
    await admin.connect();
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.end();
  }
}
console.log(
  `server (${values.store}, ROLE=${values.role}) resident memory, MB; bare node ${Math.round(bare / 2 ** 20)} MB`,
);
for (const s of steps)
  console.log(`  ${s.step.padEnd(48)} now ${String(s.rss).padStart(5)}  peak ${String(s.peak).padStart(5)}`);
console.log(
  JSON.stringify({ store: values.store, role: values.role, bareMb: Math.round(bare / 2 ** 20), steps }),
);
