/**
 * Which of the reader's spans answers: each reading unit's best span (read-sources.ts) scored by
 * its margin plus `weight` × the log-probability the sentence rules' ranker gives the sentence
 * that holds it (answering/assess.ts). The two read different things — the reader the question
 * with the passage, the ranker the sentence's words, names and vector against the question's —
 * and their sum picked the answering sentence better than either alone when both were weak
 * (docs/chat.md "A span reader: tried, not shipped": 0.743 vs 0.706 and 0.540 on held-out SQuAD).
 * The weight, and the probability a span outside the ranker's shortlist counts as, are chosen by
 * scripts/reader/calibrate.ts (`--sweep`, a grid) on SQuAD FIT and the fixtures' dev set (560
 * answerable questions): with the shipped reader (session 15) the answer held a gold answer for
 * 0.739 of them at weight 0, 0.761 at weight 2 with 1e-3 (session 14's choice), **0.770 at weight 3
 * with 0.03**, 0.768 at 4 with 0.03 and 3 with 0.1 (docs/chat.md "Calibration and the threshold curve").
 */
import type { ReaderEvidence } from './read-sources.ts';

/** The ranker's view of one candidate sentence. */
export interface RankedSentenceView {
  citation: number;
  sentence: string;
  probability: number;
}

/** Weight of the ranker's log-probability beside the reader's margin (calibrate.ts --sweep). */
export const RANKER_WEIGHT = 3;
/** A span in no sentence the ranker shortlisted counts as this probability (calibrate.ts --sweep). */
export const UNRANKED = 0.03;

const flat = (text: string) => text.toLowerCase().replace(/\s+/g, ' ').trim();

/**
 * The ranker's probability for the sentence that holds `c`'s span: a shortlisted sentence of the
 * same chunk that holds the span and is, or is part of, the reader's sentence around it (the two
 * cut sentences slightly differently); the best such one. "32" of a title is not credited with the
 * probability of a later sentence that also says "32".
 */
export function rankerProbability(
  c: ReaderEvidence,
  ranked: readonly RankedSentenceView[],
  unranked: number = UNRANKED,
): number {
  const span = flat(c.span.text);
  const around = flat(c.sentence);
  let best = unranked;
  for (const r of ranked) {
    if (r.citation !== c.citation || r.probability <= best) continue;
    const sentence = flat(r.sentence);
    if (sentence.includes(span) && (around.includes(sentence) || sentence.includes(around)))
      best = r.probability;
  }
  return best;
}

/** The candidate with the highest margin + weight · log P(sentence); null when there are none. */
export function chooseEvidence(
  candidates: readonly ReaderEvidence[],
  ranked: readonly RankedSentenceView[],
  weight: number = RANKER_WEIGHT,
  unranked: number = UNRANKED,
): ReaderEvidence | null {
  let top: ReaderEvidence | null = null;
  let topScore = -Infinity;
  for (const c of candidates) {
    const score =
      c.span.margin + (weight === 0 ? 0 : weight * Math.log(rankerProbability(c, ranked, unranked)));
    if (score > topScore) [top, topScore] = [c, score];
  }
  return top;
}
