/**
 * The embeddings of the answerer's shortlisted sentences (assess.ts), remembered per chunk. The
 * shortlist's embedding is the rules' largest cost at answer time (≈ 135 ms for 10 sentences on a
 * 2-core AVX2 host, beside the reader's own read), and the chunks a company's questions retrieve
 * repeat: 45 % of the top-6 chunks of the fixtures' first 16 test questions, 76 % over the 331 dev
 * questions, had come up for an earlier question (docs/benchmarks.md, issue 37 round 9).
 *
 * Keyed by chunk id and sentence: a vector is a function of the text and the model alone, so an
 * entry never goes stale (a chunk rewritten in place keeps its id but changes its sentences, which
 * are in the key). Never shared between chunks, so never between companies: a cache hit cannot
 * tell one company, by the answer's timing, that a sentence is in another's documents. Web results
 * are not chunks (their `web_<n>` ids repeat in every company): assess.ts passes no id for them.
 */
import type { Embedder } from '../../embeddings/embedder.ts';
import { TtlLru } from '../../lib/ttl-lru.ts';

/** Sentences remembered per embedder: 384 float64 each, ≈ 3 kB, so ≈ 13 MB in all. */
export const SENTENCE_VECTORS_KEPT = 4096;
/** An idle process lets its entries go after this long (ms); they never become wrong. */
const KEPT_MS = 60 * 60 * 1000;

const caches = new WeakMap<Embedder, TtlLru<string, Float64Array>>();

/** A sentence to embed, and the chunk it was read from (absent: not remembered). */
export interface SentenceToEmbed {
  sentence: string;
  chunkId?: string | undefined;
}

/**
 * The passage embeddings of `items`' sentences, in order, as `embedder.embedDocuments` gives
 * them; those of a chunk seen before come from memory, the rest in one call.
 * @throws what embedDocuments throws (nothing is remembered then)
 */
export async function embedSentences(
  embedder: Embedder,
  items: readonly SentenceToEmbed[],
): Promise<ArrayLike<number>[]> {
  let cache = caches.get(embedder);
  if (!cache) caches.set(embedder, (cache = new TtlLru(SENTENCE_VECTORS_KEPT, KEPT_MS)));
  const keys = items.map((item) => (item.chunkId ? `${item.chunkId}\n${item.sentence}` : null));
  const vectors: (ArrayLike<number> | undefined)[] = keys.map((key) => (key ? cache.get(key) : undefined));
  const missing = items.flatMap((item, i) => (vectors[i] ? [] : [i]));
  if (missing.length > 0) {
    const embedded = await embedder.embedDocuments(missing.map((i) => items[i]!.sentence));
    missing.forEach((i, j) => {
      // Float64: the very numbers embedDocuments gave (normalised in double precision).
      const vector = Float64Array.from(embedded[j]!);
      vectors[i] = vector;
      if (keys[i]) cache.set(keys[i], vector);
    });
  }
  return vectors as ArrayLike<number>[];
}
