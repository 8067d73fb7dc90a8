import t from 'tap';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../src/db/schema.ts';
import { analyze } from '../../src/retrieval/lexical/analyzer.ts';
import { bm25Search, lexicalText } from '../../src/retrieval/lexical/bm25.ts';
import { corpus, idf, seed, tfPart } from '../helpers/bm25-corpus.ts';
import { buildTestApp, signUp } from '../helpers/app.ts';
import { multipartBody, waitForDocument } from '../helpers/multipart.ts';

const search = (db: Kysely<DB>, companyId: string, query: string, extra: object = {}) =>
  bm25Search(db, { companyId, query, limit: 10, language: 'en', ...extra });

for (const engine of ['pglite', 'postgres'] as const) {
  t.test(`BM25 on ${engine}: scores, tenants, topics, deletion`, async (t) => {
    const { ctx } = await buildTestApp(t, { postgres: engine === 'postgres' });
    const db = ctx.db;
    // Company A: N = 3 chunks, lengths 3 + 2 + 4 → avgdl = 3.
    await seed(db, 'comp_a', [
      { id: 'doc_a1', chunks: [['chk_a1', 'apple banana apple']] },
      { id: 'doc_a2', chunks: [['chk_a2', 'banana cherry']] },
      { id: 'doc_a3', topicId: 'top_t', chunks: [['chk_a3', 'cherry date elderberry fig']] },
    ]);
    // Company B says "apple" everywhere: it must change neither A's results nor A's df, N, avgdl.
    await seed(db, 'comp_b', [
      {
        id: 'doc_b1',
        chunks: [
          ['chk_b1', 'apple apple apple apple'],
          ['chk_b2', 'apple kiwi'],
        ],
      },
    ]);

    // "apple banana": df(appl) = 1, df(banana) = 2, N = 3.
    // a1: ln(1 + 2.5/1.5)·(2·1.9)/(2 + 0.9·1) + ln(1 + 1.5/2.5)·1.9/1.9 = 0.980829·1.310345 + 0.470004
    // a2: ln(1.6)·1.9/(1 + 0.9·(0.6 + 0.4·2/3)) = 0.470004·1.067416
    const hits = await search(db, 'comp_a', 'Apples and bananas!');
    t.same(
      hits.map((h) => h.chunkId),
      ['chk_a1', 'chk_a2'],
    );
    t.ok(Math.abs(hits[0]!.score - (idf(3, 1) * tfPart(2, 3, 3) + idf(3, 2) * tfPart(1, 3, 3))) < 1e-9);
    t.ok(Math.abs(hits[0]!.score - 1.7552281) < 1e-6, 'a1 by hand');
    t.ok(Math.abs(hits[1]!.score - idf(3, 2) * tfPart(1, 2, 3)) < 1e-9);
    t.ok(Math.abs(hits[1]!.score - 0.5016893) < 1e-6, 'a2 by hand');

    const twice = await search(db, 'comp_a', 'apple apple');
    t.ok(Math.abs(twice[0]!.score - 2 * idf(3, 1) * tfPart(2, 3, 3)) < 1e-9, 'query term frequency counts');
    const tuned = await search(db, 'comp_a', 'banana', { k1: 1.2, b: 0.75 });
    t.ok(Math.abs(tuned[1]!.score - idf(3, 2) * tfPart(1, 3, 3, 1.2, 0.75)) < 1e-9, 'k1 and b apply');

    const b = await search(db, 'comp_b', 'apple banana');
    t.same(
      b.map((h) => h.chunkId),
      ['chk_b1', 'chk_b2'],
      "B sees only B's chunks",
    );
    t.same(await search(db, 'comp_a', 'kiwi'), [], "A never sees B's terms");

    // Topic filter: only top_t's chunk, scored with company-wide statistics (df(cherri) = 2, N = 3).
    const all = await search(db, 'comp_a', 'cherry');
    t.same(
      all.map((h) => h.chunkId),
      ['chk_a2', 'chk_a3'],
    );
    const topic = await search(db, 'comp_a', 'cherry', { topicId: 'top_t' });
    t.same(
      topic.map((h) => h.chunkId),
      ['chk_a3'],
    );
    t.ok(Math.abs(topic[0]!.score - idf(3, 2) * tfPart(1, 4, 3)) < 1e-9);
    t.same(await search(db, 'comp_b', 'apple', { topicId: 'top_t' }), [], "another company's topic");

    t.same(await search(db, 'comp_a', 'the of and'), [], 'stop words only');
    t.same(await search(db, 'comp_a', '  '), []);
    await t.rejects(search(db, 'comp_a', 'apple', { k1: -1 }), RangeError);
    await t.rejects(search(db, 'comp_a', 'apple', { b: 1.5 }), RangeError);

    // Deleting a document cascades to its postings; N and avgdl follow (N = 2, avgdl = 3).
    await db.deleteFrom('documents').where('id', '=', 'doc_a1').execute();
    const left = await sql<{
      n: number;
    }>`select count(*)::int as n from chunk_terms where chunk_id = 'chk_a1'`.execute(db);
    t.equal(left.rows[0]!.n, 0, 'postings deleted');
    t.same(await search(db, 'comp_a', 'apple'), []);
    const after = await search(db, 'comp_a', 'banana');
    t.ok(Math.abs(after[0]!.score - idf(2, 1) * tfPart(1, 2, 3)) < 1e-9, 'statistics follow deletes');
  });
}

