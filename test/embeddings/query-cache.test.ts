import t from 'tap';
import { sharedEmbedder } from '../helpers/app.ts';
import { withQueryCache } from '../../src/embeddings/query-cache.ts';
import type { Embedder } from '../../src/embeddings/embedder.ts';

/** Counts the model runs behind the cache (the real model answers them). */
function counting(inner: Embedder) {
  const calls: string[] = [];
  const embedder: Embedder = { ...inner, count: inner.count, embedDocuments: inner.embedDocuments };
  embedder.embedQuery = async (text) => {
    calls.push(text);
    return inner.embedQuery(text);
  };
  return { embedder, calls };
}

t.test('repeated queries reuse the vector; the least recently used entry goes first', async (t) => {
  const model = await sharedEmbedder();
  const { embedder, calls } = counting(model);
  const cached = withQueryCache(embedder, 2);
  const first = await cached.embedQuery('comment deadline');
  t.same(first, await model.embedQuery('comment deadline'), 'the same vector as the model');
  await Promise.all([cached.embedQuery('comment deadline'), cached.embedQuery('comment deadline')]);
  t.same(calls, ['comment deadline'], 'one model run for three calls');
  await cached.embedQuery('second');
  await cached.embedQuery('comment deadline'); // now most recently used
  await cached.embedQuery('third'); // evicts "second"
  await cached.embedQuery('second');
  t.same(calls, ['comment deadline', 'second', 'third', 'second']);
  t.throws(() => (first as number[]).push(1), 'cached vectors cannot be changed by a caller');
});

t.test('capacity 0 is no cache, and a failed run is not remembered', async (t) => {
  const model = await sharedEmbedder();
  t.equal(withQueryCache(model, 0), model);
  let fail = true;
  const flaky: Embedder = {
    ...model,
    embedQuery: async (text) => {
      if (fail) throw new Error('model busy');
      return model.embedQuery(text);
    },
  };
  const cached = withQueryCache(flaky, 10);
  await t.rejects(cached.embedQuery('x'), /model busy/);
  fail = false;
  t.equal((await cached.embedQuery('x')).length, model.dimensions);
});
