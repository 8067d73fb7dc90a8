/**
 * Fitting the span model (src/chat/answering/spans.ts, model.json `span`): a conditional logit
 * over the candidate spans of every retrieved sentence that holds a gold answer; the spans with
 * the best token F1 against the gold answers are the right choices. Shared by fit-answerer.ts
 * (all three models) and fit-spans.ts (the span model alone).
 */
import { candidatesOf } from '../../src/chat/answering/candidates.ts';
import { fitConditionalLogit, type FeatureRow } from '../../src/chat/answering/logistic.ts';
import { spanCandidates, SPAN_FEATURES } from '../../src/chat/answering/spans.ts';
import { containsAny, tokenF1 } from '../../src/evaluations/metrics.ts';

/** An answerable question with the sentences it was shown (any order). */
export interface SpanQuestion {
  question: string;
  expected: string[];
  sentences: string[];
}

/** The sentences of retrieved chunks, as the answerer splits them. */
export function sentencesOf(chunks: readonly { text: string }[]): string[] {
  return candidatesOf(chunks).map((c) => c.sentence);
}

/** Fits the span model; `weightOf` repeats a question's groups (e.g. ×10 for fixtures). */
export function fitSpanModel(questions: SpanQuestion[], weightOf: (q: SpanQuestion) => number = () => 1) {
  const groups: { rows: FeatureRow[]; labels: number[] }[] = [];
  for (const q of questions) {
    for (const sentence of new Set(q.sentences.filter((s) => containsAny(s, q.expected)))) {
      const spans = spanCandidates(q.question, sentence);
      const f1s = spans.map((s) => Math.max(...q.expected.map((g) => tokenF1(s.text, g))));
      const best = Math.max(0, ...f1s);
      if (best === 0) continue;
      const group = { rows: spans.map((s) => s.features), labels: f1s.map((f) => (f === best ? 1 : 0)) };
      for (let k = 0; k < weightOf(q); k++) groups.push(group);
    }
  }
  return fitConditionalLogit(SPAN_FEATURES, groups);
}
