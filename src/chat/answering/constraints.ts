/**
 * The question's constraints checked against the evidence of its best candidate sentence. A
 * near-miss question ("… in 2010?", "… in Seattle?", "… ammunition checks …") asks about the
 * documents' subject but fixes a year, a place, a name or a measure that the best evidence does
 * not have: the sentence may match every other word, yet it answers another question. These
 * checks read what the question fixes, not how it is worded, so they survive paraphrase.
 */
import type { FeatureRow } from './logistic.ts';
import type { Candidate } from './candidates.ts';
import type { SourceInfo } from './features.ts';
import { namesOf } from './features.ts';
import { termsOf } from '../llm/sentence-scoring.ts';

const YEAR = /\b(1[5-9]\d\d|20\d\d)\b/g;
const MONTH = /\b(january|february|march|april|may|june|july|august|september|october|november|december)\b/gi;
/** Who-questions want a person or an organisation: a capitalised word the question lacks. */
const WHO = /\b(who|whom|whose)\b/i;

/** Lower-cased text with words padded by spaces, so `has(" ohio ")` matches whole words only. */
const padded = (text: string) => ` ${(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).join(' ')} `;
const holds = (text: string, phrase: string) => text.includes(padded(phrase));
const valuesOf = (text: string, pattern: RegExp) =>
  new Set([...text.matchAll(pattern)].map((m) => m[0].toLowerCase()));

/**
 * True when the question fixes a value of a kind (a year, a month) that `evidence` lacks while
 * holding another of that kind: "Firefox's usage share in 2010" against "As of late 2015, …".
 */
export function contradicts(question: string, evidence: string, pattern: RegExp): boolean {
  const asked = valuesOf(question, pattern);
  if (asked.size === 0) return false;
  const held = valuesOf(evidence, pattern);
  return [...asked].some((v) => !held.has(v)) && [...held].some((v) => !asked.has(v));
}

/**
 * Features of the question's constraints against the best candidate (the ranker's first):
 * - `windowNamesMissing`, `chunkNamesMissing`: share of the question's names and figures
 *   (`namesOf`) absent from the best sentence with its neighbours, and from its whole chunk
 *   with the document's name and headings (0 when the question names nothing);
 * - `valueConflict`, `windowConflict`: the question's year or month is absent from the chunk (the
 *   best sentence with its neighbours), which gives another: "revenue for 2011 was …" for 2014;
 * - `termsMissing`: share of the question's content terms absent from the chunk, its title and
 *   headings (a measure the table does not have: "ammunition checks"), rarity not weighed;
 * - `whoMissing`: a who-question whose best sentence names nobody the question does not.
 * @param best the ranker's best candidate, or undefined when there is none
 * @param sources the numbered sources; sources[best.citation - 1] is the best one's chunk
 */
export function constraintFeatures(
  question: string,
  best: Candidate | undefined,
  sources: readonly SourceInfo[],
): FeatureRow {
  if (!best)
    return {
      windowNamesMissing: 1,
      chunkNamesMissing: 1,
      valueConflict: 0,
      windowConflict: 0,
      termsMissing: 1,
    };
  const source = sources[best.citation - 1];
  const title = source ? `${source.documentName.replace(/\.\w+$/, '')} ${source.headingPath.join(' ')}` : '';
  const chunk = `${title}\n${source?.text ?? best.sentence}`;
  const windowText = `${best.previous} ${best.sentence} ${best.next}`;
  const window = padded(windowText);
  const chunkText = padded(chunk.replace(/[_-]/g, ' '));
  const names = [...new Set(namesOf(question).map((n) => n.toLowerCase()))];
  const share = (text: string) =>
    names.length === 0 ? 0 : names.filter((n) => !holds(text, n)).length / names.length;
  const terms = [...new Set(termsOf(question))];
  const chunkTerms = new Set(termsOf(chunk.replace(/[_-]/g, ' ')));
  const asked = new Set(namesOf(question).map((n) => n.toLowerCase()));
  const others = (best.sentence.match(/(?<=\S\s+)\p{Lu}[\p{L}'’-]+/gu) ?? []).filter(
    (w) => !asked.has(w.toLowerCase().replace(/['’]s$/, '')),
  );
  return {
    windowNamesMissing: share(window),
    chunkNamesMissing: share(chunkText),
    valueConflict: contradicts(question, chunk, YEAR) || contradicts(question, chunk, MONTH) ? 1 : 0,
    windowConflict:
      contradicts(question, windowText, YEAR) || contradicts(question, windowText, MONTH) ? 1 : 0,
    termsMissing: terms.length === 0 ? 0 : terms.filter((t) => !chunkTerms.has(t)).length / terms.length,
    whoMissing: WHO.test(question) && others.length === 0 ? 1 : 0,
  };
}
