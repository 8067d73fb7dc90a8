import t from 'tap';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, signUp } from '../helpers/app.ts';
import { multipartBody, waitForDocument } from '../helpers/multipart.ts';
import { RerankerUnavailableError, retrieve, type RetrieverDeps } from '../../src/retrieval/retriever.ts';

async function upload(
  app: FastifyInstance,
  headers: Record<string, string>,
  name: string,
  text: string,
  fields: Record<string, string> = {},
): Promise<string> {
  const body = multipartBody(
    { name, ...fields },
    { filename: `${name}.md`, bytes: Buffer.from(text), contentType: 'text/markdown' },
  );
  const res = await app.inject({
    method: 'POST',
    url: '/api/documents/upload',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  const id = res.json().data.id as string;
  const done = await waitForDocument(app, headers, id);
  if (done.status !== 'VECTORIZED') throw new Error(`${name}: ${String(done.error)}`);
  return id;
}

const QUOKKA =
  '# Quokkas of Rottnest Island\n\nThe quokka is a small marsupial that lives on Rottnest Island. ' +
  'Quokkas eat grasses and leaves and can survive long periods without water.';
const LIGHTHOUSE =
  '# Lighthouse maintenance\n\nThe Bathurst lighthouse lamp is cleaned every month and its lens ' +
  'is inspected each spring by the harbour engineer.';

t.test('POST /api/search: modes, limit, topic filter, tenant isolation, validation', async (t) => {
  const { app, ctx } = await buildTestApp(t, { worker: true });
  const alice = await signUp(app);
  const bob = await signUp(app);

  const topicId = 'top_searchtest';
  await ctx.db
    .insertInto('topics')
    .values({ id: topicId, company_id: alice.user.companyId, name: 'Wildlife', description: null })
    .execute();
  const quokka = await upload(app, alice.headers, 'quokkas', QUOKKA, { topicId });
  const lighthouse = await upload(app, alice.headers, 'lighthouse', LIGHTHOUSE);
  // Bob's document matches the query even better: it must never reach Alice.
  const bobs = await upload(app, bob.headers, 'bob-quokkas', `${QUOKKA}\n\nQuokka quokka quokka.`);
  const aliceDocs = new Set([quokka, lighthouse]);

  const search = (headers: Record<string, string>, payload: object) =>
    app.inject({ method: 'POST', url: '/api/search', headers, payload });

  const hybrid = await search(alice.headers, { query: 'What do quokkas eat?' });
  t.equal(hybrid.statusCode, 200, hybrid.body);
  const data = hybrid.json().data;
  t.equal(data.mode, 'hybrid');
  t.ok(data.items.length >= 1 && data.items.length <= 10);
  t.match(data.items[0], {
    chunkId: /^chk_/,
    documentId: quokka,
    documentName: 'quokkas',
    text: /marsupial/,
    score: Number,
    pageStart: null,
    pageEnd: null,
    headingPath: ['Quokkas of Rottnest Island'],
  });
  t.ok(data.items.every((i: { documentId: string }) => aliceDocs.has(i.documentId)));
  const scores = data.items.map((i: { score: number }) => i.score);
  t.same(
    scores,
    [...scores].sort((a: number, b: number) => b - a),
    'best first',
  );

  for (const mode of ['dense', 'lexical', 'rerank'] as const) {
    const res = await search(alice.headers, { query: 'quokka marsupial', mode });
    t.equal(res.statusCode, 200, `${mode}: ${res.body}`);
    const body = res.json().data;
    t.equal(body.mode, mode === 'rerank' ? 'hybrid' : mode, `${mode}: reports the mode that ran`);
    t.equal(body.items[0]?.documentId, quokka, `${mode}: best hit`);
    t.ok(
      body.items.every((i: { documentId: string }) => aliceDocs.has(i.documentId)),
      `${mode}: only Alice's chunks`,
    );
  }

  const bobResults = (await search(bob.headers, { query: 'quokka', limit: 50 })).json().data.items;
  t.ok(bobResults.length >= 1);
  t.ok(bobResults.every((i: { documentId: string }) => i.documentId === bobs));

  const one = (await search(alice.headers, { query: 'lighthouse lens', limit: 1 })).json().data.items;
  t.equal(one.length, 1);
  t.equal(one[0].documentId, lighthouse);

  const inTopic = (await search(alice.headers, { query: 'lighthouse lens', topicId })).json().data.items;
  t.ok(
    inTopic.every((i: { documentId: string }) => i.documentId === quokka),
    'topic filter',
  );

  const bad: [object, string][] = [
    [{ query: '' }, 'empty query'],
    [{ query: '   ' }, 'blank query'],
    [{}, 'missing query'],
    [{ query: 'x'.repeat(1001) }, 'query too long'],
    [{ query: 'quokka', limit: 0 }, 'limit 0'],
    [{ query: 'quokka', limit: 51 }, 'limit 51'],
    [{ query: 'quokka', mode: 'fuzzy' }, 'unknown mode'],
    [{ query: 'quokka', extra: true }, 'unknown field'],
  ];
  for (const [payload, why] of bad) {
    const res = await search(bob.headers, payload);
    t.equal(res.statusCode, 400, why);
    t.equal(res.json().error.code, 'VALIDATION_ERROR', why);
  }
  const foreignTopic = await search(bob.headers, { query: 'quokka', topicId });
  t.equal(foreignTopic.statusCode, 404, "another company's topic is not found");
  t.equal(foreignTopic.json().error.code, 'NOT_FOUND');
  const anonymous = await app.inject({ method: 'POST', url: '/api/search', payload: { query: 'quokka' } });
  t.equal(anonymous.statusCode, 401);

  // The retriever underneath: rrf fusion, and rerank with a cross-encoder (a stand-in that
  // prefers lighthouse text) or without one (a clear error; the route fell back above).
  const deps: RetrieverDeps = {
    db: ctx.db,
    embedder: ctx.embedder,
    vectorEnabled: ctx.database.vectorEnabled,
  };
  const companyId = alice.user.companyId;
  const q = { companyId, access: { kind: 'company' as const, companyId }, query: 'quokka', limit: 5 };
  t.equal((await retrieve(deps, q, { fusion: 'rrf' }))[0]?.documentId, quokka);
  await t.rejects(retrieve(deps, q, { mode: 'rerank' }), RerankerUnavailableError);
  const reranker = {
    modelId: 'stand-in',
    score: async (_query: string, passages: string[]) =>
      passages.map((p) => (p.includes('lighthouse') ? 1 : 0)),
  };
  const reranked = await retrieve({ ...deps, reranker }, q, { mode: 'rerank' });
  t.equal(reranked[0]?.documentId, lighthouse, 'reranker order wins');
  t.equal(reranked[0]?.score, 1);
});

t.test('chunks of a document still being written are not served', async (t) => {
  const { app, ctx } = await buildTestApp(t, { worker: true });
  const alice = await signUp(app);
  const quokka = await upload(app, alice.headers, 'quokkas', QUOKKA);
  const found = async () =>
    (
      await app.inject({
        method: 'POST',
        url: '/api/search',
        headers: alice.headers,
        payload: { query: 'What do quokkas eat?' },
      })
    )
      .json()
      .data.items.filter((i: { documentId: string }) => i.documentId === quokka).length;
  t.ok((await found()) > 0, 'VECTORIZED: served');
  // Chunks written, document not yet done: how a document looks mid-ingestion with batched writes.
  await ctx.db.updateTable('documents').set({ status: 'PROCESSING' }).where('id', '=', quokka).execute();
  // Set by hand, so told to the answer cache as ingestion tells it after each status change.
  ctx.listCache.bump(alice.user.companyId);
  t.equal(await found(), 0, 'PROCESSING: its chunks are held back');
});
