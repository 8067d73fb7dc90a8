import t from 'tap';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { loadConfig } from '../../src/config/index.ts';
import { createContext } from '../../src/context.ts';
import { createCompanyWithAdmin } from '../../src/auth/auth.service.ts';
import { createConnector } from '../../src/connectors/connectors.service.ts';
import { startRun } from '../../src/connectors/jobs.ts';
import { MODELS_DIR, sharedEmbedder, TEST_DATABASE_URL } from '../helpers/app.ts';

const FILES = 1000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * kill -9 during a sync of 1,000 files, then a new worker: the run resumes where its rows say it
 * stopped and ends with the same documents, items and counts as an uninterrupted sync of the same
 * folder (run by another company's connector), with no duplicate or missing document.
 */
t.test('kill -9 mid-sync, restart: same result as an uninterrupted sync', async (t) => {
  const root = mkdtempSync(join(tmpdir(), 'cograg-kill9-'));
  const dataDir = mkdtempSync(join(tmpdir(), 'cograg-kill9-data-'));
  t.teardown(() => [root, dataDir].forEach((d) => rmSync(d, { recursive: true, force: true })));
  const share = join(root, 'share');
  for (let i = 0; i < FILES; i++) {
    const dir = join(share, `d${i % 10}`);
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, `note-${i}.txt`),
      `Note ${i}: shelf ${i * 7} holds the ${i % 13} series binders.`,
    );
  }
  const suffix = randomBytes(6).toString('hex');
  const env = {
    DATABASE_URL: TEST_DATABASE_URL,
    DATA_DIR: dataDir,
    MODELS_DIR,
    JWT_SECRET: 'kill9-test-secret-' + randomBytes(16).toString('hex'),
    CONNECTOR_FOLDER_ROOTS: root,
    CONNECTOR_LEASE_SECONDS: '3',
    QUOTA_MAX_DOCUMENTS: '100000',
    LOG_LEVEL: 'silent',
  };
  const ctx = await createContext(loadConfig(env), {
    embedder: await sharedEmbedder(),
    dbSchema: `t_${suffix}`,
    queueSchema: `pgboss_${suffix}`,
    reranker: null,
  });
  t.teardown(async () => {
    await ctx.close();
    const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await c.connect();
    await c.query(
      `drop schema if exists "t_${suffix}" cascade; drop schema if exists "pgboss_${suffix}" cascade`,
    );
    await c.end();
  });
  const deps = { db: ctx.db, secretKey: ctx.webhookKey, policy: { folderRoots: [root], allowlist: [] } };
  const connectorOf = async (n: number) => {
    const user = await createCompanyWithAdmin(ctx.db, {
      companyName: `Co ${n}`,
      email: `admin${n}-${suffix}@example.com`,
      password: 'correct horse battery staple',
      name: 'Admin',
    });
    return createConnector(deps, user.companyId, user.id, {
      name: 'share',
      kind: 'folder',
      config: { path: share },
    });
  };
  const killed = await connectorOf(1);
  const clean = await connectorOf(2);

  const worker = () => {
    const child = spawn(process.execPath, [resolve('test/connectors/fixtures/sync-child.ts')], {
      env: { ...process.env, ...env, DB_SCHEMA: `t_${suffix}`, QUEUE_SCHEMA: `pgboss_${suffix}` },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    t.teardown(() => void child.kill('SIGKILL'));
    return child;
  };
  const runOf = async (id: string) =>
    ctx.db.selectFrom('connector_runs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  const companyOf = async (id: string) =>
    (
      await ctx.db
        .selectFrom('connectors')
        .select('company_id')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).company_id;
  const begin = async (id: string) =>
    (
      await ctx.db
        .transaction()
        .execute(async (trx) => startRun(trx, ctx.boss, { id, company_id: await companyOf(id) }, 'manual'))
    ).run.id;

  const first = worker();
  const runId = await begin(killed.id);
  for (;;) {
    const run = await runOf(runId);
    if (run.added >= 200 || run.status === 'completed') break;
    await sleep(50);
  }
  first.kill('SIGKILL');
  await new Promise((r) => first.once('exit', r));
  const cut = await runOf(runId);
  t.equal(cut.status, 'running', 'the run was cut off mid-way');
  t.ok(cut.added < FILES, `cut at ${cut.added} of ${FILES}`);

  worker();
  for (;;) {
    const run = await runOf(runId);
    if (run.status === 'completed' || run.status === 'failed') break;
    await sleep(200);
  }
  const cleanRunId = await begin(clean.id);
  for (;;) {
    const run = await runOf(cleanRunId);
    if (run.status === 'completed' || run.status === 'failed') break;
    await sleep(200);
  }
  const resumed = await runOf(runId);
  const uninterrupted = await runOf(cleanRunId);
  const counts = (r: typeof resumed) => ({
    status: r.status,
    listed: r.listed,
    added: r.added,
    updated: r.updated,
    moved: r.moved,
    deleted: r.deleted,
    unchanged: r.unchanged,
    failed: r.failed,
    embedded: r.embedded,
  });
  t.same(counts(uninterrupted), {
    status: 'completed',
    listed: FILES,
    added: FILES,
    updated: 0,
    moved: 0,
    deleted: 0,
    unchanged: 0,
    failed: 0,
    embedded: FILES,
  });
  t.same(counts(resumed), counts(uninterrupted), 'the resumed run counts what an uninterrupted one does');
  const state = async (id: string) => {
    const docs = await ctx.db
      .selectFrom('documents')
      .innerJoin('connector_items', 'connector_items.document_id', 'documents.id')
      .select([
        'connector_items.item_key',
        'documents.name',
        'documents.sha256',
        'documents.status',
        'connector_items.version',
      ])
      .where('documents.connector_id', '=', id)
      .orderBy('connector_items.item_key')
      .execute();
    const total = await ctx.db
      .selectFrom('documents')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('connector_id', '=', id)
      .executeTakeFirstOrThrow();
    return { docs, total: Number(total.n) };
  };
  const a = await state(killed.id);
  const b = await state(clean.id);
  t.equal(a.total, FILES, 'one document per file: no duplicates, none missing');
  t.same(a.docs, b.docs, 'the same documents, items and versions');
  // Each document went into its ingestion queue with it (one transaction): none is left stranded
  // without a job by the kill, so ingestion ends with the same chunks as after a clean run.
  const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await c.connect();
  try {
    const jobs = async (id: string) =>
      (
        await c.query<{ n: number }>(
          `select count(distinct j.data->>'documentId')::int as n from "pgboss_${suffix}".job j
             join "t_${suffix}".documents d on d.id = j.data->>'documentId'
            where j.name = 'ingest-document' and d.connector_id = $1`,
          [id],
        )
      ).rows[0]!.n;
    t.equal(await jobs(killed.id), FILES, 'every document of the resumed run has its ingestion job');
    t.equal(await jobs(clean.id), FILES, 'as every one of the uninterrupted run has');
  } finally {
    await c.end();
  }
});
