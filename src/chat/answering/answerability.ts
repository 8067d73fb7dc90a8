/**
 * Answerability: whether the sources answer the question at all, as a calibrated probability
 * from a logistic model (model.json) over question-level features of the ranked candidates.
 * Replaces a lexical threshold that read every missing word as a missing answer.
 */
import type { FeatureRow } from './logistic.ts';
import { answerType } from '../llm/sentence-scoring.ts';
import type { Candidate } from './candidates.ts';
import type { SourceInfo } from './features.ts';
import { constraintFeatures } from './constraints.ts';

/** A candidate sentence as the ranker scored it. */
export interface RankedCandidate extends Candidate {
  features: FeatureRow;
  /** The sentence ranker's P(holds the answer). */
  probability: number;
}

const NEGATION = /\b(not|never|no|n't|cannot|without)\b|n't\b/i;

/** Names of the answerability model's features, in model order. */
export const ANSWERABILITY_FEATURES = [
  'best',
  'margin',
  'bestSimilarity',
  'bestCoverage',
  'bestWindowCoverage',
  'bestChunkCoverage',
  'novel',
  'novelName',
  'typeMissing',
  'agreement',
  'negation',
  'topScoreRatio',
  'rowNameMissing',
  'chunkNamesMissing',
  'valueConflict',
  'sentenceConflict',
  'termsMissing',
  'whoMissing',
];

/**
 * Ranked sentences best first, one per sentence text: a sentence that two sources share (a page
 * and its copy, two versions of a document) is one piece of evidence, with their probabilities
 * summed and the better-ranked citation, so its copy neither halves its probability nor stands
 * as its runner-up (the answer's second sentence, answerability's `margin`).
 */
export function distinctEvidence<T extends { sentence: string; probability: number }>(
  ranked: readonly T[],
): T[] {
  const byText = new Map<string, T>();
  for (const c of [...ranked].sort((a, b) => b.probability - a.probability)) {
    const seen = byText.get(c.sentence);
    byText.set(c.sentence, seen ? { ...seen, probability: seen.probability + c.probability } : c);
  }
  return [...byText.values()].sort((a, b) => b.probability - a.probability);
}

/**
 * Question-level features: the best candidate's probability and its margin over the second,
 * its similarity and coverages, the share of question terms found nowhere in the sources, a
 * wanted answer type (date, number) missing from the best sentence, how many of the next three
 * candidates come from the best one's source, and a negation in the question that the best
 * sentence does not share (SQuAD 2.0's unanswerable questions are often negated or altered
 * versions of answerable ones), and the
 * question's constraints (a year, a place, a name, a measure) held or contradicted by the best
 * candidate's sentence and chunk (constraints.ts).
 * @param sources the numbered sources the candidates come from (sources[c.citation - 1])
 * @param own a completed follow-up's own words, whose constraints are read instead of `question`'s
 */
export function questionFeatures(
  question: string,
  ranked: readonly RankedCandidate[],
  sources: readonly SourceInfo[],
  own: string = question,
): FeatureRow {
  const order = distinctEvidence(ranked);
  const best = order[0];
  const constraints = constraintFeatures(own, best, sources);
  if (!best)
    return {
      best: 0,
      margin: 0,
      novel: 1,
      novelName: 1,
      negation: NEGATION.test(question) ? 1 : 0,
      ...constraints,
    };
  const f = best.features;
  const typeWanted = answerType(question) !== null;
  return {
    best: best.probability,
    margin: best.probability - (order[1]?.probability ?? 0),
    bestSimilarity: f.similarity ?? 0,
    bestCoverage: f.coverage ?? 0,
    bestWindowCoverage: f.windowCoverage ?? 0,
    bestChunkCoverage: f.chunkCoverage ?? 0,
    novel: f.novel ?? 0,
    novelName: f.novelName ?? 0,
    typeMissing: typeWanted && !f.typeMatch ? 1 : 0,
    agreement: order.slice(1, 4).filter((c) => c.citation === best.citation).length / 3,
    // SQuAD 2.0's altered questions insert a "not" the text lacks; a negation the best sentence
    // states too ("no longer a priority") is the evidence's own.
    negation: NEGATION.test(question) && !NEGATION.test(best.sentence) ? 1 : 0,
    topScoreRatio: f.scoreRatio ?? 0,
    ...constraints,
  };
}
