import type { Embedder } from '../../embeddings/embedder.ts';
import type { GenerationRequest, LlmProvider } from './provider.ts';
import { REFUSAL_SENTENCE } from '../prompt.ts';
import { answerType, holdsAnswerType, idfCoverage, termsOf } from './sentence-scoring.ts';

/** Sentences quoted in an answer. */
const MAX_SENTENCES = 3;
/**
 * Below this combined score no sentence is taken as an answer. Chosen on the repository's test
 * documents: related sentences score 0.45–0.8, unrelated ones under 0.3 (MiniLM cosine + overlap).
 */
const MIN_SCORE = 0.35;

/**
 * Least share of the question's IDF-weighted terms (sentence-scoring.ts) the best sentence must
 * hold, else the answerer refuses. Chosen on test/fixtures/questions.json (npm run bench:chat).
 */
const MIN_COVERAGE = 0.3;

/**
 * Sentences re-scored with the embedding model, best lexical ones first: embedding every
 * candidate (60+ per question) cost over half a second before the first token.
 */
const SHORTLIST = 4;

/** Weight of a sentence that holds the kind of value the question asks for. */
const ANSWER_TYPE_BONUS = 0.15;

/** Sentences this far below the best one are left out: they add noise, not answer. */
const RELATIVE_CUTOFF = 0.2;

/** The refusal, the same sentence a language model is asked for (prompt.ts). */
export const NO_ANSWER = REFUSAL_SENTENCE;

const segmenter = new Intl.Segmenter('en', { granularity: 'sentence' });

/** A table row as the parsers write it: cells joined by " | ". */
const TABLE_ROW = / \| /;

/**
 * Sentences of a chunk, whitespace-normalised, without fragments too short to answer anything.
 * Table rows are units of their own, not parts of one sentence running over the whole table;
 * other lines run together, so a value and its label on the next line stay one candidate.
 */
export function sentencesOf(text: string): string[] {
  const runs: string[] = [];
  let prose: string[] = [];
  const flush = () => {
    if (prose.length > 0) runs.push(prose.join(' '));
    prose = [];
  };
  for (const line of text.split(/\n+/)) {
    if (TABLE_ROW.test(line)) {
      flush();
      runs.push(line);
    } else prose.push(line);
  }
  flush();
  return runs
    .flatMap((run) => [...segmenter.segment(run.replace(/\s+/g, ' '))].map((s) => s.segment.trim()))
    .filter((s) => s.length >= 20 && s.length <= 800 && /\p{L}/u.test(s));
}

const dot = (a: number[], b: number[]) => a.reduce((sum, x, i) => sum + x * b[i]!, 0);

/**
 * The no-LLM answerer (ARCHITECTURE.md: the last resort, so the service answers with no model
 * server): quotes the sentences of the retrieved chunks that best match the question, each with
 * its citation. Every candidate sentence is first scored lexically: the share of the question's
 * IDF-weighted stemmed terms it holds, + 0.15 when it holds the answer type the question asks for
 * (a date, a number), + a small bonus for the better-ranked source. When no sentence covers
 * MIN_COVERAGE of the question, the answer is a refusal. The best SHORTLIST sentences are then
 * re-scored: cosine(question, sentence) under the embedding model + 0.3 × coverage + the bonuses.
 */
export function extractiveProvider(embedder: Embedder): LlmProvider {
  return {
    name: 'extractive',
    model: null,
    async *generate(request: GenerationRequest) {
      const candidates = request.sources.flatMap((source, i) =>
        sentencesOf(source.text).map((sentence) => ({ sentence, citation: i + 1 })),
      );
      if (candidates.length === 0) {
        yield NO_ANSWER;
        return;
      }
      const questionTerms = termsOf(request.question);
      const coverage = idfCoverage(
        questionTerms,
        candidates.map((c) => new Set(termsOf(c.sentence))),
      );
      const wanted = answerType(request.question);
      const lexical = candidates.map((c, i) => ({
        ...c,
        coverage: coverage[i]!,
        prior: 0.05 / c.citation + (holdsAnswerType(c.sentence, wanted) ? ANSWER_TYPE_BONUS : 0),
      }));
      lexical.sort((a, b) => b.coverage + b.prior - (a.coverage + a.prior));
      // Nothing in the sources shares enough of the question's rare terms: the sources are about
      // something else, whatever their vector similarity says.
      if (questionTerms.length > 0 && lexical[0]!.coverage < MIN_COVERAGE) {
        yield NO_ANSWER;
        return;
      }
      const shortlist = lexical.slice(0, SHORTLIST);
      const [queryVector, ...sentenceVectors] = await embedder.embedDocuments([
        request.question,
        ...shortlist.map((c) => c.sentence),
      ]);
      const scored = shortlist.map((c, i) => ({
        ...c,
        score: dot(queryVector!, sentenceVectors[i]!) + 0.3 * c.coverage + c.prior,
      }));
      scored.sort((a, b) => b.score - a.score);
      const seen = new Set<string>();
      const chosen = scored
        .filter((s) => s.score >= Math.max(MIN_SCORE, scored[0]!.score - RELATIVE_CUTOFF))
        .filter((s) => !seen.has(s.sentence) && seen.add(s.sentence))
        .slice(0, MAX_SENTENCES);
      if (chosen.length === 0) {
        yield NO_ANSWER;
        return;
      }
      // The marker goes before the sentence's closing punctuation: "… 2020 [1]."
      const cite = (c: { sentence: string; citation: number }) =>
        /[.!?]["”’)]?$/.test(c.sentence)
          ? c.sentence.replace(/([.!?]["”’)]?)$/, ` [${c.citation}]$1`)
          : `${c.sentence} [${c.citation}]`;
      const text = chosen.map(cite).join(' ');
      for (const piece of text.match(/\S+\s*/g) ?? []) {
        if (request.signal.aborted) return;
        yield piece;
      }
    },
  };
}
