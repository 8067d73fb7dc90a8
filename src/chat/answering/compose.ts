/**
 * The extractive answer's text: the short answer first (the span that answers),
 * cited, then the sentence that supports it, cited; a second sentence only when the ranker
 * rates it nearly as likely to hold the answer as the first.
 */
import type { RankedSentence } from './assess.ts';
import { predict, type LogisticModel } from './logistic.ts';
import { questionKind, spanCandidates } from './spans.ts';
import { DATE } from '../llm/sentence-scoring.ts';

/** Least span-model probability for a span to lead the answer; below it the sentence alone answers. */
const MIN_SPAN_PROBABILITY = 0.25;
/** A second sentence is quoted when its probability is at least this share of the best one's. */
const SECOND_SENTENCE_RATIO = 0.7;

/** "… 2020." → "… 2020 [1]." — the marker goes before the closing punctuation. */
export function cite(sentence: string, citation: number): string {
  return /[.!?]["”’)]?$/.test(sentence)
    ? sentence.replace(/([.!?]["”’)]?)$/, ` [${citation}]$1`)
    : `${sentence} [${citation}]`;
}

/** The best span of `sentence` for `question`, or null when none is convincing. */
export function shortAnswer(question: string, sentence: string, model: LogisticModel): string | null {
  const kind = questionKind(question);
  if (kind === 'why' || kind === 'how') return null;
  // A date asked for is the whole date, not the month the span model may prefer.
  const date = kind === 'when' ? DATE.exec(sentence) : null;
  if (date) return date[0];
  let best: { text: string; p: number } | null = null;
  for (const span of spanCandidates(question, sentence)) {
    const p = predict(model, span.features);
    if (!best || p > best.p) best = { text: span.text, p };
  }
  if (!best || best.p < MIN_SPAN_PROBABILITY || best.text.length > sentence.length * 0.6) return null;
  return best.text.replace(/[,;:]$/, '');
}

/**
 * The answer text for ranked candidates (best first), each quote cited to its source.
 */
export function composeAnswer(
  question: string,
  ranked: readonly RankedSentence[],
  spanModel: LogisticModel,
): string {
  const best = ranked[0]!;
  const parts = [cite(best.sentence, best.citation)];
  const second = ranked[1];
  if (
    second &&
    second.sentence !== best.sentence &&
    second.probability >= SECOND_SENTENCE_RATIO * best.probability
  )
    parts.push(cite(second.sentence, second.citation));
  const lead = shortAnswer(question, best.sentence, spanModel);
  return lead ? `${lead} [${best.citation}].\n\n${parts.join(' ')}` : parts.join(' ');
}
