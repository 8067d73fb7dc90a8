/**
 * The extractive answer's text: the short answer first (the span that answers),
 * cited, then the sentence that supports it, cited; a second sentence only when the ranker
 * rates it nearly as likely to hold the answer as the first.
 */
import type { RankedSentence } from './assess.ts';
import { softmaxScores, type LogisticModel } from './logistic.ts';
import { questionKind, spanCandidates } from './spans.ts';
import { DATE, answerType, termsOf } from '../llm/sentence-scoring.ts';
import { countedValue, identifierOf, ownerOf } from './span-rules.ts';
import { distinctEvidence } from './answerability.ts';

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

const MONTH_WORD = /\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b/i;
const BARE_YEAR = /^(1\d{3}|20\d{2})s?$/;
/** Digits in three or more dash-separated groups, or long groups joined: a docket, an AD, an EIN. */
const IDENTIFIER = /\d+[–—-]\d+[–—-]\d+|\d{2,}[–—-]\d{5,}/;
/** A number or a code asked for by name (a quantity's measure is ASKS_FOR_QUANTITY). */
const ASKS_FOR_FIGURE = /\b(what|which)\b.*\b(number|code|identifier|zip|phone)\b/i;
/** A quantity asked for by its measure: a docket or a directive number is no price or rate. */
const ASKS_FOR_QUANTITY = /\b(what|which)\b.*\b(price|cost|fee|amount|rate|percentage|total|wage|salary)\b/i;
/** "Which company …", "What organisation …": a name, never a bare figure (a reference mark "(5)"). */
const ASKS_FOR_NAMED =
  /\b(which|what)\s+(company|companies|firm|organi[sz]ation|agency|university|person|country|city|state|language|browser|engine|library|team|project|product)\b/i;

/**
 * A year, a month that cannot be a word ("May", "March" can), or any month with its day ("March
 * 24"): a span that dates, not names.
 */
const DATED =
  /\b(1\d{3}|20\d{2})\b|\b(january|february|april|june|july|september|october|november|december)\b|\b(january|february|march|april|may|june|july|august|september|october|november|december)\.? \d{1,2}(st|nd|rd|th)?\b/i;

/** Whether every (, [ and { of `text` is closed in it, in order, and nothing else is closed. */
function bracketsBalance(text: string): boolean {
  const open: string[] = [];
  const pairs: Record<string, string> = { ')': '(', ']': '[', '}': '{' };
  for (const ch of text) {
    if (ch === '(' || ch === '[' || ch === '{') open.push(ch);
    else if (ch in pairs && open.pop() !== pairs[ch]) return false;
  }
  return open.length === 0;
}

/**
 * Whether a span can be what the question's wh-word asks for: a count has a figure and is no
 * date or code, a time has a year, a month or a figure, a person or a place is no bare date or
 * figure, a "what … number/code/fee" has a figure; a legal form alone is never an answer. The
 * span model only prefers these; a lead that breaks them ("February 28" for "Who founded …?")
 * reads as wrong.
 */
function fitsKind(kind: ReturnType<typeof questionKind>, span: string, question: string): boolean {
  // A company's legal form alone ("Inc", from "Galaxy Gaming, Inc") names nothing.
  if (/^(inc|ltd|llc|llp|corp|co|plc|gmbh|ag|sa|nv|bv)\.?$/i.test(span)) return false;
  // Function words alone ("can", "it is") answer nothing.
  if (!/\d/.test(span) && termsOf(span).length === 0) return false;
  // A bracket opened and not closed, or closed and not opened, cuts a phrase: "function mammoth.style(".
  if (!bracketsBalance(span)) return false;
  // A quantity is no date, no bare year and no identifier ("July 16", "2012", "2018–23–51").
  if (kind === 'howmany')
    return /\d/.test(span) && !MONTH_WORD.test(span) && !BARE_YEAR.test(span) && !IDENTIFIER.test(span);
  // "What is the docket number / the status code / the fee?" asks for a figure or a code.
  if (kind === 'what' && ASKS_FOR_QUANTITY.test(question)) return /\d/.test(span) && !IDENTIFIER.test(span);
  if (kind === 'what' && ASKS_FOR_FIGURE.test(question)) return /\d/.test(span);
  if (kind === 'when') return /\d|centur/i.test(span) || MONTH_WORD.test(span);
  // "Which company …?" asks for a name as "Who …?" does: "July 2003" is no company.
  if (kind === 'who' || kind === 'where' || (kind === 'what' && ASKS_FOR_NAMED.test(question)))
    return !DATED.test(span) && /\p{L}/u.test(span);
  return true;
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
