import t from 'tap';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import type { DB } from '../../src/db/schema.ts';
import { migrationProvider } from '../../src/db/migrations/index.ts';
import { resolveTopicFilter } from '../../src/access/scope.ts';

t.test('0014_topic_access keeps what existing users and keys could read; new keys start empty', async (t) => {
  const pglite = await PGlite.create('memory://', { extensions: { vector } });
  const db = new Kysely<DB>({
    dialect: new PostgresDialect({
      pool: new pg.Pool({ ...createPgConfig(pglite), max: 1 } as pg.PoolConfig),
    }),
  });
  t.teardown(async () => {
    await db.destroy();
    await pglite.close();
  });
  const migrator = new Migrator({ db, provider: migrationProvider });
  t.equal((await migrator.migrateTo('0011_bm25_pruning')).error, undefined);
  await sql`insert into companies (id, name, settings) values ('comp_a', 'A', '{}')`.execute(db);
  await sql`insert into users (id, company_id, email, name, role) values
    ('usr_r', 'comp_a', 'r@a.example', 'R', 'COMPANY_READER')`.execute(db);
  await sql`insert into topics (id, company_id, name) values ('top_hr', 'comp_a', 'HR'), ('top_pub', 'comp_a', 'Pub')`.execute(
    db,
  );
  await sql`insert into api_keys (id, company_id, name, environment, key_prefix, key_hash, authorized_domains)
    values ('key_old', 'comp_a', 'old', 'live', 'svc_live_abc', 'h1', '[]')`.execute(db);

  t.equal((await migrator.migrateToLatest()).error, undefined);

  const topics = await db.selectFrom('topics').select(['id', 'member_access']).orderBy('id').execute();
  t.same(topics, [
    { id: 'top_hr', member_access: 'edit' },
    { id: 'top_pub', member_access: 'edit' },
  ]);
  const member = { kind: 'member' as const, companyId: 'comp_a', userId: 'usr_r' };
  t.equal(await resolveTopicFilter(db, member), null, 'the reader still reads the whole company');
  const oldKey = { kind: 'apiKey' as const, companyId: 'comp_a', apiKeyId: 'key_old' };
  t.equal(await resolveTopicFilter(db, oldKey), null, 'a key from before reads every document');

  await sql`insert into api_keys (id, company_id, name, environment, key_prefix, key_hash, authorized_domains)
    values ('key_new', 'comp_a', 'new', 'live', 'svc_live_def', 'h2', '[]')`.execute(db);
  const newKey = { kind: 'apiKey' as const, companyId: 'comp_a', apiKeyId: 'key_new' };
  t.same(await resolveTopicFilter(db, newKey), { topicIds: [], unfiled: false }, 'a new key reads nothing');

  await db.updateTable('topics').set({ member_access: 'none' }).where('id', '=', 'top_hr').execute();
  t.same(await resolveTopicFilter(db, member), { topicIds: ['top_pub'], unfiled: true }, 'restricted HR');
  t.equal((await migrator.migrateDown()).error, undefined, 'down');
  t.equal((await migrator.migrateToLatest()).error, undefined, 'and up again');
});
