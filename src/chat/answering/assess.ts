/**
 * The answerer's reading of the sources: every candidate sentence ranked by the fitted sentence
 * ranker, and the calibrated probability that the sources answer the question at all. Shared by
 * the extractive answerer (it quotes from the ranking) and by chat.service.ts, which refuses with
 * the same decision before a language model generates anything.
 */
import type { Embedder } from '../../embeddings/embedder.ts';
import { candidatesOf } from './candidates.ts';
import {
  lexicalCandidates,
  withSimilarity,
  SHORTLIST,
  type LexicalCandidate,
  type SourceInfo,
} from './features.ts';
import { questionFeatures } from './answerability.ts';
import { embedSentences } from './sentence-vectors.ts';
import { predict, softmaxScores, type LogisticModel } from './logistic.ts';
import fitted from './model.json' with { type: 'json' };

/** The fitted models (scripts/answers/fit-answerer.ts wrote model.json; `fittedOn` says on what). */
export interface AnswererModel {
  fittedOn: string;
  ranker: LogisticModel;
  answerability: LogisticModel;
  span: LogisticModel;
}
export const ANSWERER_MODEL = fitted as AnswererModel;

/**
 * Default answerability threshold: below it the answer is the refusal. Chosen on the fitting
 * curve (scripts/answers/fit-answerer.ts, docs/chat.md) as the highest threshold at which the
 * refused share of answerable questions stays within issue 20's goals on both fitting sets (≤ 10%
 * on the SQuAD 2.0 FIT articles, ≤ 5% on the fixtures fitted on): at 0.35 the refit of
 * 2026-11-27 (session 4) refused 8.9% / 29.8% (answerable / unanswerable) on SQuAD FIT and 3.8% /
 * 56.9% on dev.jsonl with the older questions.json. The company setting `answerThreshold` moves it
 * along that curve.
 */
export const DEFAULT_ANSWER_THRESHOLD = 0.35;

/** A ranked candidate sentence. */
export type RankedSentence = LexicalCandidate & { probability: number };

export interface Assessment {
  /** Names and figures of the question found nowhere in the sources (features.ts). */
  novelNames: string[];
  /** P(the sources answer the question), 0..1. */
  answerable: number;
  /** Shortlisted candidates, most likely to hold the answer first. */
  ranked: RankedSentence[];
}

/**
 * The shortlist ranked by the sentence ranker, best first, each with its probability of being the
 * sentence that answers: a softmax over the shortlist (the ranker is a conditional logit fitted
 * by fit-answerer.ts), so the probabilities sum to 1 and the best one's margin is a confidence.
 */
export function rankShortlist<T extends LexicalCandidate>(
  ranker: LogisticModel,
  shortlist: readonly T[],
): (T & { probability: number })[] {
  const probabilities = softmaxScores(
    ranker,
    shortlist.map((c) => c.features),
  );
  return shortlist
    .map((c, i) => ({ ...c, probability: probabilities[i]! }))
    .sort((a, b) => b.probability - a.probability);
}

/** A source's chunk id when it is a stored chunk of the company's; a web result's is not one. */
const storedChunkId = (source: SourceInfo | undefined) => (source?.web ? undefined : source?.chunkId);

/**
 * Ranks the sources' sentences for `question` and estimates answerability. Embeds the question
 * (cached by the embedder for a repeated query) and at most SHORTLIST sentences (remembered per
 * chunk: sentence-vectors.ts).
 * @param own for a follow-up completed from the conversation, the person's own words: the
 *   question's constraints (constraints.ts) are read from these, not from the earlier question's
 */
export async function assess(
  embedder: Embedder,
  question: string,
  sources: readonly SourceInfo[],
  model: AnswererModel = ANSWERER_MODEL,
  own?: string,
): Promise<Assessment> {
  const candidates = candidatesOf(sources);
  if (candidates.length === 0) return { answerable: 0, ranked: [], novelNames: [] };
  const { facts, ranked } = lexicalCandidates(question, sources, candidates);
  const shortlist = ranked.slice(0, SHORTLIST);
  const [questionVector, sentenceVectors] = await Promise.all([
    embedder.embedQuery(question),
    embedSentences(
      embedder,
      shortlist.map((c) => ({ sentence: c.sentence, chunkId: storedChunkId(sources[c.citation - 1]) })),
    ),
  ]);
  const scored = rankShortlist(
    model.ranker,
    withSimilarity(shortlist, questionVector, sentenceVectors).map((c) => ({
      ...c,
      features: { ...c.features, novel: facts.novel, novelName: facts.novelNames.length > 0 ? 1 : 0 },
    })),
  );
  return {
    answerable: predict(model.answerability, questionFeatures(question, scored, sources, own)),
    ranked: scored,
    novelNames: facts.novelNames,
  };
}
