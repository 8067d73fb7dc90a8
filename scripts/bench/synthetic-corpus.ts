/**
 * A synthetic corpus of any size for `npm run bench:scale`, built quickly from real text:
 * - seeds: SciFact abstracts cut into ~180-word passages (about one 256-token chunk each); the
 *   first `seedCount` are embedded with the real model;
 * - every other chunk is a variant of a seed: its sentences rotated and ~15% of its words swapped
 *   for words of another seed (so BM25 sees realistic term statistics, not copies), and its vector
 *   the seed's plus Gaussian noise (σ = 0.03 per dimension), re-normalised — near neighbours of the
 *   real vector, as paraphrases would be, so HNSW faces real-looking clusters.
 * Deterministic: a seeded PRNG (mulberry32) drives every choice.
 */
import { readCorpus } from './beir.ts';
import type { Embedder } from '../../src/embeddings/embedder.ts';

/** mulberry32 (Tommy Ettinger, public domain): a small seeded 32-bit PRNG, uniform in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface Seed {
  text: string;
  vector: Float32Array;
}

/** Real passages with real embeddings; `embedSeconds` is the model's share of the build time. */
export async function buildSeeds(
  beirDir: string,
  embedder: Embedder,
  seedCount: number,
): Promise<{ seeds: Seed[]; embedSeconds: number }> {
  const passages: string[] = [];
  for await (const doc of readCorpus(beirDir)) {
    const words = `${doc.title}. ${doc.text}`.split(/\s+/).filter(Boolean);
    for (let i = 0; i < words.length && passages.length < seedCount; i += 180) {
      if (words.length - i >= 40) passages.push(words.slice(i, i + 180).join(' '));
    }
    if (passages.length >= seedCount) break;
  }
  const started = performance.now();
  const vectors = await embedder.embedDocuments(passages);
  const embedSeconds = (performance.now() - started) / 1000;
  return {
    seeds: passages.map((text, i) => ({ text, vector: Float32Array.from(vectors[i]!) })),
    embedSeconds,
  };
}

/** Standard normal by Box–Muller. */
function gaussian(random: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

/** The i-th chunk of the corpus: seed i itself while i < seeds, else a variant of seed i mod seeds. */
export function syntheticChunk(seeds: readonly Seed[], i: number): { text: string; vector: number[] } {
  const seed = seeds[i % seeds.length]!;
  if (i < seeds.length) return { text: seed.text, vector: Array.from(seed.vector) };
  const random = mulberry32(i);
  const sentences = seed.text.split(/(?<=\.)\s+/);
  const shift = Math.floor(random() * sentences.length);
  const words = [...sentences.slice(shift), ...sentences.slice(0, shift)].join(' ').split(' ');
  const donor = seeds[Math.floor(random() * seeds.length)]!.text.split(' ');
  for (let w = 0; w < words.length; w++) {
    if (random() < 0.15) words[w] = donor[Math.floor(random() * donor.length)]!;
  }
  const vector = Array.from(seed.vector, (x) => x + 0.03 * gaussian(random));
  const norm = Math.sqrt(vector.reduce((s, x) => s + x * x, 0));
  return { text: words.join(' '), vector: vector.map((x) => x / norm) };
}
