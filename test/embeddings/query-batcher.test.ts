import t from 'tap';
import { MODELS_DIR } from '../helpers/app.ts';
import { loadTransformersEmbedder } from '../../src/embeddings/transformers.embedder.ts';
import { createQueryBatcher } from '../../src/embeddings/query-batcher.ts';

const MODEL = 'Xenova/all-MiniLM-L6-v2';
const cosine = (a: readonly number[], b: readonly number[]) => a.reduce((sum, x, i) => sum + x * b[i]!, 0);
const questions = [
  'How many days of paid leave carry over?',
  'who approves travel expenses',
  'What is the deadline for comments on the airworthiness directive?',
  'Wann wurde die Mozilla Foundation gegründet?',
  'hardware used in the TraceMonkey experiments',
  'refund policy',
  'Which sensor failure caused the MCAS activation in the 737 MAX accidents, and what did the FAA require?',
  'opening hours',
];

t.test('concurrent queries share model runs and keep the vectors a lone query gets', async (t) => {
  const embedder = await loadTransformersEmbedder(MODELS_DIR, MODEL, {
    threads: 1,
    batchSize: 16,
    batchTokens: 4096,
  });
  const alone: number[][] = [];
  for (const q of questions) alone.push(await embedder.embedQuery(q));

  // The service's own path: all at once through embedQuery (one batcher inside the embedder).
  const together = await Promise.all(questions.map((q) => embedder.embedQuery(q)));
  together.forEach((v, i) => {
    const c = cosine(v, alone[i]!);
    t.ok(c >= 0.9999, `query ${i}: cosine with its lone vector ${c.toFixed(6)}`);
  });

  // The batcher over the real model: how many runs those queries took.
  const runs: number[] = [];
  const batcher = createQueryBatcher(async (texts) => {
    runs.push(texts.length);
    return embedder.embedDocuments(texts);
  }, 4);
  const first = await Promise.all(questions.map((q) => batcher.embed(q)));
  t.same(runs, [4, 4], 'eight queries of one event-loop turn: two runs of the most (4) a run may hold');
  first.forEach((v, i) => t.ok(cosine(v, alone[i]!) >= 0.9999, `batched query ${i} keeps its vector`));

  runs.length = 0;
  const lone = await batcher.embed(questions[0]!);
  t.same(runs, [1], 'a lone query runs at once, by itself');
  t.ok(cosine(lone, alone[0]!) >= 0.9999);

  // Queries that arrive while a run is in progress wait for it and then run together.
  runs.length = 0;
  const firstRun = batcher.embed(questions[1]!);
  await new Promise((r) => setImmediate(r)); // the first run has started
  const later = questions.slice(2, 5).map((q) => batcher.embed(q));
  await Promise.all([firstRun, ...later]);
  t.same(runs, [1, 3], 'the three that came during the first run made the second');
  t.same(batcher.stats, { runs: 5, queries: 13, largest: 4 });
});

t.test('a failed run rejects its queries only, and the next run is tried anew', async (t) => {
  let fail = true;
  const batcher = createQueryBatcher(async (texts) => {
    if (fail) {
      fail = false;
      throw new Error('model unavailable');
    }
    return texts.map((text) => [text.length]);
  });
  const failed = batcher.embed('first');
  await t.rejects(failed, { message: 'model unavailable' });
  t.same(await batcher.embed('second'), [6]);
});
