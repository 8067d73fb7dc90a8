/**
 * Reciprocal rank fusion: score(d) = Σ 1 / (k + rank_i(d)), ranks from 1, k = 60
 * (Cormack, Clarke & Büttcher, "Reciprocal Rank Fusion outperforms Condorcet and individual
 * rank learning methods", SIGIR 2009).
 * @param rankings lists of ids, best first.
 * @returns ids with fused scores, best first.
 */
export function reciprocalRankFusion(rankings: string[][], k = 60): { id: string; score: number }[] {
  const scores = new Map<string, number>();
  for (const ranking of rankings) {
    ranking.forEach((id, index) => scores.set(id, (scores.get(id) ?? 0) + 1 / (k + index + 1)));
  }
  return [...scores.entries()].map(([id, score]) => ({ id, score })).sort((a, b) => b.score - a.score);
}
