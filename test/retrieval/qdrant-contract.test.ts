import t from 'tap';
import { buildTestApp } from '../helpers/app.ts';
import { indexCorpus, QUERIES, testQdrant, top, unscopedRequests } from '../helpers/qdrant.ts';
import { resyncCompany } from '../../src/retrieval/vector-store/resync.ts';
import { retrieve } from '../../src/retrieval/retriever.ts';
import type { AppContext } from '../../src/context.ts';

const MAX_DRIFT = 1e-4;
const depsOf = (ctx: AppContext) => ({
  db: ctx.db,
  embedder: ctx.embedder,
  vectorEnabled: ctx.database.vectorEnabled,
  vectorStore: ctx.vectorStore,
});

t.test('the Qdrant store gives the same top results as pgvector (dense, lexical, hybrid)', async (t) => {
  const qdrant = await testQdrant(t);
  // One database, indexed once: the relational rows keep every embedding with Qdrant too, so
  // pgvector over those rows and Qdrant over its points answer for the very same chunks.
  const qd = await buildTestApp(t, { worker: true, env: qdrant.env });
  t.equal(qd.ctx.vectorStore.kind, 'qdrant', 'VECTOR_STORE=qdrant selects the Qdrant store');
  t.ok(qd.ctx.database.vectorEnabled, 'PGlite has pgvector: the relational store is there to compare');
  const qdUser = await indexCorpus(qd.app);
  const companyId = qdUser.user.companyId;
  const pgDeps = { ...depsOf(qd.ctx), vectorStore: undefined };

  // Points written at ingestion used the avgdl of their moment; re-sync brings every BM25 weight
  // to the company's current avgdl, which is what PostgreSQL reads at query time.
  const chunkCount = await qd.ctx.db
    .selectFrom('chunks')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('company_id', '=', companyId)
    .executeTakeFirstOrThrow();
  const points = await qd.ctx.vectorStore.listChunkIds(companyId);
  t.equal(points.length, Number(chunkCount.n), 'ingestion wrote one point per chunk');
  const deps = { db: qd.ctx.db, store: qd.ctx.vectorStore, embedder: qd.ctx.embedder };
  const first = await resyncCompany(deps, companyId);
  t.same(
    first,
    { written: Number(chunkCount.n), removed: 0 },
    're-sync rewrites every chunk, removes nothing',
  );
  t.same(await resyncCompany(deps, companyId), first, 're-sync is idempotent');
  t.equal(
    (await qd.ctx.vectorStore.listChunkIds(companyId)).length,
    Number(chunkCount.n),
    'no duplicate points',
  );

  for (const mode of ['dense', 'lexical', 'hybrid']) {
    for (const query of QUERIES) {
      const a = await retrieve(
        pgDeps,
        { companyId, access: { kind: 'company' as const, companyId }, query, limit: 5 },
        { mode: mode as 'dense' },
      );
      const b = await top(qd.app, qdUser.headers, query, mode);
      t.equal(b.mode, mode, `${mode} ran on Qdrant`);
      t.ok(a.length > 0, `${mode} "${query}" finds chunks`);
      t.same(
        b.hits.map((h) => h.key),
        a.map((h) => `${h.documentName}#${h.text}`),
        `${mode} "${query}": same chunks in the same order`,
      );
      const drift = Math.max(...b.hits.map((h, i) => Math.abs(h.score - a[i]!.score)));
      t.ok(drift < MAX_DRIFT, `${mode} "${query}": scores agree (max difference ${drift})`);
    }
  }

  // RRF runs as the Query API's fusion over two prefetches; its scores must be ours (k = 60).
  for (const query of QUERIES) {
    const args = (companyId: string) => ({
      companyId,
      access: { kind: 'company' as const, companyId },
      query,
      limit: 8,
    });
    const a = await retrieve(pgDeps, args(companyId), { mode: 'hybrid', fusion: 'rrf' });
    const b = await retrieve(depsOf(qd.ctx), args(companyId), { mode: 'hybrid', fusion: 'rrf' });
    t.equal(b.length, a.length, `rrf "${query}": as many hits`);
    const drift = Math.max(...b.map((h, i) => Math.abs(h.score - a[i]!.score)));
    t.ok(drift < 1e-6, `rrf "${query}": same fused scores (max difference ${drift})`);
    // Tied scores may come in either order: compare the chunks where the score is unique.
    const unique = (list: typeof a) =>
      list.filter((h) => list.filter((o) => Math.abs(o.score - h.score) < 1e-9).length === 1);
    t.same(
      unique(b).map((h) => `${h.documentName}#${h.text}`),
      unique(a).map((h) => `${h.documentName}#${h.text}`),
      `rrf "${query}": same chunks in the same order`,
    );
  }

  if (qdrant.standIn) {
    const { requests, violations } = qdrant.standIn;
    t.same(violations, [], 'every request matched Qdrant’s OpenAPI document');
    t.same(unscopedRequests(requests), [], 'every point read or delete filters on company_id');
    const create = requests.find((r) => r.method === 'PUT' && r.path === `/collections/${qdrant.collection}`);
    t.match(create?.body, {
      vectors: { dense: { size: 384, distance: 'Cosine' } },
      sparse_vectors: { bm25: { modifier: 'idf' } },
    });
    const tenant = requests.find((r) => r.path.endsWith('/index') && r.body?.field_name === 'company_id');
    t.match(
      tenant?.body,
      { field_schema: { type: 'keyword', is_tenant: true } },
      'company_id is a tenant index',
    );
    t.ok(
      requests.some((r) => r.path.endsWith('/points/query') && JSON.stringify(r.body).includes('"rrf"')),
      'hybrid rrf used the Query API with prefetches',
    );
    t.ok(
      requests.some((r) => r.path.endsWith('/points/query/batch')),
      'normalized fusion batched both legs',
    );
  }
});
