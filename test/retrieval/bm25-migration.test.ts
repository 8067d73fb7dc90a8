import t from 'tap';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import type { DB } from '../../src/db/schema.ts';
import { migrationProvider } from '../../src/db/migrations/index.ts';
import { analyze } from '../../src/retrieval/lexical/analyzer.ts';
import { bm25Search } from '../../src/retrieval/lexical/bm25.ts';

t.test('0002_bm25 backfills postings for chunks indexed before it, in each company language', async (t) => {
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
  t.equal((await migrator.migrateTo('0001_init')).error, undefined);

  const rows = [
    ['comp_en', '{}', 'Leave policy', 'Employees accrue two days of paid leave.'],
    [
      'comp_fr',
      '{"language":"fr"}',
      'Congés',
      "Les salariés acquièrent deux jours de congés payés à l'année.",
    ],
  ];
  for (const [company, settings, title, text] of rows) {
    await sql`insert into companies (id, name, settings) values (${company}, ${company}, ${settings}::jsonb)`.execute(
      db,
    );
    await sql`insert into documents (id, company_id, name, title, format, mime_type, size_bytes, sha256,
      storage_key, status) values (${'doc_' + company}, ${company}, 'x.txt', ${title}, 'txt', 'text/plain', 1,
      '-', '-', 'VECTORIZED')`.execute(db);
    await sql`insert into chunks (id, company_id, document_id, chunk_index, text, token_count, heading_path, tsv)
      values (${'chk_' + company}, ${company}, ${'doc_' + company}, 0, ${text}, 10, '["Section"]',
      to_tsvector('english', ${text}))`.execute(db);
  }
  t.equal((await migrator.migrateToLatest()).error, undefined);

  for (const [company, settings, title, text] of rows) {
    const language = settings!.includes('fr') ? 'fr' : 'en';
    const terms = analyze(`${title}\nSection\n${text}`, language);
    const chunk = await db
      .selectFrom('chunks')
      .selectAll()
      .where('id', '=', `chk_${company}`)
      .executeTakeFirst();
    t.equal(chunk?.lexical_length, terms.length, `${company} length`);
    const postings = await db
      .selectFrom('chunk_terms')
      .selectAll()
      .where('company_id', '=', company!)
      .execute();
    t.same(postings.map((p) => p.term).sort(), [...new Set(terms)].sort(), `${company} postings`);
  }
  const fr = await bm25Search(db, { companyId: 'comp_fr', query: 'conges payes', limit: 5, language: 'fr' });
  t.same(
    fr.map((h) => h.chunkId),
    ['chk_comp_fr'],
  );
  const columns = await sql<{ column_name: string }>`select column_name from information_schema.columns
    where table_name = 'chunks' and column_name = 'tsv'`.execute(db);
  t.equal(columns.rows.length, 0, 'tsvector column dropped');

  t.equal((await migrator.migrateTo('0001_init')).error, undefined, 'down migrations run back to 0001');
  const tsv = await sql<{ n: number }>`select count(*)::int as n from chunks
    where tsv @@ to_tsquery('english', 'leave')`.execute(db);
  t.equal(tsv.rows[0]!.n, 1, 'down restores a filled tsvector');
});
