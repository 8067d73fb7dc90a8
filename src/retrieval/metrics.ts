/**
 * Offline retrieval metrics with the definitions BEIR reports (Thakur et al., "BEIR: A
 * Heterogeneous Benchmark for Zero-shot Evaluation of Information Retrieval Models", NeurIPS 2021
 * Datasets and Benchmarks), which computes them with pytrec_eval (trec_eval's `ndcg_cut`,
 * `recall`) plus its own MRR@k:
 *
 * - nDCG@k: DCG@k = Σ_{i=1..k} rel_i / log2(i + 1) with the graded judgement as the gain
 *   (linear gain, as trec_eval), divided by the DCG@k of the ideal ranking: every judged
 *   document of the query sorted by grade.
 * - Recall@k: relevant documents (grade > 0) in the top k / all relevant documents of the query.
 * - MRR@k: 1 / rank of the first relevant document in the top k, 0 when none is there.
 *
 * Unjudged documents count as not relevant. Queries without any relevant document in the qrels
 * are skipped, as BEIR does. A query of the qrels that the run has no entry for scores 0 (an
 * empty ranking) instead of being dropped, so a failing system is not flattered.
 */

/** Judgements: query id → document id → grade (0 = judged not relevant). */
export type Qrels = Map<string, Map<string, number>>;

/** A run: query id → document ids, best first, without duplicates. */
export type Run = Map<string, string[]>;

/** Metric values of one query, each in [0, 1]. */
export interface QueryMetrics {
  ndcg: number;
  recall: number;
  mrr: number;
}

/** Cut-offs of each metric (BEIR's usual report: nDCG@10, Recall@100, MRR@10). */
export interface MetricCutoffs {
  ndcgAt: number;
  recallAt: number;
  mrrAt: number;
}

/** Per-query values and their arithmetic means over the evaluated queries. */
export interface Evaluation {
  cutoffs: MetricCutoffs;
  perQuery: Map<string, QueryMetrics>;
  mean: QueryMetrics;
  /** Queries evaluated: those with at least one relevant document in the qrels. */
  queries: number;
}

const gain = (grade: number | undefined) => Math.max(0, grade ?? 0);

function dcg(grades: number[], k: number): number {
  let sum = 0;
  for (let i = 0; i < Math.min(k, grades.length); i++) sum += gain(grades[i]) / Math.log2(i + 2);
  return sum;
}

/**
 * nDCG@k of one ranking (linear gain = grade, log2 discount from rank 1); 0 when the query has
 * no relevant document.
 * @param ranked document ids, best first.
 * @param judged document id → grade for this query.
 */
export function ndcgAt(ranked: readonly string[], judged: ReadonlyMap<string, number>, k: number): number {
  const ideal = dcg(
    [...judged.values()].sort((a, b) => b - a),
    k,
  );
  if (ideal === 0) return 0;
  return (
    dcg(
      ranked.map((id) => judged.get(id) ?? 0),
      k,
    ) / ideal
  );
}

/** Recall@k: relevant (grade > 0) ids in the first k of `ranked` / all relevant ids; 0 if none. */
export function recallAt(ranked: readonly string[], judged: ReadonlyMap<string, number>, k: number): number {
  const relevant = [...judged.values()].filter((g) => g > 0).length;
  if (relevant === 0) return 0;
  return ranked.slice(0, k).filter((id) => (judged.get(id) ?? 0) > 0).length / relevant;
}

/** MRR@k of one query: 1 / rank (from 1) of the first relevant id within the first k, else 0. */
export function mrrAt(ranked: readonly string[], judged: ReadonlyMap<string, number>, k: number): number {
  const index = ranked.slice(0, k).findIndex((id) => (judged.get(id) ?? 0) > 0);
  return index < 0 ? 0 : 1 / (index + 1);
}

/**
 * Scores a run against qrels: every query with at least one relevant document is evaluated
 * (missing from the run → an empty ranking, all metrics 0), the others are skipped; means are
 * unweighted averages over the evaluated queries (0 when there are none).
 */
export function evaluateRun(
  run: Run,
  qrels: Qrels,
  cutoffs: MetricCutoffs = { ndcgAt: 10, recallAt: 100, mrrAt: 10 },
): Evaluation {
  const perQuery = new Map<string, QueryMetrics>();
  for (const [queryId, judged] of qrels) {
    if (![...judged.values()].some((g) => g > 0)) continue;
    const ranked = run.get(queryId) ?? [];
    perQuery.set(queryId, {
      ndcg: ndcgAt(ranked, judged, cutoffs.ndcgAt),
      recall: recallAt(ranked, judged, cutoffs.recallAt),
      mrr: mrrAt(ranked, judged, cutoffs.mrrAt),
    });
  }
  const n = perQuery.size;
  const mean = (key: keyof QueryMetrics) =>
    n === 0 ? 0 : [...perQuery.values()].reduce((s, m) => s + m[key], 0) / n;
  return {
    cutoffs,
    perQuery,
    mean: { ndcg: mean('ndcg'), recall: mean('recall'), mrr: mean('mrr') },
    queries: n,
  };
}
