import t from 'tap';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../src/db/schema.ts';
import {
  BM25_FULL_READ_FACTOR,
  BM25_POSTINGS_PER_TERM,
  bm25Search,
  compactLexicalStats,
  indexChunkTerms,
} from '../../src/retrieval/lexical/bm25.ts';
import { BM25_IMPACT_SQL } from '../../src/retrieval/lexical/bm25-search.ts';
import { corpus, seed } from '../helpers/bm25-corpus.ts';
import { buildTestApp } from '../helpers/app.ts';

const search = (db: Kysely<DB>, query: string, extra: object = {}) =>
  bm25Search(db, { companyId: 'comp_x', query, limit: 10, language: 'en', ...extra });

/** Every statistic in `lexical_stats` against a count of the rows it summarises. */
async function statsDrift(db: Kysely<DB>): Promise<{ key: string; kept: number; counted: number }[]> {
  const { rows } = await sql<{ key: string; kept: string | null; counted: string | null }>`
    with kept as (
      select company_id, term, sum(df) as df, sum(total_length) as total_length
      from lexical_stats group by company_id, term),
    counted as (
      select company_id, term, count(*) as df, 0::numeric as total_length
      from chunk_terms group by company_id, term
      union all
      select company_id, '', count(*), sum(lexical_length) from chunks group by company_id)
    select coalesce(k.company_id, c.company_id) || '/' || coalesce(k.term, c.term) as key,
      coalesce(k.df, 0)::text || ':' || coalesce(k.total_length, 0)::text as kept,
      coalesce(c.df, 0)::text || ':' || coalesce(c.total_length, 0)::text as counted
    from kept k full join counted c on c.company_id = k.company_id and c.term = k.term
    where coalesce(k.df, 0) <> coalesce(c.df, 0)
      or coalesce(k.total_length, 0) <> coalesce(c.total_length, 0)`.execute(db);
  return rows.map((r) => ({ key: r.key, kept: Number(r.kept), counted: Number(r.counted) }));
}

