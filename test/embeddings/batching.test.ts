import t from 'tap';
import { planBatches } from '../../src/embeddings/batching.ts';
import { loadTransformersEmbedder } from '../../src/embeddings/transformers.embedder.ts';
import { MODELS_DIR } from '../helpers/app.ts';

t.test('planBatches: sorted by length, capped by texts and padded tokens, every index once', async (t) => {
  const lengths = [300, 10, 250, 12, 11, 260];
  const batches = planBatches(lengths, 3, 512);
  // 250 and 260 together would pad to 2 × 260 = 520 > 512 tokens: each runs alone.
  t.same(batches, [[1, 4, 3], [2], [5], [0]], 'short texts together up to the text cap, long ones alone');
  t.same(planBatches([200, 250, 10], 4, 512), [[2, 0], [1]], '10 + 200 pad to 400; a third would pad to 750');
  t.same(batches.flat().sort(), [0, 1, 2, 3, 4, 5]);
  for (const b of batches) t.ok(b.length * Math.max(...b.map((i) => lengths[i]!)) <= 512 || b.length === 1);
  t.same(planBatches([], 4, 512), []);
  t.same(planBatches([600], 4, 512), [[0]], 'a text over the budget still runs, alone');
});

t.test('the embedder returns vectors in input order, equal to embedding each text alone', async (t) => {
  const embedder = await loadTransformersEmbedder(MODELS_DIR, 'Xenova/all-MiniLM-L6-v2', {
    threads: 1,
    batchSize: 4,
    batchTokens: 256,
  });
  const texts = [
    'A long paragraph about paid leave, vacation days, sick days and the procedures for requesting them from the HR portal. '.repeat(
      4,
    ),
    'Short.',
    'Employees accrue two days of paid leave per month.',
    'x',
    'The FAA must receive comments by September 21, 2020.',
  ];
  const batched = await embedder.embedDocuments(texts);
  t.equal(batched.length, texts.length);
  for (const [i, text] of texts.entries()) {
    const [alone] = await embedder.embedDocuments([text]);
    const cosine = alone!.reduce((s, x, k) => s + x * batched[i]![k]!, 0);
    t.ok(cosine > 1 - 1e-5, `text ${i}: batched and alone agree (cosine ${cosine.toFixed(7)})`);
  }
  const query = await embedder.embedQuery('paid leave per month');
  t.equal(query.length, embedder.dimensions, 'queries run on their own session, same model');
  const [asDocument] = await embedder.embedDocuments(['paid leave per month']);
  t.ok(
    query.reduce((s, x, k) => s + x * asDocument![k]!, 0) > 1 - 1e-5,
    'same vector as a document (no prefixes for MiniLM)',
  );
});

t.test('a search query does not wait behind a document batch', async (t) => {
  const embedder = await loadTransformersEmbedder(MODELS_DIR, 'Xenova/all-MiniLM-L6-v2', {
    threads: 1,
    batchSize: 16,
    batchTokens: 4096,
  });
  const long = 'Paid leave, vacation and sick days are requested through the HR portal by employees. '.repeat(
    12,
  );
  const finished: string[] = [];
  const documents = embedder
    .embedDocuments(Array.from({ length: 48 }, (_, i) => `${i} ${long}`))
    .then(() => finished.push('documents'));
  await new Promise((r) => setTimeout(r, 20));
  await embedder.embedQuery('how do I request paid leave').then(() => finished.push('query'));
  await documents;
  t.same(finished, ['query', 'documents'], 'the query finished while the documents were still embedding');
});
