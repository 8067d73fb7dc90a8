import t from 'tap';
import { sql } from 'kysely';
import pg from 'pg';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { buildTestApp, MODELS_DIR, signUp, TEST_DATABASE_URL } from '../helpers/app.ts';
import { freePort, startServer, waitFor } from '../helpers/server-process.ts';
import { finished, healthProbe, longText, until, upload, type App } from '../helpers/ingestion.ts';
import { loadConfig } from '../../src/config/index.ts';
import { ingestionOutcomes } from '../../src/metrics/registry.ts';

type Ctx = Awaited<ReturnType<typeof buildTestApp>>['ctx'];

/** Chunk rows a document has now (PROCESSING ones included: the API shows none of them). */
async function chunkRows(ctx: Ctx, documentId: string): Promise<number> {
  const row = await ctx.db
    .selectFrom('chunks')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('document_id', '=', documentId)
    .executeTakeFirstOrThrow();
  return row.n;
}

/** Polls `check` every 200 ms until it holds; the ms it took. @throws after `limitMs`. */
async function eventually(what: string, check: () => Promise<boolean>, limitMs = 60_000) {
  const started = performance.now();
  while (!(await check())) {
    if (performance.now() - started > limitMs) throw new Error(`${what}: not within ${limitMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return Math.round(performance.now() - started);
}

/** Jobs that ended handing their slot over, so far in this process. */
async function yielded(): Promise<number> {
  const { values } = await ingestionOutcomes.get();
  return values.find((v) => v.labels.outcome === 'yielded')?.value ?? 0;
}

const status = async (app: App, headers: Record<string, string>, id: string) =>
  (await app.inject({ url: `/api/documents/${id}`, headers })).json().data.status as string;

t.test('defaults: 5 s slices, 10,000 chunks a document', async (t) => {
  const config = loadConfig({});
  t.equal(config.ingestSliceMs, 5000);
  t.equal(config.ingestMaxChunks, 10_000);
});

/** A fresh PostgreSQL database with pgvector, dropped at teardown; its URL. */
async function freshDatabase(t: { teardown: (fn: () => unknown) => void }): Promise<string> {
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  const name = `cograg_slices_${randomBytes(4).toString('hex')}`;
  await admin.query(`create database ${name}`);
  t.teardown(async () => {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  const setup = new pg.Client({ connectionString: url.toString() });
  await setup.connect();
  await setup.query('create extension if not exists vector');
  await setup.end();
  return url.toString();
}

t.test(
  "a long document hands the worker to another company's note, goes on after it, and a delete stops it",
  async (t) => {
    // The deployed topology: the API (here, in this process) and a worker process (ROLE=worker,
    // INGEST_CONCURRENCY 1, default slices) on one PostgreSQL and one DATA_DIR.
    const databaseUrl = await freshDatabase(t);
    const dataDir = mkdtempSync(join(tmpdir(), 'cograg-slices-'));
    t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));
    const jwtSecret = randomBytes(32).toString('hex');
    const { app, ctx } = await buildTestApp(t, {
      dataDir,
      env: { DATABASE_URL: databaseUrl, JWT_SECRET: jwtSecret },
    });
    const workerPort = await freePort();
    const metricsToken = randomBytes(16).toString('hex');
    startServer(t, {
      ROLE: 'worker',
      WORKER_PORT: String(workerPort),
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      MODELS_DIR,
      JWT_SECRET: jwtSecret,
      METRICS_TOKEN: metricsToken,
      EMBED_THREADS: '1',
      // One slot (the default is 2 since issue 36): the note can only get in by a hand-over.
      INGEST_CONCURRENCY: '1',
      LOG_LEVEL: 'warn',
    });
    t.ok(await waitFor(`http://127.0.0.1:${workerPort}/ready`), 'the worker is ready');
    /** Jobs the worker ended by handing their slot over, from its /metrics. */
    const handOvers = async () => {
      const res = await fetch(`http://127.0.0.1:${workerPort}/metrics`, {
        headers: { authorization: `Bearer ${metricsToken}` },
      });
      return Number(
        /cograg_ingestion_jobs_total\{outcome="yielded"\} (\d+)/.exec(await res.text())?.[1] ?? 0,
      );
    };

    const owner = await signUp(app);
    const other = await signUp(app);
    const bytes = longText(400_000); // made before the probe starts: it is this process's CPU
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const probe = healthProbe(base);
    const long = await upload(app, owner.headers, 'long.txt', bytes);
    await eventually(
      'the long document is being embedded',
      async () => (await chunkRows(ctx, long)) > 0,
      120_000,
    );

    const note = await upload(
      app,
      other.headers,
      'note.txt',
      Buffer.from('The ferry leaves at 07:40 from pier 4.'),
    );
    const served = await until(app, other.headers, note, finished);
    t.equal(served.doc.status, 'VECTORIZED');
    t.ok(served.ms <= 30_000, `the other company's note was VECTORIZED in ${served.ms} ms`);
    t.equal(
      await status(app, owner.headers, long),
      'PROCESSING',
      'while the long document is still in progress',
    );
    t.ok((await handOvers()) >= 1, 'the long document handed its slot over');

    const written = await chunkRows(ctx, long);
    const resumedMs = await eventually(
      'the long document goes on',
      async () => (await chunkRows(ctx, long)) > written,
    );
    t.pass(`it went on from chunk ${written} within ${resumedMs} ms`);
    const duplicates = await ctx.db
      .selectFrom('chunks')
      .select('chunk_index')
      .where('document_id', '=', long)
      .groupBy('chunk_index')
      .having(sql`count(*)`, '>', 1)
      .execute();
    t.equal(duplicates.length, 0, 'no chunk written twice across slices');

    const deletedAt = performance.now();
    const del = await app.inject({ method: 'DELETE', url: `/api/documents/${long}`, headers: owner.headers });
    t.equal(del.statusCode, 200);
    const next = await upload(app, other.headers, 'next.txt', Buffer.from('Crane 3 is out of service.'));
    await until(app, other.headers, next, (s) => s !== 'UPLOADED');
    const freedMs = Math.round(performance.now() - deletedAt);
    t.ok(freedMs <= 5000, `the worker took the next document ${freedMs} ms after the delete`);
    t.equal((await until(app, other.headers, next, finished)).doc.status, 'VECTORIZED');
    t.equal(await chunkRows(ctx, long), 0, 'nothing of the deleted document is left');
    const worst = await probe.stop();
    // The goal is 200 ms (issue 22); the API and the worker share this test's 2 cores with the
    // other test files, so the bound here allows for the machine and the figure is printed.
    t.ok(worst <= 500, `/api/health answered in ${worst} ms at worst, whatever the worker did`);
  },
);

t.test('slices write the chunks one slice would: same texts, in order, none twice', async (t) => {
  const { app, ctx } = await buildTestApp(t, { worker: true, env: { INGEST_SLICE_SECONDS: '1' } });
  const a = await signUp(app);
  const b = await signUp(app);
  const yieldsBefore = await yielded();
  const sliced = await upload(app, a.headers, 'a.txt', longText(30_000));
  await eventually('a is being embedded', async () => (await chunkRows(ctx, sliced)) > 0);
  const other = await upload(app, b.headers, 'b.txt', longText(30_000));
  for (const [who, id] of [
    [a, sliced],
    [b, other],
  ] as const)
    t.equal((await until(app, who.headers, id, finished)).doc.status, 'VECTORIZED');
  t.ok((await yielded()) > yieldsBefore, `${(await yielded()) - yieldsBefore} hand-overs between the two`);
  // The same text again with nobody waiting: one slice.
  const whole = await upload(app, b.headers, 'c.txt', longText(30_000));
  t.equal((await until(app, b.headers, whole, finished)).doc.status, 'VECTORIZED');
  const texts = async (id: string) =>
    (
      await ctx.db
        .selectFrom('chunks')
        .select(['chunk_index', 'text'])
        .where('document_id', '=', id)
        .orderBy('chunk_index')
        .execute()
    ).map((c) => `${c.chunk_index}:${c.text}`);
  const one = await texts(whole);
  t.ok(one.length > 64, `${one.length} chunks: more than one embedding group`);
  t.same(await texts(sliced), one, 'the sliced document has exactly the chunks of the whole one');
  const doc = (await app.inject({ url: `/api/documents/${sliced}`, headers: a.headers })).json().data;
  t.equal(doc.chunkCount, one.length);
});

t.test(
  'the embedding budget: more chunks than INGEST_MAX_CHUNKS ends ERROR before any is embedded',
  async (t) => {
    const { app, ctx } = await buildTestApp(t, { worker: true, env: { INGEST_MAX_CHUNKS: '20' } });
    const { headers } = await signUp(app);
    const id = await upload(app, headers, 'long.txt', longText(20_000));
    const { doc, ms } = await until(app, headers, id, finished);
    t.equal(doc.status, 'ERROR');
    t.match(doc.error, /makes more than 20 chunks to embed; at most 20 are accepted \(INGEST_MAX_CHUNKS\)/);
    t.ok(ms < 10_000, `refused in ${ms} ms`);
    t.equal(await chunkRows(ctx, id), 0, 'no partial chunks');
  },
);
