// FROZEN: the Porter stemmer as migration 0002_bm25 ran it (a copy of src/retrieval/lexical/porter.ts).
// Never edit it: see analyzer-0002.ts.
/**
 * The original Porter stemmer (M. F. Porter, "An algorithm for suffix stripping", Program 14(3),
 * 1980), step for step as Lucene's `PorterStemmer` (org.apache.lucene.analysis.en), which is what
 * Lucene's EnglishAnalyzer and Anserini's default analyzer apply. It keeps the two departures of
 * Porter's own C release that Lucene keeps: `-bli → -ble` (not `-abli → -able`) and `-logi → -log`.
 *
 * Why not `@orama/stemmers/english`: it implements the same algorithm but its step 4 drops the
 * `s`/`t` before `-ion` (`adoption → adop`, `infection → infec`, `expression → expres`), so
 * `infection` and `infected` never meet; measured on SciFact in docs/retrieval.md.
 */

const isVowelAt = (w: string, i: number): boolean => {
  const c = w[i];
  if (c === 'a' || c === 'e' || c === 'i' || c === 'o' || c === 'u') return true;
  if (c === 'y') return i > 0 && !isVowelAt(w, i - 1);
  return false;
};

/** m(): the number of vowel-consonant sequences in w[0..end). */
function measure(w: string, end: number): number {
  let n = 0;
  let i = 0;
  while (i < end && !isVowelAt(w, i)) i++;
  while (i < end) {
    while (i < end && isVowelAt(w, i)) i++;
    if (i >= end) break;
    n++;
    while (i < end && !isVowelAt(w, i)) i++;
  }
  return n;
}

const hasVowel = (w: string, end: number): boolean => {
  for (let i = 0; i < end; i++) if (isVowelAt(w, i)) return true;
  return false;
};

/** A double consonant ending at index i. */
const doubleConsonant = (w: string, i: number): boolean => i >= 1 && w[i] === w[i - 1] && !isVowelAt(w, i);

/** consonant-vowel-consonant ending at index i, the last not w, x or y (`hop`, not `snow`). */
const cvc = (w: string, i: number): boolean =>
  i >= 2 &&
  !isVowelAt(w, i) &&
  isVowelAt(w, i - 1) &&
  !isVowelAt(w, i - 2) &&
  w[i] !== 'w' &&
  w[i] !== 'x' &&
  w[i] !== 'y';

/** Replaces `suffix` by `repl` when the stem before it has m() > min. Returns null if no match. */
function replaceIf(w: string, suffix: string, repl: string, min: number): string | null {
  if (!w.endsWith(suffix)) return null;
  const stem = w.length - suffix.length;
  return measure(w, stem) > min ? w.slice(0, stem) + repl : w;
}

const STEP2: [string, string][] = [
  ['ational', 'ate'], ['tional', 'tion'], ['enci', 'ence'], ['anci', 'ance'], ['izer', 'ize'],
  ['bli', 'ble'], ['alli', 'al'], ['entli', 'ent'], ['eli', 'e'], ['ousli', 'ous'],
  ['ization', 'ize'], ['ation', 'ate'], ['ator', 'ate'], ['alism', 'al'], ['iveness', 'ive'],
  ['fulness', 'ful'], ['ousness', 'ous'], ['aliti', 'al'], ['iviti', 'ive'], ['biliti', 'ble'],
  ['logi', 'log'],
]; // prettier-ignore
const STEP3: [string, string][] = [
  ['icate', 'ic'],
  ['ative', ''],
  ['alize', 'al'],
  ['iciti', 'ic'],
  ['ical', 'ic'],
  ['ful', ''],
  ['ness', ''],
];
const STEP4 = ['al', 'ance', 'ence', 'er', 'ic', 'able', 'ible', 'ant', 'ement', 'ment', 'ent', 'ion', 'ou',
  'ism', 'ate', 'iti', 'ous', 'ive', 'ize']; // prettier-ignore

/** The first rule of `rules` whose suffix ends `w` (Lucene picks by the same order within a letter). */
function firstRule(w: string, rules: [string, string][]): string {
  // Longest-match among rules sharing a penultimate letter equals first-match in Lucene's switch.
  let best: [string, string] | undefined;
  for (const rule of rules)
    if (w.endsWith(rule[0]) && (!best || rule[0].length > best[0].length)) best = rule;
  return best ? (replaceIf(w, best[0], best[1], 0) ?? w) : w;
}

/**
 * Porter-stems one lower-case token. Words of one or two characters come back unchanged, as do
 * characters outside a–z (treated as consonants, as in Lucene).
 * @param word a lower-case token, e.g. `generalizations`.
 * @returns its stem, e.g. `gener`.
 */
export function porterStem(word: string): string {
  if (word.length <= 2) return word;
  let w = word;
  // Step 1a
  if (w.endsWith('sses')) w = w.slice(0, -2);
  else if (w.endsWith('ies')) w = w.slice(0, -2);
  else if (w.endsWith('s') && !w.endsWith('ss')) w = w.slice(0, -1);
  // Step 1b
  if (w.endsWith('eed')) {
    if (measure(w, w.length - 3) > 0) w = w.slice(0, -1);
  } else {
    const suffix = w.endsWith('ed') ? 2 : w.endsWith('ing') ? 3 : 0;
    if (suffix && hasVowel(w, w.length - suffix)) {
      w = w.slice(0, -suffix);
      if (w.endsWith('at') || w.endsWith('bl') || w.endsWith('iz')) w += 'e';
      else if (doubleConsonant(w, w.length - 1)) {
        if (!/[lsz]$/.test(w)) w = w.slice(0, -1);
      } else if (measure(w, w.length) === 1 && cvc(w, w.length - 1)) w += 'e';
    }
  }
  // Step 1c
  if (w.endsWith('y') && hasVowel(w, w.length - 1)) w = w.slice(0, -1) + 'i';
  // Steps 2 and 3
  if (w.length > 1) w = firstRule(w, STEP2);
  w = firstRule(w, STEP3);
  // Step 4: only -sion/-tion lose -ion.
  const suffix4 = STEP4.filter((s) => w.endsWith(s)).sort((a, b) => b.length - a.length)[0];
  if (suffix4) {
    const stem = w.length - suffix4.length;
    const ionOk = suffix4 !== 'ion' || w[stem - 1] === 's' || w[stem - 1] === 't';
    if (ionOk && measure(w, stem) > 1) w = w.slice(0, stem);
  }
  // Step 5a
  if (w.endsWith('e')) {
    const m = measure(w, w.length - 1);
    if (m > 1 || (m === 1 && !cvc(w, w.length - 2))) w = w.slice(0, -1);
  }
  // Step 5b
  if (w.endsWith('ll') && measure(w, w.length) > 1) w = w.slice(0, -1);
  return w;
}
