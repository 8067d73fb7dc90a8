/**
 * The two baselines `npm run bench:answers` prints beside the answerer, built on the very
 * sources the answerer saw (same retrieval, same run): "always refuse", and "quote the top
 * sentence of the top chunk" (cited [1]).
 */
import { normalizeAnswer, scoreQuestion, type Observation } from '../../src/evaluations/metrics.ts';
import type { Question } from '../../src/evaluations/question-set.ts';
import type { QuestionResult } from '../../src/evaluations/totals.ts';

// Function words that say nothing about which sentence answers (a short list, English only).
const STOPWORDS = new Set(
  'what which who whom whose when where why how is are was were be been do does did of in on at to for by with from and or it its this that these those as into than then there their they he she his her can could would should will may might has have had not no yes about'.split(
    ' ',
  ),
);

/** Sentences of a chunk: split after . ! ? followed by white space (a heuristic, as in extractive answers). */
export function sentencesOf(text: string): string[] {
  return text
    .replace(/\s+/g, ' ')
    .split(/(?<=[.!?])\s+(?=[A-Z0-9"“(])/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * The sentence of `chunk` holding the most distinct content words of the question (ties: the
 * earlier sentence); the first sentence when none holds any.
 */
export function topSentence(question: string, chunk: string): string {
  const terms = new Set(
    normalizeAnswer(question)
      .split(' ')
      .filter((w) => w && !STOPWORDS.has(w)),
  );
  let best = '';
  let bestHits = -1;
  for (const sentence of sentencesOf(chunk)) {
    const words = new Set(normalizeAnswer(sentence).split(' '));
    const hits = [...terms].filter((t) => words.has(t)).length;
    if (hits > bestHits) {
      best = sentence;
      bestHits = hits;
    }
  }
  return best;
}

/** "Always refuse": the refusal for every question, on the answerer's retrieval. */
export function refuseAll(question: Question, seen: Observation): QuestionResult {
  const o: Observation = {
    answer: 'I could not find an answer to this question in the available documents.',
    refused: true,
    citedDocuments: [],
    retrievedDocuments: seen.retrievedDocuments,
    latencyMs: 0,
    ttftMs: null,
  };
  return { ...o, question, scores: scoreQuestion(question, o) };
}

/**
 * "Quote the top sentence of the top chunk": the retrieval's first chunk (`[1]`), its best
 * sentence by topSentence, cited to its document; a refusal when nothing was retrieved.
 */
export function quoteTopSentence(
  question: Question,
  seen: Observation,
  top: { documentName: string; text: string } | null,
): QuestionResult {
  const sentence = top ? topSentence(question.question, top.text) : '';
  if (!top || !sentence) return refuseAll(question, seen);
  const o: Observation = {
    answer: `${sentence} [1]`,
    refused: false,
    citedDocuments: [top.documentName],
    retrievedDocuments: seen.retrievedDocuments,
    latencyMs: 0,
    ttftMs: null,
  };
  return { ...o, question, scores: scoreQuestion(question, o) };
}
