/**
 * The BM25 statement runs on PostgreSQL as a named prepared statement (src/db/prepared-statements.ts):
 * parsed once per connection, the same answers as unnamed; and behind a server connection that
 * does not hold the statement (what a transaction pooler such as PgBouncer 1.18 hands over), the
 * search still answers, unnamed from then on.
 */
import t from 'tap';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { openDatabase } from '../../src/db/index.ts';
import { bm25Search } from '../../src/retrieval/lexical/bm25.ts';
import {
  PREPARE,
  preparedStatementName,
  preparedStatementsEnabled,
  setPreparedStatements,
} from '../../src/db/prepared-statements.ts';
import { corpus, seed } from '../helpers/bm25-corpus.ts';
import { TEST_DATABASE_URL } from '../helpers/app.ts';

t.test('statement names: only marked text, one name per text', async (t) => {
  t.equal(preparedStatementName('select 1'), null);
  const a = preparedStatementName(`${PREPARE} select 1`);
  t.match(a, /^cograg_[0-9a-f]{24}$/);
  t.equal(preparedStatementName(`${PREPARE} select 1`), a, 'stable');
  t.not(preparedStatementName(`${PREPARE} select 2`), a, 'another text, another name');
});

t.test('BM25 on PostgreSQL: named, same answers, and a pooler that forgot it', async (t) => {
  const schema = `t_prep_${randomBytes(4).toString('hex')}`;
  // One connection, so the session that ran the search is the one inspected.
  const database = await openDatabase({
    databaseUrl: TEST_DATABASE_URL,
    pgliteDataDir: '',
    schema,
    poolSize: 1,
  });
  t.teardown(async () => {
    setPreparedStatements(true);
    await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(database.db);
    await database.close();
  });
  const db = database.db;
  await seed(db, 'comp_p', corpus());
  const search = (query: string) => bm25Search(db, { companyId: 'comp_p', query, limit: 10, language: 'en' });
  const held = async () =>
    (await sql<{ name: string }>`select name from pg_prepared_statements`.execute(db)).rows.map(
      (r) => r.name,
    );

  setPreparedStatements(false);
  const unnamed = await search('insulin dose for the heart');
  t.same(await held(), [], 'unnamed while turned off');
  t.ok(unnamed.length > 0);

  setPreparedStatements(true);
  t.same(await search('insulin dose for the heart'), unnamed, 'named: the same chunks and scores');
  t.same(await search('tumor cells'), await search('tumor cells'), 'again, on the parsed statement');
  const names = await held();
  t.equal(names.length, 1, 'one statement held by the session');
  t.match(names[0], /^cograg_/);

  // node-postgres still believes the session holds it and sends only Bind: the server answers
  // 26000, as it does when a transaction pooler hands the query to another server connection.
  await sql`deallocate all`.execute(db);
  t.same(await search('insulin dose for the heart'), unnamed, 'answered unnamed after the refusal');
  t.equal(preparedStatementsEnabled(), false, 'turned off for the process');
  t.same(await held(), [], 'nothing named since');
});
