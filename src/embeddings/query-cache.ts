import { cacheLookups } from '../metrics/registry.ts';
import type { Embedder } from './embedder.ts';

/**
 * Wraps an embedder so repeated search queries skip the model: `embedQuery` results are kept in
 * a least-recently-used map of at most `capacity` entries (a Map keeps insertion order, so the
 * first key is the least recently used one). Concurrent calls for the same text share one
 * model run. Vectors are frozen copies; document embedding is not cached.
 * @param capacity entries kept; 0 returns the embedder unchanged.
 */
export function withQueryCache(inner: Embedder, capacity: number): Embedder {
  if (capacity <= 0) return inner;
  const cache = new Map<string, Promise<number[]>>();
  return {
    modelId: inner.modelId,
    dimensions: inner.dimensions,
    maxTokens: inner.maxTokens,
    count: (text) => inner.count(text),
    embedDocuments: (texts) => inner.embedDocuments(texts),
    embedQuery(text) {
      const hit = cache.get(text);
      cacheLookups.inc({ cache: 'query_embedding', result: hit ? 'hit' : 'miss' });
      if (hit) {
        cache.delete(text);
        cache.set(text, hit);
        return hit;
      }
      const pending = inner.embedQuery(text).then((v) => Object.freeze([...v]) as number[]);
      // A failed run is not remembered: the next call tries the model again.
      pending.catch(() => cache.delete(text));
      cache.set(text, pending);
      if (cache.size > capacity) cache.delete(cache.keys().next().value!);
      return pending;
    },
  };
}
