import path from 'node:path';
import t from 'tap';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, signUp } from '../helpers/app.ts';
import { multipartBody, waitForDocument } from '../helpers/multipart.ts';
import { loadCrossEncoder, DEFAULT_CROSS_ENCODER_OPTIONS } from '../../src/retrieval/rerank/cross-encoder.ts';
import { loadThreadedCrossEncoder } from '../../src/retrieval/rerank/cross-encoder-thread.ts';
import { ModelNotFoundError } from '../../src/embeddings/embedder.ts';

// The tiny cross-encoder of scripts/fixtures/make-tiny-cross-encoder.py: random weights, real
// layout (tokenizer with pair template, BertForSequenceClassification config, ONNX `logits`).
const FIXTURE = path.resolve('test/fixtures/models/Test/tiny-cross-encoder');

const QUERY = 'how are documents indexed';
const PASSAGES = [
  'Documents are parsed, chunked and embedded before they are indexed.',
  'The lighthouse lamp is cleaned every month.',
  'A much longer passage about search, so that the batch is padded: the retriever fuses a lexical leg and a dense leg, then a cross-encoder may re-score the best candidates of both.',
  'Indexed documents can be searched.',
];

t.test(
  'cross-encoder: one finite score per pair, deterministic, independent of batch and padding',
  async (t) => {
    const reranker = await loadCrossEncoder('/unused', FIXTURE);
    const scores = await reranker.score(QUERY, PASSAGES);
    t.equal(scores.length, PASSAGES.length);
    t.ok(scores.every(Number.isFinite), 'finite logits');
    t.ok(new Set(scores).size > 1, 'different passages, different scores');
    t.same(await reranker.score(QUERY, PASSAGES), scores, 'the same pairs score the same');
    const alone = await reranker.score(QUERY, [PASSAGES[1]!]);
    t.ok(
      Math.abs(alone[0]! - scores[1]!) < 1e-5,
      `padding in a batch does not move a score (${alone[0]} vs ${scores[1]})`,
    );
    const otherQuery = await reranker.score('lighthouse lamp', [PASSAGES[1]!]);
    t.not(otherQuery[0], alone[0], 'the query is part of the pair');
  },
);

t.test('cross-encoder: top-N and the time budget bound the work', async (t) => {
  const many = Array.from({ length: 30 }, (_, i) => `${PASSAGES[i % PASSAGES.length]} (${i})`);
  const topN = await loadCrossEncoder('/unused', FIXTURE, { ...DEFAULT_CROSS_ENCODER_OPTIONS, topN: 5 });
  t.equal((await topN.score(QUERY, many)).length, 5, 'only the top 5 candidates are scored');
  const noTime = await loadCrossEncoder('/unused', FIXTURE, {
    ...DEFAULT_CROSS_ENCODER_OPTIONS,
    budgetMs: 0,
    batchSize: 4,
  });
  t.equal((await noTime.score(QUERY, many)).length, 4, 'a spent budget stops after the first batch');
});

t.test('cross-encoder on its thread: the same scores and bounds as on the calling thread', async (t) => {
  const here = await loadCrossEncoder('/unused', FIXTURE);
  const options = { ...DEFAULT_CROSS_ENCODER_OPTIONS, topN: 3 };
  const threaded = await loadThreadedCrossEncoder({ modelsDir: '/unused', modelId: FIXTURE, options });
  t.equal(threaded.modelId, FIXTURE);
  const expected = (await here.score(QUERY, PASSAGES)).slice(0, 3);
  t.same(await threaded.score(QUERY, PASSAGES), expected, 'the top 3 pairs, scored as here');
  t.same(await threaded.score(QUERY, []), [], 'no passage, no message');
  await t.rejects(
    loadThreadedCrossEncoder({
      modelsDir: path.resolve('test/fixtures/models'),
      modelId: 'Xenova/no-such-reranker',
      options,
    }),
    ModelNotFoundError,
    'a missing model is refused before any thread',
  );
});

t.test('cross-encoder: a missing model names the folder and the docs', async (t) => {
  const err = await loadCrossEncoder(path.resolve('test/fixtures/models'), 'Xenova/no-such-reranker').catch(
    (e: unknown) => e,
  );
  t.ok(err instanceof ModelNotFoundError);
  t.match((err as Error).message, /no-such-reranker.*docs\/models\.md/);
});

async function upload(app: FastifyInstance, headers: Record<string, string>, name: string, text: string) {
  const body = multipartBody(
    { name },
    { filename: `${name}.md`, bytes: Buffer.from(text), contentType: 'text/markdown' },
  );
  const res = await app.inject({
    method: 'POST',
    url: '/api/documents/upload',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  const done = await waitForDocument(app, headers, res.json().data.id as string);
  if (done.status !== 'VECTORIZED') throw new Error(String(done.error));
}

t.test(
  'RERANK_MODEL: /api/search mode rerank orders by the cross-encoder; chat uses it when the company asks',
  async (t) => {
    const { app, ctx } = await buildTestApp(t, {
      worker: true,
      env: { RERANK_MODEL: FIXTURE, RERANK_TOP_N: '10' },
    });
    t.equal(ctx.reranker?.modelId, FIXTURE);
    const alice = await signUp(app);
    const texts = PASSAGES.map((p, i) => `# Note ${i}\n\n${p}`);
    for (const [i, text] of texts.entries()) await upload(app, alice.headers, `note-${i}`, text);

    const res = await app.inject({
      method: 'POST',
      url: '/api/search',
      headers: alice.headers,
      payload: { query: 'documents indexed lamp search', mode: 'rerank', limit: 4 },
    });
    t.equal(res.statusCode, 200, res.body);
    const data = res.json().data as { mode: string; items: { text: string; score: number }[] };
    t.equal(data.mode, 'rerank');
    t.ok(data.items.length >= 2);
    const direct = await ctx.reranker!.score(
      'documents indexed lamp search',
      data.items.map((i) => i.text),
    );
    data.items.forEach((item, k) =>
      t.ok(Math.abs(item.score - direct[k]!) < 1e-5, `item ${k} carries its cross-encoder score`),
    );
    t.same(
      [...direct].sort((a, b) => b - a),
      direct,
      'best cross-encoder score first',
    );

    const settings = await app.inject({
      method: 'PUT',
      url: `/api/companies/${alice.user.companyId}`,
      headers: alice.headers,
      payload: { settings: { rerank: true, answerThreshold: 0 } },
    });
    t.equal(settings.statusCode, 200, settings.body);
    const chat = await app.inject({
      method: 'POST',
      url: '/api/chat/message',
      headers: alice.headers,
      payload: { message: 'How are documents indexed?' },
    });
    t.equal(chat.statusCode, 200, chat.body);
    const sources = chat.json().data.sources as { id: string; score: number }[];
    t.ok(sources.length > 0);
    const same = await app.inject({
      method: 'POST',
      url: '/api/search',
      headers: alice.headers,
      payload: { query: 'How are documents indexed?', mode: 'rerank', limit: 6 },
    });
    const reranked = same.json().data.items as { documentId: string; score: number }[];
    // The sources event lists the cited chunks only: each carries the cross-encoder's score of a
    // chunk of its document, best first.
    sources.forEach((s, k) =>
      t.ok(
        reranked.some((i) => i.documentId === s.id && Math.abs(i.score - s.score) < 1e-5),
        `source ${k + 1}: reranker score`,
      ),
    );
    t.same(
      sources.map((s) => s.score),
      [...sources.map((s) => s.score)].sort((a, b) => b - a),
      'chat sources come in the cross-encoder order',
    );
  },
);