t.test('identical ranking on PGlite and PostgreSQL', async (t) => {
  const lite = (await buildTestApp(t)).ctx.db;
  const server = (await buildTestApp(t, { postgres: true })).ctx.db;
  for (const db of [lite, server]) await seed(db, 'comp_x', corpus());
  const queries = [
    'insulin dose',
    'heart risk',
    'tumor gene mouse',
    'blood',
    'vitamin brain cell',
    'dose risk',
  ];
  for (const query of queries) {
    for (const topicId of [undefined, 'top_x']) {
      const [a, b] = await Promise.all(
        [lite, server].map((db) => search(db, 'comp_x', query, { topicId, limit: 25 })),
      );
      t.same(
        a!.map((h) => h.chunkId),
        b!.map((h) => h.chunkId),
        `${query} ${topicId ?? ''}`,
      );
      t.ok(a!.every((h, i) => Math.abs(h.score - b![i]!.score) < 1e-9));
      const tied = a!.filter((h) => Math.abs(h.score - a![0]!.score) < 1e-9).map((h) => h.chunkId);
      t.same(tied, [...tied].sort(), 'ties in chunk id order');
    }
  }
});

t.test('ingestion writes postings and lengths; French companies get the French analyzer', async (t) => {
  const { app, ctx } = await buildTestApp(t, { worker: true });
  const alice = await signUp(app);
  await ctx.db
    .updateTable('companies')
    .set({ settings: JSON.stringify({ language: 'fr' }) })
    .where('id', '=', alice.user.companyId)
    .execute();
  const text = "Les élèves de l'école visitent l'hôpital.\n\nLes chevaux mangent du foin.";
  const body = multipartBody({ name: 'visite' }, { filename: 'visite.txt', bytes: Buffer.from(text) });
  const up = await app.inject({
    method: 'POST',
    url: '/api/documents/upload',
    headers: { ...alice.headers, ...body.headers },
    payload: body.payload,
  });
  const doc = await waitForDocument(app, alice.headers, up.json().data.id);
  t.equal(doc.status, 'VECTORIZED');
  const chunks = await ctx.db
    .selectFrom('chunks')
    .innerJoin('documents', 'documents.id', 'chunks.document_id')
    .select(['chunks.id', 'chunks.text', 'chunks.heading_path', 'chunks.lexical_length', 'documents.title'])
    .where('chunks.document_id', '=', doc.id as string)
    .execute();
  for (const c of chunks) {
    const terms = analyze(lexicalText(c.title ?? 'visite', c.heading_path, c.text), 'fr');
    t.equal(c.lexical_length, terms.length);
    const postings = await ctx.db
      .selectFrom('chunk_terms')
      .selectAll()
      .where('chunk_id', '=', c.id)
      .execute();
    t.equal(postings.length, new Set(terms).size);
    t.ok(postings.every((p) => p.dl === terms.length && p.company_id === alice.user.companyId));
  }
  const hits = await bm25Search(ctx.db, {
    ...{ companyId: alice.user.companyId, query: 'eleves hopital cheval', limit: 5, language: 'fr' },
  });
  t.equal(hits.length, chunks.length, 'unaccented query finds accented text');
});
