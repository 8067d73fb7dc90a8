import t from 'tap';
import { MODELS_DIR, sharedEmbedder } from '../helpers/app.ts';
import { withEmbedThread } from '../../src/ingestion/embed-thread.ts';
import { DEFAULT_EMBEDDER_OPTIONS } from '../../src/embeddings/transformers.embedder.ts';
import type { Embedder } from '../../src/embeddings/embedder.ts';
import { worstDelay } from '../helpers/event-loop.ts';

const MODEL = 'Xenova/all-MiniLM-L6-v2';
const cosine = (a: readonly number[], b: readonly number[]) => a.reduce((sum, x, i) => sum + x * b[i]!, 0);
const questions = Array.from(
  { length: 24 },
  (_, i) => `Which clause of contract number ${i} covers early termination and its notice period?`,
);

t.test('search queries embedded on the API’s thread: same vectors, off the event loop', async (t) => {
  const main = await sharedEmbedder();
  const threaded = withEmbedThread(
    main,
    { modelsDir: MODELS_DIR, modelId: MODEL, options: DEFAULT_EMBEDDER_OPTIONS },
    { queries: true },
  );
  t.teardown(() => threaded.close());
  const alone: number[][] = [];
  for (const q of questions) alone.push(await main.embedQuery(q));
  await threaded.embedQuery('warm-up'); // the thread loads its model on first use

  let together: number[][] = [];
  const threadDelay = await worstDelay(async () => {
    together = await Promise.all(questions.map((q) => threaded.embedQuery(q)));
  });
  together.forEach((v, i) => t.ok(cosine(v, alone[i]!) >= 0.9999, `query ${i} keeps its vector`));
  const mainDelay = await worstDelay(() => Promise.all(questions.map((q) => main.embedQuery(q))));
  t.comment(
    `event loop's worst delay while 24 queries embed: ${threadDelay.toFixed(1)} ms on the thread, ${mainDelay.toFixed(1)} ms on the main thread`,
  );

  // Documents (the answerer's sentences) go to the same thread and keep their vectors too.
  const [sentence] = await threaded.embedDocuments([questions[0]!]);
  const [reference] = await main.embedDocuments([questions[0]!]);
  t.ok(cosine(sentence!, reference!) >= 0.9999, 'a document batch keeps its vectors');
  t.same(await threaded.embedDocuments([]), [], 'an empty batch costs no message');
});

t.test('a closed thread refuses new queries with a clear error', async (t) => {
  const main: Embedder = await sharedEmbedder();
  const threaded = withEmbedThread(
    main,
    { modelsDir: MODELS_DIR, modelId: MODEL, options: DEFAULT_EMBEDDER_OPTIONS },
    { queries: true },
  );
  await threaded.embedQuery('load the model');
  await threaded.close();
  await t.rejects(threaded.embedQuery('after close'), /shutting down/);
});

t.test('a thread whose model is missing rejects the query, and the next one tries again', async (t) => {
  const main: Embedder = await sharedEmbedder();
  const threaded = withEmbedThread(
    main,
    { modelsDir: '/nonexistent-models', modelId: MODEL, options: DEFAULT_EMBEDDER_OPTIONS },
    { queries: true },
  );
  t.teardown(() => threaded.close());
  await t.rejects(threaded.embedQuery('anything'), /embedding (thread|model)/);
  await t.rejects(threaded.embedQuery('again'), /embedding (thread|model)/);
});
