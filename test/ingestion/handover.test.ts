import t from 'tap';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildTestApp, signUp, TEST_DATABASE_URL } from '../helpers/app.ts';
import { finished, longText, upload } from '../helpers/ingestion.ts';
import { ingestDepsOf } from '../../src/context.ts';
import { startIngestionWorker } from '../../src/ingestion/worker.ts';
import { queuedContinuations } from '../../src/ingestion/slices.ts';
import { nestedDivsHtml } from '../fixtures/hostile/slow-bombs.ts';

/**
 * Issue 36: a worker told to stop hands its in-flight slice over — the attempt stops (the parse
 * child killed, embedding at its next group) and its continuation is queued for another worker at
 * once, the chunks written so far kept — instead of leaving the job active until its heartbeat
 * lapses and the queue retries it after a back-off. Two contexts (own pools and queue clients, as
 * two processes) on one PostgreSQL database: worker one is stopped mid-embedding, worker two
 * finishes the same attempt; then worker two is stopped mid-parse and hands that over too.
 */
t.test('a stopping worker hands its slice over to another at once', async (t) => {
  const suffix = randomBytes(6).toString('hex');
  const schemas = { dbSchema: `t_ho_${suffix}`, queueSchema: `pgboss_ho_${suffix}` };
  const dataDir = mkdtempSync(join(tmpdir(), 'cograg-ho-'));
  const one = await buildTestApp(t, { postgres: true, overrides: schemas, dataDir });
  const two = await buildTestApp(t, { postgres: true, overrides: schemas, dataDir });
  t.teardown(async () => {
    rmSync(dataDir, { recursive: true, force: true });
    const pg = (await import('pg')).default;
    const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await client.connect();
    await client.query(
      `drop schema if exists "${schemas.dbSchema}" cascade; drop schema if exists "${schemas.queueSchema}" cascade`,
    );
    await client.end();
  });
  const db = one.ctx.db;
  const owner = await signUp(one.app);
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const docOf = (id: string) =>
    db
      .selectFrom('documents')
      .select(['status', 'attempts', 'error'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const chunksOf = async (id: string) =>
    db
      .selectFrom('chunks')
      .select(['chunk_index'])
      .where('document_id', '=', id)
      .execute()
      .then((rows) => rows.map((r) => r.chunk_index));
  const start = (app: typeof one) =>
    startIngestionWorker(app.ctx.boss, ingestDepsOf(app.ctx), { concurrency: 1, log: app.app.log });

  // Mid-embedding: ~110 chunks, stopped once a few groups are written.
  const long = await upload(one.app, owner.headers, 'long.txt', longText(12_000));
  const first = await start(one);
  let written: number[] = [];
  for (let i = 0; i < 1_200 && written.length < 32; i++) {
    await sleep(50);
    written = await chunksOf(long);
  }
  t.ok(written.length >= 32, `worker one wrote ${written.length} chunks before the stop`);
  const before = await docOf(long);
  const stopAt = performance.now();
  // The hand-over waits for the embedding group in progress: on a busy CI machine a group can
  // outlast the default 2 s, and then the job is only retried later (the path this test is not about).
  await first.stop(0, 20_000);
  const stopMs = Math.round(performance.now() - stopAt);
  const queued = await queuedContinuations(one.ctx.boss);
  const kept = await chunksOf(long);
  t.comment(`stop took ${stopMs} ms; ${kept.length} chunks kept; queued: ${JSON.stringify(queued)}`);
  t.ok(
    queued.some((job) => job.documentId === long && job.attempt === before.attempts),
    'its continuation is queued at once, same attempt',
  );
  t.match(await docOf(long), { status: 'PROCESSING', attempts: before.attempts }, 'the attempt is not spent');

  const second = await start(two);
  t.teardown(() => second.stop(0));
  const resumedAt = performance.now();
  let doc = await docOf(long);
  while (!finished(doc.status) && performance.now() - resumedAt < 300_000) {
    await sleep(100);
    doc = await docOf(long);
  }
  const all = await chunksOf(long);
  t.comment(`worker two finished it ${Math.round(performance.now() - resumedAt)} ms after it started`);
  t.match(doc, { status: 'VECTORIZED', attempts: before.attempts }, 'worker two ended the same attempt');
  t.equal(new Set(all).size, all.length, 'no chunk written twice');
  t.same(
    [...all].sort((a, b) => a - b),
    all.map((_, i) => i),
    `every chunk once (${all.length})`,
  );
  t.ok(
    kept.every((i) => all.includes(i)),
    "worker one's chunks kept",
  );

  // Mid-parse: a page whose parse takes seconds, stopped while its parser child runs.
  const slow = await upload(one.app, owner.headers, 'nested.html', nestedDivsHtml(5));
  let parsing = await docOf(slow);
  for (let i = 0; i < 600 && parsing.status !== 'PROCESSING'; i++) {
    await sleep(50);
    parsing = await docOf(slow);
  }
  t.equal(parsing.status, 'PROCESSING', 'worker two took the page');
  await sleep(500);
  const parseStop = performance.now();
  await second.stop(0);
  t.comment(`stop during the parse took ${Math.round(performance.now() - parseStop)} ms`);
  t.ok(
    (await queuedContinuations(two.ctx.boss)).some(
      (job) => job.documentId === slow && job.attempt === parsing.attempts,
    ),
    "the page's continuation is queued at once",
  );
  t.match(await docOf(slow), { status: 'PROCESSING', attempts: parsing.attempts });
  t.equal((await chunksOf(slow)).length, 0, 'nothing written by the cut-off parse');
});
