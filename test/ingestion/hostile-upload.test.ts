import t from 'tap';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { MODELS_DIR, TEST_DATABASE_URL } from '../helpers/app.ts';
import { elementBombDocx, zipBombDocx } from '../helpers/bombs.ts';

/** Peak resident memory of a process (VmHWM), bytes. */
const peakRss = (pid: number) =>
  Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024;

async function startServer(
  env: Record<string, string>,
): Promise<{ server: ChildProcess; base: string; output: () => string }> {
  const server = spawn(process.execPath, [resolve('src/server.ts')], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  server.stdout!.on('data', (d) => (output += d));
  server.stderr!.on('data', (d) => (output += d));
  const base = `http://127.0.0.1:${env.PORT}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (i > 1800 || server.exitCode !== null) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { server, base, output: () => output };
}

/**
 * The ingestion issue's attack, against a real server process: a 98 kB DOCX that inflates to
 * 64 MB of `<w:p/>` and a DOCX carrying 256 MB of zeros. Both must end ERROR while /api/health
 * keeps answering fast and the API process stays small; a restart must not pick them up again.
 * The server runs on PostgreSQL (a database made for the test): embedded PGlite alone takes the
 * process to ~0.9–1.3 GB at start (docs/ingestion.md), which would hide what the upload costs.
 */
t.test('element bomb and zip bomb: ERROR, health answers, API memory bounded, restart is calm', async (t) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cograg-hostile-'));
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));
  const database = `cograg_hostile_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${database}`);
  t.teardown(async () => {
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.end();
  });
  // Made before anything is timed: deflating 256 MB blocks this process for seconds.
  const elementBomb = elementBombDocx(64);
  const zipBomb = zipBombDocx(256);
  const env = {
    DATABASE_URL: TEST_DATABASE_URL.replace(/\/[^/]*$/, `/${database}`),
    DATA_DIR: dataDir,
    MODELS_DIR,
    PORT: String(30000 + Math.floor(Math.random() * 20000)),
    LOG_LEVEL: 'warn',
    RATE_LIMIT_ENABLED: 'false',
    JWT_SECRET: 'hostile-upload-test-secret-0123456789',
    ADMIN_EMAIL: 'victim@example.com',
    ADMIN_PASSWORD: 'hostile test password',
    MODELS_SOURCE: 'pypi',
  };
  const first = await startServer(env);
  const output = first.output;
  let { server, base } = first;
  t.teardown(() => server.kill('SIGKILL'));
  const login = (await (
    await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD }),
    })
  ).json()) as { data: { accessToken: string } };
  const headers = { authorization: `Bearer ${login.data.accessToken}` };

  // Health is polled all along; the slowest answer is what the attack costs other users.
  let slowestHealthMs = 0;
  let healthFailures = 0;
  let polling = true;
  const poller = (async () => {
    while (polling) {
      const started = performance.now();
      try {
        if (!(await fetch(`${base}/api/health`)).ok) healthFailures++;
      } catch {
        healthFailures++;
      }
      slowestHealthMs = Math.max(slowestHealthMs, performance.now() - started);
      await new Promise((r) => setTimeout(r, 50));
    }
  })();

  const upload = async (name: string, bytes: Uint8Array) => {
    const form = new FormData();
    form.append('file', new Blob([bytes]), name);
    const res = await fetch(`${base}/api/documents/upload`, { method: 'POST', headers, body: form });
    t.equal(res.status, 201, `${name} accepted for processing`);
    return ((await res.json()) as { data: { id: string } }).data.id;
  };
  t.ok(elementBomb.length < 120_000, `the element bomb is ${elementBomb.length} bytes`);
  const ids = [await upload('report.docx', elementBomb), await upload('quarterly.docx', zipBomb)];
  const statusOf = async (id: string) =>
    (
      (await (await fetch(`${base}/api/documents/${id}`, { headers })).json()) as {
        data: { status: string; error?: string };
      }
    ).data;
  const settled: { status: string; error?: string }[] = [];
  for (const id of ids) {
    for (let i = 0; ; i++) {
      const doc = await statusOf(id);
      if (doc.status === 'ERROR' || doc.status === 'VECTORIZED') {
        settled.push(doc);
        break;
      }
      if (i > 1200) throw new Error(`${id} still ${doc.status}:\n${output()}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  polling = false;
  await poller;
  t.match(
    settled[0],
    { status: 'ERROR', error: /zip bomb|elements/ },
    'the element bomb ends ERROR with a reason',
  );
  t.match(settled[1], { status: 'ERROR', error: /zip bomb/ }, 'the zip bomb ends ERROR with a reason');
  t.equal(healthFailures, 0, 'health never failed');
  // An in-process parse of the element bomb blocks the event loop for tens of seconds (42 s in
  // the issue); 2 s tells that apart even on a 2-core CI machine running two test files at once.
  // The latency figure itself belongs to the benchmarks, not to a timed test.
  t.ok(
    slowestHealthMs < 2000,
    `health answered within 2 s all along (slowest ${slowestHealthMs.toFixed(0)} ms)`,
  );
  const peak = peakRss(server.pid!);
  t.ok(peak < 1024 ** 3, `API process peak RSS ${(peak / 1024 ** 2).toFixed(0)} MB < 1 GB`);
  const chunks = (await (await fetch(`${base}/api/documents?status=VECTORIZED`, { headers })).json()) as {
    data: { pagination: { total: number } };
  };
  t.equal(chunks.data.pagination.total, 0, 'nothing was indexed');

  // Restart on the same data: the hostile documents stay ERROR and the server stays up.
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  ({ server, base } = await startServer(env));
  await new Promise((r) => setTimeout(r, 3000));
  t.equal(server.exitCode, null, 'the restarted server is still running');
  t.equal((await fetch(`${base}/api/health`)).status, 200);
  for (const id of ids) t.equal((await statusOf(id)).status, 'ERROR', `${id} was not picked up again`);
});
