/**
 * The extractive answer's text: the short answer first (the span that answers),
 * cited, then the sentence that supports it, cited; a second sentence only when the ranker
 * rates it nearly as likely to hold the answer as the first.
 */
import type { RankedSentence } from './assess.ts';
import { softmaxScores, type LogisticModel } from './logistic.ts';
import { questionKind, spanCandidates } from './spans.ts';
import { DATE, answerType } from '../llm/sentence-scoring.ts';
import { countedValue, identifierOf, ownerOf } from './span-rules.ts';
import { distinctEvidence } from './answerability.ts';
import { ASKS_FOR_NAMED, fitsKind } from './span-kinds.ts';

export { countedValue } from './span-rules.ts';

/** Every date of a sentence (DATE, matched globally). */
const DATES = new RegExp(DATE.source, 'gi');

/**
 * Least span-model probability (softmax over the sentence's candidate spans) for a span to lead
 * the answer; below it the sentence alone answers. Fitted with SPAN_ALONE_PROBABILITY.
 */
const MIN_SPAN_PROBABILITY = 0.3;
/**
 * Least span probability for the span to answer alone, without its supporting sentence (which
 * the sources event and the cited chunk still carry). Fitted on the SQuAD 2.0 FIT articles by
 * scripts/answers/compose-curve.ts: see docs/chat.md "The answer's shape".
 */
export const SPAN_ALONE_PROBABILITY = 0.4;
/** A second sentence is quoted when its probability is at least this share of the best one's. */
const SECOND_SENTENCE_RATIO = 0.3;

/** "… 2020." → "… 2020 [1]." — the marker goes before the closing punctuation. */
export function cite(sentence: string, citation: number): string {
  return /[.!?]["”’)]?$/.test(sentence)
    ? sentence.replace(/([.!?]["”’)]?)$/, ` [${citation}]$1`)
    : `${sentence} [${citation}]`;
}

/** A short answer and the span model's probability for it (1 for a date asked for). */
export interface SpanAnswer {
  text: string;
  probability: number;
}

/**
 * The best span of `sentence` for `question` with its probability, or null when none is
 * convincing (below MIN_SPAN_PROBABILITY, or most of the sentence) or the question asks why/how.
 */
export function spanAnswer(
  question: string,
  sentence: string,
  model: LogisticModel,
  minProbability = MIN_SPAN_PROBABILITY,
): SpanAnswer | null {
  const kind = questionKind(question);
  // A table row is answered by tables.ts or quoted whole: its cells are no sentence to cut.
  if (kind === 'why' || kind === 'how' || sentence.includes(' | ')) return null;
  const spans = spanCandidates(question, sentence);
  const scores = softmaxScores(
    model,
    spans.map((span) => span.features),
  );
  // A date asked for is the whole date, not the month the span model may prefer. The one date of
  // the sentence is the answer; of several ("On October 29 … and on November 7 …") the span model
  // chooses, its probabilities renormalised over the dates alone.
  const dates = kind === 'when' ? [...sentence.matchAll(DATES)] : [];
  if (dates.length === 1) return { text: dates[0]![0], probability: 1 };
  if (dates.length > 1) {
    const scoreOf = (d: RegExpExecArray) =>
      spans.reduce((m, span, i) => (span.start === d.index && span.text === d[0] ? scores[i]! : m), 0);
    const dateScores = dates.map(scoreOf);
    const total = dateScores.reduce((a, b) => a + b, 0);
    const best = dateScores.indexOf(Math.max(...dateScores));
    return { text: dates[best]![0], probability: total > 0 ? dateScores[best]! / total : 1 / dates.length };
  }
  const counted = kind === 'howmany' ? countedValue(question, sentence) : null;
  if (counted) return { text: counted, probability: 1 };
  const owner = kind === 'who' || ASKS_FOR_NAMED.test(question) ? ownerOf(question, sentence) : null;
  if (owner) return { text: owner, probability: 1 };
  const identifier = answerType(question) === 'code' ? identifierOf(question, sentence) : null;
  if (identifier) return { text: identifier, probability: 1 };
  let best: SpanAnswer | null = null;
  for (let i = 0; i < spans.length; i++) {
    const span = spans[i]!;
    // A key in square brackets ("[RANGE]", "[5]") points at a reference; it answers nothing.
    const bracketed = sentence[span.start - 1] === '[' && sentence[span.end] === ']';
    // A number opening the sentence before a capitalised word is a footnote or section mark a
    // PDF left there ("9 An AOA disagree alert …", "3.1 Layout Detection Models …").
    const mark =
      span.start === 0 &&
      /^\d{1,2}(\.\d{1,2})*$/.test(span.text) &&
      /^\s+\p{Lu}/u.test(sentence.slice(span.end));
    if (
      !bracketed &&
      !mark &&
      fitsKind(kind, span.text, question) &&
      (!best || scores[i]! > best.probability)
    )
      best = { text: span.text, probability: scores[i]! };
  }
  if (!best || best.probability < minProbability || best.text.length > sentence.length * 0.6) return null;
  return { text: best.text.replace(/[,;:]$/, ''), probability: best.probability };
}

/** The best span of `sentence` for `question`, or null when none is convincing. */
export function shortAnswer(question: string, sentence: string, model: LogisticModel): string | null {
  return spanAnswer(question, sentence, model)?.text ?? null;
}

/** Lower case, single spaces, no closing punctuation: how two quotes are compared. */
const flat = (text: string) =>
  text
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/[\s.!?;:]+$/, '');

/** Whether one sentence holds the other whole: the same quote from two overlapping chunks. */
const repeats = (a: string, b: string) => flat(a).includes(flat(b)) || flat(b).includes(flat(a));

/**
 * The answer text for ranked candidates (best first), each quote cited to its source: the span
 * alone when the ranker's probability for its sentence times the span model's for the span is at
 * least `spanAlone` (0..1), else the span (when rated at
 * least `spanLead`) followed by the supporting sentence and, when the ranker rates it close, a
 * second one. Both thresholds default to the fitted constants above.
 */
export function composeAnswer(
  question: string,
  ranked: readonly RankedSentence[],
  spanModel: LogisticModel,
  {
    spanAlone = SPAN_ALONE_PROBABILITY,
    spanLead = MIN_SPAN_PROBABILITY,
    secondRatio = SECOND_SENTENCE_RATIO,
  } = {},
): string {
  const [best, ...rest] = distinctEvidence(ranked);
  // A copy of the best sentence from an overlapping chunk ("… MacOS 10.5." and "… MacOS 10.5.
  // Benchmark results.") says nothing more: the next sentence that differs is the second.
  const second = rest.find((c) => !repeats(c.sentence, best!.sentence));
  const parts = [cite(best!.sentence, best!.citation)];
  if (second && second.probability >= secondRatio * best!.probability)
    parts.push(cite(second.sentence, second.citation));
  const lead = spanAnswer(question, best!.sentence, spanModel, spanLead);
  if (!lead) return parts.join(' ');
  // P(the span answers) = P(its sentence is the one) × P(the span | the sentence).
  if (best!.probability * lead.probability >= spanAlone) return `${lead.text} [${best!.citation}].`;
  return `${lead.text} [${best!.citation}].\n\n${parts.join(' ')}`;
}