for (const engine of ['pglite', 'postgres'] as const) {
  t.test(`BM25 statistics follow every write on ${engine}`, async (t) => {
    const { db } = (await buildTestApp(t, { postgres: engine === 'postgres' })).ctx;
    await seed(db, 'comp_x', corpus());
    const other = corpus()
      .slice(0, 3)
      .map((d) => ({
        id: `y_${d.id}`,
        chunks: d.chunks.map(([id, text]): [string, string] => [`y_${id}`, text]),
      }));
    await seed(db, 'comp_y', other);
    t.same(await statsDrift(db), [], 'after ingestion');
    const rows = async () =>
      Number((await sql<{ n: string }>`select count(*) as n from lexical_stats`.execute(db)).rows[0]!.n);
    t.ok((await rows()) > 0);

    await db.deleteFrom('documents').where('id', 'in', ['doc_1', 'doc_2']).execute();
    t.same(await statsDrift(db), [], 'after deleting documents (cascade to chunks and postings)');

    // Re-indexing rewrites postings and chunks.lexical_length (a language change does this).
    const chunks = await db
      .selectFrom('chunks')
      .select(['id', 'text'])
      .where('document_id', '=', 'doc_3')
      .execute();
    await indexChunkTerms(db, {
      companyId: 'comp_x',
      language: 'en',
      chunks: chunks.map((c) => ({ id: c.id, text: `${c.text} extra words added here` })),
    });
    t.same(await statsDrift(db), [], 'after re-indexing');

    const before = await search(db, 'insulin dose heart');
    const beforeRows = await rows();
    const compacted = await compactLexicalStats(db);
    t.ok(compacted.after < compacted.before, `folded ${compacted.before} rows into ${compacted.after}`);
    t.equal(await rows(), beforeRows - compacted.before + compacted.after);
    t.same(await compactLexicalStats(db), { before: 0, after: 0 }, 'a folded table is left alone');
    t.same(await statsDrift(db), [], 'after compaction');
    const after = await search(db, 'insulin dose heart');
    t.same(
      after.map((h) => h.chunkId),
      before.map((h) => h.chunkId),
      'same ranking after compaction',
    );
    t.ok(after.every((h, i) => Math.abs(h.score - before[i]!.score) < 1e-9));

    await db.deleteFrom('documents').where('company_id', '=', 'comp_y').execute();
    await compactLexicalStats(db);
    const left = await db.selectFrom('lexical_stats').select('company_id').distinct().execute();
    t.same(left, [{ company_id: 'comp_x' }], "an emptied company's statistics are dropped");
  });

  t.test(`pruned BM25 on ${engine}: exact scores, bounded reading`, async (t) => {
    const { db } = (await buildTestApp(t, { postgres: engine === 'postgres' })).ctx;
    await seed(db, 'comp_x', corpus());
    // The corpus's generator only draws these five words.
    const queries = ['insulin dose', 'heart risk', 'blood', 'blood heart insulin', 'dose risk heart'];
    for (const query of queries) {
      const exact = await search(db, query, { postingsPerTerm: Infinity, limit: 60 });
      t.ok(BM25_POSTINGS_PER_TERM > 60);
      const budgeted = await search(db, query, { limit: 60 });
      t.same(
        budgeted.map((h) => h.chunkId),
        exact.map((h) => h.chunkId),
        `${query}: no term above the budget → the exact ranking`,
      );
      // Summation order may differ in the last bit.
      t.ok(budgeted.every((h, i) => Math.abs(h.score - exact[i]!.score) < 1e-9));

      // A budget of 2 postings per common term: fewer chunks are found, each with its exact score.
      const pruned = await search(db, query, { postingsPerTerm: 2, limit: 60 });
      const exactScore = new Map(exact.map((h) => [h.chunkId, h.score]));
      t.ok(
        // Terms read whole (df adding up to ≤ BM25_FULL_READ_FACTOR × 2), 2 postings of the others.
        pruned.length > 0 && pruned.length <= 2 * query.split(' ').length + BM25_FULL_READ_FACTOR * 2,
        `${query}: ${pruned.length} found`,
      );
      t.ok(pruned.length < exact.length);
      t.ok(
        pruned.every((h) => Math.abs(h.score - exactScore.get(h.chunkId)!) < 1e-9),
        `${query}: scores are the exact BM25 scores`,
      );
      t.same(
        pruned.map((h) => h.chunkId),
        [...pruned]
          .sort((a, b) => b.score - a.score || (a.chunkId < b.chunkId ? -1 : 1))
          .map((h) => h.chunkId),
      );
    }
    // A single-term query reads the term's best postings by impact: its top hit is the exact top.
    const [top] = await search(db, 'blood', { postingsPerTerm: 1 });
    t.equal(top!.chunkId, (await search(db, 'blood', { postingsPerTerm: Infinity }))[0]!.chunkId);
    await t.rejects(search(db, 'blood', { postingsPerTerm: 0 }), RangeError);
  });

  t.test(`the impact order is read from chunk_terms_impact_idx on ${engine}`, async (t) => {
    const { db } = (await buildTestApp(t, { postgres: engine === 'postgres' })).ctx;
    await seed(db, 'comp_x', corpus());
    const plan = await db.transaction().execute(async (trx) => {
      // Disabled sorts and sequential scans: only an index already in this order is cheap.
      await sql`set local enable_sort = off`.execute(trx);
      await sql`set local enable_seqscan = off`.execute(trx);
      const { rows } = await sql<{ 'QUERY PLAN': string }>`explain
        select ct.chunk_id from chunk_terms ct where ct.company_id = 'comp_x' and ct.term = 'blood'
        order by ${sql.raw(BM25_IMPACT_SQL)} desc limit 5`.execute(trx);
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    t.match(plan, /chunk_terms_impact_idx/, plan);
    t.notMatch(plan, /Sort/);
  });
}
