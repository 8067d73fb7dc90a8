import t from 'tap';
import { randomBytes } from 'node:crypto';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import type { DB } from '../../src/db/schema.ts';
import { migrationProvider } from '../../src/db/migrations/index.ts';
import { companyUsage } from '../../src/documents/quotas.ts';
import { newId } from '../../src/lib/ids.ts';
import { buildTestApp, signUp, TEST_DATABASE_URL } from '../helpers/app.ts';
import { multipartBody, waitForDocument } from '../helpers/multipart.ts';

/**
 * `company_usage` (migration 0050): what a company holds, kept by triggers on `documents`, read by
 * the quota check and the fair-queue rank instead of counting the company's documents each time.
 */

type App = Awaited<ReturnType<typeof buildTestApp>>['app'];

const note = (i: number) => Buffer.from(`Note ${i}: the archive of series ${i} moved to shelf ${i * 3}.`);

async function upload(app: App, headers: Record<string, string>, name: string, bytes: Buffer) {
  const body = multipartBody({}, { filename: name, bytes });
  return app.inject({
    method: 'POST',
    url: '/api/documents/upload',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

/** The same figures counted from the documents themselves. */
async function counted(db: Kysely<DB>, companyId: string) {
  const row = await db
    .selectFrom('documents')
    .select([
      sql<number>`count(*)::int`.as('documents'),
      sql<string>`coalesce(sum(size_bytes), 0)::bigint`.as('bytes'),
      sql<number>`count(*) filter (where status in ('UPLOADED', 'PROCESSING'))::int`.as('pending'),
    ])
    .where('company_id', '=', companyId)
    .executeTakeFirstOrThrow();
  return { documents: row.documents, storageBytes: Number(row.bytes), pending: row.pending };
}

t.test('the counters follow uploads, ingestion, edits and deletes (PostgreSQL)', async (t) => {
  const { app, ctx } = await buildTestApp(t, { postgres: true, worker: true });
  const { headers, user } = await signUp(app);
  const other = await signUp(app);
  const same = async (what: string) =>
    t.same(await companyUsage(ctx.db, user.companyId), await counted(ctx.db, user.companyId), what);

  t.same(await companyUsage(ctx.db, user.companyId), { documents: 0, storageBytes: 0, pending: 0 });
  const ids: string[] = [];
  for (let i = 0; i < 3; i++) ids.push((await upload(app, headers, `n${i}.txt`, note(i))).json().data.id);
  await upload(app, other.headers, 'other.txt', note(9));
  const afterUploads = await companyUsage(ctx.db, user.companyId);
  t.equal(afterUploads.documents, 3);
  t.ok(afterUploads.pending >= 1 && afterUploads.pending <= 3, 'waiting documents counted');
  await same('after three uploads');
  for (const id of ids) await waitForDocument(app, headers, id);
  await same('after ingestion: none pending');
  t.equal((await companyUsage(ctx.db, user.companyId)).pending, 0);

  // A connector's replaced document: new size, back to UPLOADED (src/connectors/documents.ts).
  await ctx.db
    .updateTable('documents')
    .set({ size_bytes: sql`size_bytes + 1000`, status: 'UPLOADED' })
    .where('id', '=', ids[0]!)
    .execute();
  await same('after a document grew and waits again');
  await ctx.db.updateTable('documents').set({ status: 'PROCESSING' }).where('id', '=', ids[0]!).execute();
  await same('UPLOADED → PROCESSING');
  await ctx.db.updateTable('documents').set({ status: 'ERROR' }).where('id', '=', ids[0]!).execute();
  await same('PROCESSING → ERROR');

  const del = await app.inject({ method: 'DELETE', url: `/api/documents/${ids[1]}`, headers });
  t.equal(del.statusCode, 200);
  await same('after a delete');
  t.equal((await companyUsage(ctx.db, user.companyId)).documents, 2);
  t.same(await companyUsage(ctx.db, other.user.companyId), await counted(ctx.db, other.user.companyId));

  // A company deleted with its documents takes its row along (no trigger error on the cascade).
  await ctx.db.deleteFrom('companies').where('id', '=', other.user.companyId).execute();
  t.equal(
    (
      await ctx.db
        .selectFrom('company_usage')
        .selectAll()
        .where('company_id', '=', other.user.companyId)
        .execute()
    ).length,
    0,
  );
});

t.test('concurrent uploads cannot both take the last place (PostgreSQL)', async (t) => {
  const { app, ctx } = await buildTestApp(t, { postgres: true, env: { QUOTA_MAX_DOCUMENTS: '3' } });
  const { headers, user } = await signUp(app);
  // Ten uploads at once, each on its own connection: the quota's row lock orders them.
  const answers = await Promise.all(
    Array.from({ length: 10 }, (_, i) => upload(app, headers, `c${i}.txt`, note(i))),
  );
  const codes = answers.map((a) => a.statusCode).sort();
  t.same(codes, [201, 201, 201, 409, 409, 409, 409, 409, 409, 409], 'three accepted, seven refused');
  t.equal((await counted(ctx.db, user.companyId)).documents, 3, 'and three documents exist');
  t.same(await companyUsage(ctx.db, user.companyId), await counted(ctx.db, user.companyId));
});

t.test('the migration fills the counters from the documents already there', async (t) => {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`create schema "${schema}"`);
  const pool = new pg.Pool({
    connectionString: TEST_DATABASE_URL,
    options: `-c search_path=${schema},public`,
  });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  t.teardown(async () => {
    await db.destroy();
    await admin.query(`drop schema if exists "${schema}" cascade`);
    await admin.end();
  });
  const migrator = new Migrator({ db, provider: migrationProvider, migrationTableSchema: schema });
  const before = await migrator.migrateTo('0040_documents_waiting_index');
  t.error(before.error);
  const companies = [newId('comp'), newId('comp')];
  for (const id of companies)
    await db.insertInto('companies').values({ id, name: id, settings: '{}' }).execute();
  let i = 0;
  for (const [company, status, size] of [
    [companies[0], 'VECTORIZED', 100],
    [companies[0], 'UPLOADED', 20],
    [companies[0], 'PROCESSING', 3],
    [companies[1], 'ERROR', 7],
  ] as const) {
    await db
      .insertInto('documents')
      .values({
        id: newId('doc'),
        company_id: company!,
        name: `d${i++}`,
        format: 'txt',
        mime_type: 'text/plain',
        size_bytes: size,
        sha256: 'x'.repeat(64),
        storage_key: 'k',
        status,
        metadata: '{}',
      })
      .execute();
  }
  const after = await migrator.migrateToLatest();
  t.error(after.error);
  t.same(await companyUsage(db, companies[0]!), { documents: 3, storageBytes: 123, pending: 2 });
  t.same(await companyUsage(db, companies[1]!), { documents: 1, storageBytes: 7, pending: 0 });
  t.same(await companyUsage(db, newId('comp')), { documents: 0, storageBytes: 0, pending: 0 });
});
