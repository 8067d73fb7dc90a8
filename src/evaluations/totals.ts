/**
 * A run's totals from its per-question scores (docs/evaluations.md "Figures"). Every rate is a
 * share in 0..1 of the questions it applies to, null when none applies; counts alongside.
 */
import type { Question, QuestionKind } from './question-set.ts';
import { percentile, type Observation, type QuestionScores } from './metrics.ts';

/** One question's record in a run: the question, what was observed, and its scores. */
export interface QuestionResult extends Observation {
  question: Question;
  scores: QuestionScores;
}

export interface Totals {
  questions: number;
  answerable: number;
  unanswerable: number;
  /** Answerable questions with an expected document among the retrieved ones (hit@k, k = topK). */
  hitAtK: number | null;
  /** Answerable questions whose answer cites an expected document. */
  rightCitation: number | null;
  /** Answerable questions answered (not refused) with an expected string in the answer. */
  contains: number | null;
  /** Answerable questions whose answer's first sentence holds an expected string ("lead answer"). */
  leadAnswer: number | null;
  /** Mean SQuAD token F1 over answerable questions (a refusal scores 0). */
  tokenF1: number | null;
  /** Mean SQuAD 2.0 F1 over all questions (refusal of an unanswerable question scores 1). */
  squadF1: number | null;
  /** Answerable questions refused. */
  falseRefusals: number | null;
  /** Unanswerable questions refused. */
  refusalsOnUnanswerable: number | null;
  /** `contains` per kind of answerable question (fact, table, followup), when the set has any. */
  containsByKind: Partial<Record<Exclude<QuestionKind, 'unanswerable'>, number>>;
  /** Questions whose answering failed (counted as refused). */
  errors: number;
  /** Request to `done`, ms (questions that failed left out). */
  latencyMs: { p50: number | null; p95: number | null };
  /** Request to the first `token` event, ms. */
  ttftMs: { p50: number | null; p95: number | null };
}

const mean = (xs: readonly number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);
const share = (xs: readonly (boolean | null)[]) => {
  const applicable = xs.filter((x): x is boolean => x !== null);
  return applicable.length ? applicable.filter(Boolean).length / applicable.length : null;
};

/** Totals over a run's results (any order). */
export function computeTotals(results: readonly QuestionResult[]): Totals {
  const answerable = results.filter((r) => !r.question.unanswerable);
  const unanswerable = results.filter((r) => r.question.unanswerable);
  const containsByKind: Totals['containsByKind'] = {};
  for (const kind of ['fact', 'table', 'followup'] as const) {
    const ofKind = answerable.filter((r) => r.question.kind === kind);
    if (ofKind.length) containsByKind[kind] = share(ofKind.map((r) => r.scores.contains))!;
  }
  // A failed question has no timing worth counting.
  const answered = results.filter((r) => r.error === undefined);
  const latencies = answered.map((r) => r.latencyMs);
  const ttfts = answered.flatMap((r) => (r.ttftMs === null ? [] : [r.ttftMs]));
  return {
    questions: results.length,
    answerable: answerable.length,
    unanswerable: unanswerable.length,
    hitAtK: share(answerable.map((r) => r.scores.hit)),
    rightCitation: share(answerable.map((r) => r.scores.rightCitation)),
    contains: share(answerable.map((r) => r.scores.contains)),
    leadAnswer: share(answerable.map((r) => r.scores.leadContains ?? null)),
    tokenF1: mean(answerable.map((r) => r.scores.tokenF1 ?? 0)),
    squadF1: mean(results.map((r) => r.scores.squadF1)),
    falseRefusals: share(answerable.map((r) => r.refused)),
    refusalsOnUnanswerable: share(unanswerable.map((r) => r.refused)),
    containsByKind,
    errors: results.filter((r) => r.error !== undefined).length,
    latencyMs: { p50: percentile(latencies, 50), p95: percentile(latencies, 95) },
    ttftMs: { p50: percentile(ttfts, 50), p95: percentile(ttfts, 95) },
  };
}
