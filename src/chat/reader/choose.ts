/**
 * Which of the reader's spans answers: each reading unit's best span (read-sources.ts) scored by
 * its margin plus `weight` × the log-probability the sentence rules' ranker gives the sentence
 * that holds it (answering/assess.ts). The two read different things — the reader the question
 * with the passage, the ranker the sentence's words, names and vector against the question's —
 * and their sum picked the answering sentence better than either alone when both were weak
 * (docs/chat.md "A span reader: tried, not shipped": 0.743 vs 0.706 and 0.540 on held-out SQuAD).
 * The weight is chosen by scripts/reader/calibrate.ts (`--sweep`) on SQuAD FIT and the fixtures'
 * dev set (560 answerable questions): with the shipped reader (4,300 steps, session 14) the answer
 * held a gold answer for 0.741 of them at weight 0, 0.752 at 0.5, 0.755 at 1, 0.764 at 2 and 3,
 * 0.757 at 4, 0.754 at 6 (the 1,900-step reader peaked at 0.5: 0.738).
 */
import type { ReaderEvidence } from './read-sources.ts';

/** The ranker's view of one candidate sentence. */
export interface RankedSentenceView {
  citation: number;
  sentence: string;
  probability: number;
}

/** Weight of the ranker's log-probability beside the reader's margin (calibrate.ts --sweep). */
export const RANKER_WEIGHT = 2;
/** A span in no sentence the ranker shortlisted counts as this probability. */
const UNRANKED = 1e-3;

const flat = (text: string) => text.toLowerCase().replace(/\s+/g, ' ').trim();

/**
 * The ranker's probability for the sentence that holds `c`'s span: a shortlisted sentence of the
 * same chunk that holds the span and is, or is part of, the reader's sentence around it (the two
 * cut sentences slightly differently); the best such one. "32" of a title is not credited with the
 * probability of a later sentence that also says "32".
 */
export function rankerProbability(c: ReaderEvidence, ranked: readonly RankedSentenceView[]): number {
  const span = flat(c.span.text);
  const around = flat(c.sentence);
  let best = UNRANKED;
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
): ReaderEvidence | null {
  let top: ReaderEvidence | null = null;
  let topScore = -Infinity;
  for (const c of candidates) {
    const score = c.span.margin + (weight === 0 ? 0 : weight * Math.log(rankerProbability(c, ranked)));
    if (score > topScore) [top, topScore] = [c, score];
  }
  return top;
}
