import { stemmer } from '@orama/stemmers/english';
import type { Embedder } from '../../embeddings/embedder.ts';
import type { GenerationRequest, LlmProvider } from './provider.ts';

/** Sentences quoted in an answer. */
const MAX_SENTENCES = 3;
/**
 * Below this combined score no sentence is taken as an answer. Chosen on the repository's test
 * documents: related sentences score 0.45–0.8, unrelated ones under 0.3 (MiniLM cosine + overlap).
 */
const MIN_SCORE = 0.35;

/** Sentences this far below the best one are left out: they add noise, not answer. */
const RELATIVE_CUTOFF = 0.2;

export const NO_ANSWER = 'I could not find an answer to this question in the available documents.';

const STOP = new Set(
  'a an and are as at be by can did do does for from has have how i in is it its of on or should that the their this to was were what when where which who why will with you your must'.split(
    ' ',
  ),
);

const terms = (text: string) =>
  (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])
    .filter((t) => t.length > 1 && !STOP.has(t))
    .map(stemmer);

const MONTHS = 'january|february|march|april|may|june|july|august|september|october|november|december';
/** A calendar date: "September 21, 2020", "21 September 2020", "2020-09-21", "9/21/2020". */
const DATE = new RegExp(
  `\\b((${MONTHS})\\.? \\d{1,2}(st|nd|rd|th)?,? \\d{4}|\\d{1,2} (${MONTHS}) \\d{4}|\\d{4}-\\d{2}-\\d{2}|\\d{1,2}/\\d{1,2}/\\d{2,4})\\b`,
  'i',
);
const NUMBER = /\d/;

/**
 * Expected answer type from the question's wording (answer-type matching, as in classic factoid
 * QA: Moldovan et al., "The Structure and Performance of an Open-Domain QA System", ACL 2000).
 */
function answerType(question: string): 'date' | 'number' | null {
  const q = question.toLowerCase();
  if (/\bwhen\b|what (date|day|year|time)|which (date|day|year)|\bdeadline\b|\bdue\b|how long/.test(q))
    return 'date';
  if (/how (many|much|often)|what (percentage|percent|number|amount)/.test(q)) return 'number';
  return null;
}

/** Weight of a sentence that holds the kind of value the question asks for. */
const ANSWER_TYPE_BONUS = 0.15;

const segmenter = new Intl.Segmenter('en', { granularity: 'sentence' });

/** Sentences of a chunk, whitespace-normalised, without fragments too short to answer anything. */
export function sentencesOf(text: string): string[] {
  return [...segmenter.segment(text.replace(/\s+/g, ' '))]
    .map((s) => s.segment.trim())
    .filter((s) => s.length >= 20 && s.length <= 800 && /\p{L}/u.test(s));
}

const dot = (a: number[], b: number[]) => a.reduce((sum, x, i) => sum + x * b[i]!, 0);

/**
 * The no-LLM answerer (ARCHITECTURE.md: the last resort, so the service answers with no model
 * server): quotes the sentences of the retrieved chunks that best match the question, each with
 * its citation. Score = cosine(question, sentence) under the embedding model + 0.3 × share of the
 * question's stemmed content terms the sentence contains + 0.15 when the sentence holds the
 * answer type the question asks for (a date, a number) + a small bonus for the better-ranked source.
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
      const queryTerms = new Set(terms(request.question));
      const wanted = answerType(request.question);
      const [queryVector, ...sentenceVectors] = await embedder.embedDocuments([
        request.question,
        ...candidates.map((c) => c.sentence),
      ]);
      const scored = candidates.map((c, i) => {
        const sentenceTerms = new Set(terms(c.sentence));
        const overlap = queryTerms.size
          ? [...queryTerms].filter((t) => sentenceTerms.has(t)).length / queryTerms.size
          : 0;
        const typed =
          (wanted === 'date' && DATE.test(c.sentence)) || (wanted === 'number' && NUMBER.test(c.sentence));
        const score =
          dot(queryVector!, sentenceVectors[i]!) +
          0.3 * overlap +
          0.05 / c.citation +
          (typed ? ANSWER_TYPE_BONUS : 0);
        return { ...c, score };
      });
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
