/**
 * Answer metrics of an evaluation run. Normalisation and token F1 follow the official SQuAD 2.0
 * evaluation script (`evaluate-v2.0.py`, https://rajpurkar.github.io/SQuAD-explorer/; Rajpurkar
 * et al., "SQuAD: 100,000+ Questions for Machine Comprehension of Text", EMNLP 2016, and "Know
 * What You Don't Know: Unanswerable Questions for SQuAD", ACL 2018), with three additions for
 * answers a chat service writes: citation markers (`[2]`) are removed, Unicode dashes read as
 * `-`, and Unicode punctuation is removed like ASCII punctuation.
 */
import type { Question } from './question-set.ts';

const CITATION = /\[\d+\]/g;
const DASHES = /[\u2010-\u2015\u2212\uFE58\uFE63\uFF0D]/g;
// string.punctuation of the official script, plus Unicode punctuation and symbols.
const PUNCTUATION = /[!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~\p{P}\p{S}]/gu;
const ARTICLES = /\b(a|an|the)\b/g;

/** An answer's text without its citation markers, whitespace collapsed. */
export function withoutCitations(text: string): string {
  return text.replace(CITATION, '').replace(/\s+/g, ' ').trim();
}

/**
 * SQuAD's `normalize_answer`: lower case, punctuation removed, articles a/an/the removed,
 * whitespace collapsed; first citation markers removed and Unicode dashes mapped to `-` (so
 * "2018–23–51" and "2018-23-51" both become "20182351").
 */
export function normalizeAnswer(text: string): string {
  return text
    .replace(CITATION, ' ')
    .replace(DASHES, '-')
    .toLowerCase()
    .replace(PUNCTUATION, '')
    .replace(ARTICLES, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .join(' ');
}

/** Whether the normalised answer holds any normalised expected string as whole tokens. */
export function containsAny(answer: string, expected: readonly string[]): boolean {
  const haystack = ` ${normalizeAnswer(answer)} `;
  return expected.some((e) => {
    const needle = normalizeAnswer(e);
    return needle !== '' && haystack.includes(` ${needle} `);
  });
}

const SENTENCES = new Intl.Segmenter('en', { granularity: 'sentence' });
// ICU's sentence breaks ignore abbreviations (V8 offers no `ss` suppressions): a segment ending in
// one of these, or in an initial ("J."), runs on into the next.
const ABBREVIATION =
  /(?:^|[\s(])(?:Dr|Mr|Mrs|Ms|Prof|St|No|Nos|vs|etc|e\.g|i\.e|Inc|Ltd|Co|Corp|Fig|Figs|Eq|Sec|al|approx|[A-Z])\.\s*$/;

/**
 * The answer's first sentence (Unicode sentence boundaries, UAX #29, through Intl.Segmenter, not
 * ending at a common abbreviation or an initial), citation markers kept: what a reader takes as
 * the answer before reading on.
 */
export function leadSentence(answer: string): string {
  let lead = '';
  for (const { segment } of SENTENCES.segment(answer.trim())) {
    lead += segment;
    if (lead.trim() && !ABBREVIATION.test(lead)) break;
  }
  return lead.trim();
}

/**
 * SQuAD's `compute_f1` for one gold string: harmonic mean of token precision and recall over
 * the bags of normalised tokens; when either side has no token, 1 if both have none, else 0.
 */
export function tokenF1(prediction: string, gold: string): number {
  const pred = normalizeAnswer(prediction).split(' ').filter(Boolean);
  const truth = normalizeAnswer(gold).split(' ').filter(Boolean);
  if (!pred.length || !truth.length) return pred.length === truth.length ? 1 : 0;
  const counts = new Map<string, number>();
  for (const t of truth) counts.set(t, (counts.get(t) ?? 0) + 1);
  let same = 0;
  for (const t of pred) {
    const n = counts.get(t) ?? 0;
    if (n > 0) {
      same++;
      counts.set(t, n - 1);
    }
  }
  // 2PR/(P+R) with P = same/|pred|, R = same/|truth|, written so exact fractions stay exact.
  return (2 * same) / (pred.length + truth.length);
}

/** SQuAD's score over several gold answers: the best F1 among them (0 for none). */
export function bestTokenF1(prediction: string, gold: readonly string[]): number {
  return gold.reduce((best, g) => Math.max(best, tokenF1(prediction, g)), 0);
}

/** What the runner observed for one question (runner.ts). */
export interface Observation {
  /** The answer as shown, citation markers included. */
  answer: string;
  /** The answer's citationMap was empty: the answerer's refusal. */
  refused: boolean;
  /** Names of the documents the answer's citations point at. */
  citedDocuments: string[];
  /** Names of the documents of the chunks retrieval returned (topK), best first. */
  retrievedDocuments: string[];
  /** From the request to the `done` event, ms. */
  latencyMs: number;
  /** From the request to the first `token` event, ms; null when none came. */
  ttftMs: number | null;
  /** Set when answering failed (the question then counts as refused). */
  error?: string;
}

/** One question's scores; `null` where a score does not apply to the question. */
export interface QuestionScores {
  /** An expected document is among the retrieved ones (answerable questions with documents). */
  hit: boolean | null;
  /** An expected document is cited (answerable questions with documents). */
  rightCitation: boolean | null;
  /** Not refused and the answer contains an expected string (answerable). */
  contains: boolean | null;
  /**
   * Not refused and the answer's first sentence contains an expected string (answerable): a right
   * value after a wrong lead ("2018–23–51 [3]. Comments … by September 21, 2020") counts for
   * `contains`, not here.
   */
  leadContains: boolean | null;
  /** Best token F1 of the answer without markers vs the expected strings; 0 when refused (answerable). */
  tokenF1: number | null;
  /** SQuAD 2.0 F1: as tokenF1 for answerable; 1 for a refused unanswerable question, else 0. */
  squadF1: number;
}

/** Scores one observation of one question (rules in docs/evaluations.md "Figures"). */
export function scoreQuestion(q: Question, o: Observation): QuestionScores {
  if (q.unanswerable)
    return {
      hit: null,
      rightCitation: null,
      contains: null,
      leadContains: null,
      tokenF1: null,
      squadF1: o.refused ? 1 : 0,
    };
  const f1 = o.refused ? 0 : bestTokenF1(withoutCitations(o.answer), q.expected);
  const withDocuments = q.documents.length > 0;
  return {
    hit: withDocuments ? o.retrievedDocuments.some((d) => q.documents.includes(d)) : null,
    rightCitation: withDocuments ? o.citedDocuments.some((d) => q.documents.includes(d)) : null,
    contains: !o.refused && containsAny(o.answer, q.expected),
    leadContains: !o.refused && containsAny(leadSentence(o.answer), q.expected),
    tokenF1: f1,
    squadF1: f1,
  };
}

/** p-th percentile (0..100) by nearest rank; null for no values. */
export function percentile(values: readonly number[], p: number): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
