// FROZEN: the lexical analyzer as migration 0002_bm25 ran it (a copy of src/retrieval/lexical/analyzer.ts).
// Migrations are history: a fresh database built by a later release must end where one migrated
// release by release did, so this file never changes with the live analyzer. Never edit it.
import { stemmer as frenchStemmer } from '@orama/stemmers/french';
import { stopwords as frenchStopwords } from '@orama/stopwords/french';
import { porterStem } from './porter-0002.ts';

/** Languages the lexical analyzer knows; a company picks one in `settings.language`. */
export type LexicalLanguage = 'en' | 'fr';

/** Tokens longer than this are dropped (Lucene's StandardTokenizer caps tokens at 255 chars too). */
const MAX_TOKEN_LENGTH = 255;

/**
 * Lucene's English stop set (`EnglishAnalyzer.ENGLISH_STOP_WORDS_SET`, 33 words), which Anserini's
 * BM25 baselines use. Not `@orama/stopwords/english` (180 words, the Snowball list): that list also
 * drops words that carry meaning in questions ("not", "no", "against", "before", "after", "few",
 * "more", "most", "same") and scores lower on SciFact (docs/retrieval.md).
 */
export const ENGLISH_STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'a an and are as at be but by for if in into is it no not of on or such that the their then there ' +
    'these they this to was will with'
  ).split(' '),
);

const stripDiacritics = (s: string): string =>
  s
    .normalize('NFD')
    .replace(/\p{Mn}+/gu, '')
    .normalize('NFC');

/**
 * The Snowball French stop list (the one Lucene's FrenchAnalyzer uses), plus each word without its
 * accents, so a query typed without accents ("a", "ete") loses the same words.
 */
export const FRENCH_STOP_WORDS: ReadonlySet<string> = new Set(
  frenchStopwords.filter((w) => w.length > 0).flatMap((w) => [w, stripDiacritics(w)]),
);

/** Lucene FrenchAnalyzer's elided articles: `l'avion → avion`, `qu'il → il`, `jusqu'au → au`. */
const FRENCH_ELISIONS = new Set([
  'l',
  'm',
  't',
  'qu',
  'n',
  's',
  'j',
  'd',
  'c',
  'jusqu',
  'quoiqu',
  'lorsqu',
  'puisqu',
]);

/**
 * Word tokens after Unicode's word-boundary rules (UAX #29) as Lucene's StandardTokenizer applies
 * them: runs of letters, marks, digits and `_`; `' ’ . : ·` join letters (`don't`, `e.g`), and
 * `, . ; ' ’` join digits (`1,000`, `3.5`); everything else splits (`covid-19 → covid 19`). Each
 * Han or Hiragana character is a token of its own, as in Lucene.
 */
const TOKEN =
  /[\p{Script=Han}\p{Script=Hiragana}]|[\p{L}\p{M}\p{N}_]+(?:(?:(?<=\p{L}\p{M}*)['’.:·](?=\p{L})|(?<=\p{N})[,.;'’](?=\p{N}))[\p{L}\p{M}\p{N}_]+)*/gu;
const IDEOGRAPH = /^[\p{Script=Han}\p{Script=Hiragana}]$/u;

/** Splits text into lower-case word tokens (NFKC first, so `ﬁ`, full-width and super-scripts fold). */
function tokenize(text: string): string[] {
  const out: string[] = [];
  for (const match of text.normalize('NFKC').toLowerCase().matchAll(TOKEN)) {
    const token = match[0];
    if (token.length > MAX_TOKEN_LENGTH) continue;
    // Leading/trailing `_` is markup (`_emphasis_`), not part of the word.
    const word = IDEOGRAPH.test(token) ? token : token.replace(/^_+|_+$/g, '');
    if (word) out.push(word);
  }
  return out;
}

/** Lucene's EnglishPossessiveFilter: a trailing `'s` / `’s` goes (`company's → company`). */
const dropPossessive = (token: string): string => token.replace(/['’]s$/, '');

function analyzeEnglish(tokens: string[]): string[] {
  const out: string[] = [];
  for (const raw of tokens) {
    const token = dropPossessive(raw);
    if (!token || ENGLISH_STOP_WORDS.has(token)) continue;
    // Porter knows only a–z: fold accents first so "naïve" and "naive" meet.
    out.push(porterStem(stripDiacritics(token)));
  }
  return out;
}

function analyzeFrench(tokens: string[]): string[] {
  const out: string[] = [];
  for (const raw of tokens) {
    const apostrophe = raw.search(/['’]/);
    const token =
      apostrophe > 0 && FRENCH_ELISIONS.has(raw.slice(0, apostrophe)) ? raw.slice(apostrophe + 1) : raw;
    if (!token || FRENCH_STOP_WORDS.has(token)) continue;
    // The Snowball French stemmer reads accents (é, è, â…), so stem first, then fold accents the way
    // Lucene's FrenchLightStemmer normalises its output: "élèves" and "eleves" both give "elev".
    out.push(stripDiacritics(frenchStemmer(token)));
  }
  return out;
}

/**
 * Turns text into the index terms BM25 counts, the same way for documents and queries.
 * English mirrors Lucene's EnglishAnalyzer (Anserini's default): StandardTokenizer-like
 * tokenisation → possessive removal → lower case → Lucene's 33 stop words → Porter stemmer,
 * plus NFKC and accent folding (Lucene does neither; no effect on SciFact). French follows
 * Lucene's FrenchAnalyzer with the Snowball French stemmer (`@orama/stemmers/french`): elision →
 * Snowball stop words → stem → accent folding.
 * @param text any Unicode text (documents, headings, queries); empty text gives [].
 * @param language the company's language (`companies.settings.language`).
 * @returns the terms in text order, repeats kept (their count is the term frequency).
 */
export function analyze(text: string, language: LexicalLanguage): string[] {
  const tokens = tokenize(text);
  return language === 'fr' ? analyzeFrench(tokens) : analyzeEnglish(tokens);
}

/**
 * Reads a company's language from its settings value (`settings.language`): 'fr' for French,
 * 'en' for anything else, missing or malformed.
 */
export function lexicalLanguageOf(settings: unknown): LexicalLanguage {
  const language = (settings as { language?: unknown } | null)?.language;
  return language === 'fr' ? 'fr' : 'en';
}
