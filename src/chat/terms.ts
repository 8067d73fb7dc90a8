/**
 * Stemmed content terms and their rarity: what grounding (grounding.ts, attribution.ts) and the
 * follow-up completion (follow-up/) compare text by. Rarity is BM25's IDF (Robertson & Zaragoza,
 * "The Probabilistic Relevance Framework: BM25 and Beyond", 2009, eq. 3.3) over the compared texts.
 */
import { stemmer } from '@orama/stemmers/english';

const STOP = new Set(
  'a an and are as at be by can did do does for from has have how i in is it its of on or should that the their this to was were what when where which who why will with you your must'.split(
    ' ',
  ),
);

/** Stemmed content terms of `text` (lower-cased Unicode words, stop words and 1-letter words out). */
export const termsOf = (text: string): string[] =>
  (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])
    .filter((t) => t.length > 1 && !STOP.has(t))
    .map(stemmer);

/**
 * Share of the question's IDF mass that each sentence covers, 0..1. A question term found in no
 * candidate keeps the highest weight, so a question about something the sources never mention
 * scores low everywhere — the signal the answerer refuses on.
 * @param sentenceTerms stemmed terms of each candidate sentence (see `termsOf`)
 */
export function idfCoverage(
  questionTerms: readonly string[],
  sentenceTerms: readonly Set<string>[],
): number[] {
  const unique = [...new Set(questionTerms)];
  const n = sentenceTerms.length;
  const idf = unique.map((t) => {
    const df = sentenceTerms.reduce((count, s) => count + (s.has(t) ? 1 : 0), 0);
    return Math.log(1 + (n - df + 0.5) / (df + 0.5));
  });
  const total = idf.reduce((a, b) => a + b, 0);
  if (total === 0) return sentenceTerms.map(() => 0);
  return sentenceTerms.map((s) => unique.reduce((sum, t, i) => sum + (s.has(t) ? idf[i]! : 0), 0) / total);
}
