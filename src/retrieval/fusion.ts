/**
 * Fusion of ranked candidate lists from several retrievers (legs) into one list.
 *
 * - Reciprocal rank fusion uses ranks only: robust when the legs' scores are incomparable, but
 *   it throws away how far apart candidates are.
 * - Normalised score fusion (a convex combination of min-max normalised scores) keeps the
 *   margins. Bruch, Gai & Ingber, "An Analysis of Fusion Functions for Hybrid Retrieval", ACM
 *   TOIS 42(1), 2023 (https://doi.org/10.1145/3596512), find it beats RRF in and out of domain,
 *   is largely insensitive to the normalisation chosen, and needs few labelled queries to tune
 *   its single weight α.
 */

/** A candidate with its score under one leg or after fusion; higher is better. */
export interface ScoredId {
  id: string;
  score: number;
}

/** One leg's candidates (any order) and its weight in a score fusion. */
export interface WeightedLeg {
  hits: readonly ScoredId[];
  weight: number;
}

/** Sorts best first; ties keep the order in which ids were first seen (stable sort). */
const byScore = (scores: Map<string, number>): ScoredId[] =>
  [...scores.entries()].map(([id, score]) => ({ id, score })).sort((a, b) => b.score - a.score);

/**
 * Reciprocal rank fusion: score(d) = Σ 1 / (k + rank_i(d)), ranks from 1, k = 60
 * (Cormack, Clarke & Büttcher, "Reciprocal Rank Fusion outperforms Condorcet and individual
 * rank learning methods", SIGIR 2009).
 * @param rankings lists of ids, best first.
 * @returns ids with fused scores, best first.
 */
export function reciprocalRankFusion(rankings: string[][], k = 60): ScoredId[] {
  const scores = new Map<string, number>();
  for (const ranking of rankings) {
    ranking.forEach((id, index) => scores.set(id, (scores.get(id) ?? 0) + 1 / (k + index + 1)));
  }
  return byScore(scores);
}

/**
 * Min-max normalisation of one leg's scores to [0, 1]: (s − min) / (max − min), min and max
 * taken over the leg's own candidates. When every score is equal (one candidate, or ties) each
 * becomes 1: they are all the leg's best. Order and ids are kept; an empty list stays empty.
 */
export function minMaxNormalize(hits: readonly ScoredId[]): ScoredId[] {
  if (hits.length === 0) return [];
  let min = Infinity;
  let max = -Infinity;
  for (const h of hits) {
    min = Math.min(min, h.score);
    max = Math.max(max, h.score);
  }
  const range = max - min;
  return hits.map((h) => ({ id: h.id, score: range > 0 ? (h.score - min) / range : 1 }));
}

/**
 * Normalised score fusion: score(d) = Σ_legs weight × minmax(score_leg(d)), where a candidate
 * missing from a leg gets 0 there (it scored below that leg's whole candidate list). With two
 * legs and weights α, 1 − α this is Bruch et al.'s convex combination (α on the dense leg).
 * Weights are used as given (not renormalised); fused scores lie in [0, Σ weights].
 * @returns the union of the legs' ids with fused scores, best first.
 */
export function normalizedScoreFusion(legs: readonly WeightedLeg[]): ScoredId[] {
  const scores = new Map<string, number>();
  for (const leg of legs) {
    for (const { id, score } of minMaxNormalize(leg.hits)) {
      scores.set(id, (scores.get(id) ?? 0) + leg.weight * score);
    }
  }
  return byScore(scores);
}
