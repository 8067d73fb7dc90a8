import t from 'tap';
import { loadConfig } from '../../src/config/index.ts';
import { loadTransformersEmbedder } from '../../src/embeddings/transformers.embedder.ts';
import { withEmbedThread } from '../../src/ingestion/embed-thread.ts';
import { MODELS_DIR } from '../helpers/app.ts';

t.test('documents embedded on the thread match the main thread, in order', async (t) => {
  const config = loadConfig({ ...process.env, MODELS_DIR });
  const main = await loadTransformersEmbedder(config.modelsDir, config.embeddingModel, config.embed);
  const threaded = withEmbedThread(main, {
    modelsDir: config.modelsDir,
    modelId: config.embeddingModel,
    options: config.embed,
  });
  t.teardown(() => threaded.close());
  const texts = ['The deadline for comments is 30 days.', 'Widgets are blue.', 'Une phrase en français.'];
  const [mine, theirs] = await Promise.all([main.embedDocuments(texts), threaded.embedDocuments(texts)]);
  t.equal(theirs.length, texts.length);
  for (let i = 0; i < texts.length; i++) {
    t.equal(theirs[i]!.length, main.dimensions);
    const maxDiff = Math.max(...theirs[i]!.map((x, k) => Math.abs(x - mine[i]![k]!)));
    t.ok(maxDiff < 1e-5, `text ${i}: same vector (max difference ${maxDiff})`);
  }
  t.same(await threaded.embedDocuments([]), [], 'nothing to embed, no thread call');
  t.equal(threaded.count('two words'), main.count('two words'), 'counting stays on the main thread');
});

t.test('a model the thread cannot load rejects the call instead of hanging', async (t) => {
  const config = loadConfig({ ...process.env, MODELS_DIR });
  const main = await loadTransformersEmbedder(config.modelsDir, config.embeddingModel, config.embed);
  const threaded = withEmbedThread(main, {
    modelsDir: '/nonexistent-models',
    modelId: config.embeddingModel,
    options: config.embed,
  });
  t.teardown(() => threaded.close());
  await t.rejects(threaded.embedDocuments(['text']), /embedding thread: .*not found/);
});
