import t from 'tap';
import { buildTestApp, signUp } from '../helpers/app.ts';
import { testQdrant, top, unscopedRequests, upload } from '../helpers/qdrant.ts';
import { resyncCompany } from '../../src/retrieval/vector-store/resync.ts';

const MAMMOTH = 'md/mammoth-README.md';
const PDFPLUMBER = 'md/pdfplumber-README.md';

t.test('Qdrant: tenants, topics, deletes and re-sync stay consistent with the relational rows', async (t) => {
  const qdrant = await testQdrant(t);
  const { app, ctx } = await buildTestApp(t, { worker: true, env: qdrant.env });
  const store = ctx.vectorStore;
  const a = await signUp(app);
  const b = await signUp(app);
  const topic = await app.inject({
    method: 'POST',
    url: '/api/topics',
    headers: a.headers,
    payload: { name: 'pdf tools' },
  });
  const topicId = topic.json().data.id as string;
  const [mammothA] = await upload(app, a.headers, [MAMMOTH]);
  const [plumberA] = await upload(app, a.headers, [PDFPLUMBER], { topicId });
  const [plumberB] = await upload(app, b.headers, [PDFPLUMBER]);
  const chunksOf = async (documentId: string) =>
    (await ctx.db.selectFrom('chunks').select('id').where('document_id', '=', documentId).execute())
      .map((r) => r.id)
      .sort();

  t.test('another company’s points are never returned', async (t) => {
    // B's only document is the one A also has: every hit must still be B's own copy.
    for (const mode of ['dense', 'hybrid']) {
      const res = await top(app, b.headers, 'extract tables from a PDF page', mode, { limit: 20 });
      t.ok(res.items.length > 0, `${mode}: B finds its chunks`);
      t.ok(
        res.items.every((h) => h.documentId === plumberB),
        `${mode}: only B's document`,
      );
      // Straight at the store, without the relational read-back that would hide a leak.
      const vector = await ctx.embedder.embedQuery('convert docx to html with mammoth');
      const ids = (
        mode === 'dense'
          ? await store.denseSearch(
              { companyId: b.user.companyId, query: 'mammoth docx', limit: 50 },
              vector,
              50,
            )
          : await store.hybridSearch!(
              { companyId: b.user.companyId, query: 'convert docx to html with mammoth', limit: 50 },
              { vector, candidates: 50, fusion: 'normalized', denseWeight: 0.5, rrfK: 60 },
            )
      ).map((h) => h.id);
      t.ok(ids.length > 0, `${mode} store search answers`);
      const own = new Set(await chunksOf(plumberB!));
      t.ok(
        ids.every((id) => own.has(id)),
        `${mode}: the store returns only B's points`,
      );
    }
    t.same(
      (await store.listChunkIds(b.user.companyId)).sort(),
      await chunksOf(plumberB!),
      'B lists its points only',
    );
  });

  t.test('a topic narrows Qdrant results to its documents', async (t) => {
    const res = await top(app, a.headers, 'convert docx headings to html', 'hybrid', { topicId, limit: 10 });
    t.ok(res.items.length > 0, 'the topic has hits');
    t.ok(
      res.items.every((h) => h.documentId === plumberA),
      'only the topic’s document',
    );
  });

  t.test('deleting a document deletes its points', async (t) => {
    const before = await store.listChunkIds(a.user.companyId);
    const mammothChunks = await chunksOf(mammothA!);
    t.ok(
      mammothChunks.every((id) => before.includes(id)),
      'the document had its points',
    );
    const del = await app.inject({ method: 'DELETE', url: `/api/documents/${mammothA}`, headers: a.headers });
    t.equal(del.statusCode, 200);
    const after = await store.listChunkIds(a.user.companyId);
    t.same(after.sort(), await chunksOf(plumberA!), 'only the other document’s points are left');
    t.same(
      (await store.listChunkIds(b.user.companyId)).length,
      (await chunksOf(plumberB!)).length,
      'B untouched',
    );
  });

  t.test(
    'a delete Qdrant missed is invisible to search and repaired by re-sync',
    { skip: !qdrant.standIn },
    async (t) => {
      const standIn = qdrant.standIn!;
      const [again] = await upload(app, a.headers, [MAMMOTH]);
      const orphaned = await chunksOf(again!);
      standIn.down = true;
      const del = await app.inject({ method: 'DELETE', url: `/api/documents/${again}`, headers: a.headers });
      standIn.down = false;
      t.equal(del.statusCode, 200, 'the relational delete does not wait for Qdrant');
      const left = await store.listChunkIds(a.user.companyId);
      t.ok(
        orphaned.every((id) => left.includes(id)),
        'the points outlived their chunks',
      );
      const res = await top(app, a.headers, 'convert docx headings to html', 'dense', { limit: 20 });
      t.ok(
        res.items.every((h) => h.documentId !== again),
        'search never returns them',
      );
      const report = await resyncCompany({ db: ctx.db, store, embedder: ctx.embedder }, a.user.companyId);
      t.equal(report.removed, orphaned.length, 're-sync removes the orphaned points');
      t.same(
        (await store.listChunkIds(a.user.companyId)).sort(),
        await chunksOf(plumberA!),
        'store equals the rows',
      );
    },
  );

  t.test('every request was valid and tenant-scoped', { skip: !qdrant.standIn }, async (t) => {
    const { requests, violations } = qdrant.standIn!;
    t.same(violations, [], 'every request matched Qdrant’s OpenAPI document');
    t.same(unscopedRequests(requests), [], 'every point read or delete filters on company_id');
  });
});
