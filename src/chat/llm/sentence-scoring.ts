/**
 * Cheap sentence scoring for the extractive answerer: stemmed question terms weighted by their
 * rarity among the candidate sentences (BM25's IDF, Robertson & Zaragoza, "The Probabilistic
 * Relevance Framework: BM25 and Beyond", 2009, eq. 3.3, with the candidate sentences as the
 * collection), and the expected answer type (a date, a number) of factoid QA.
 */
import { stemmer } from '@orama/stemmers/english';

const STOP = new Set(
  'a an and are as at be by can did do does for from has have how i in is it its of on or should that the their this to was were what when where which who why will with you your must'.split(
    ' ',
  ),
);

/** Words' stems already computed (the stemmer is a pure function of the word). */
const stems = new Map<string, string>();
/** Most stems remembered: ≈ 4 MB of short strings; the map starts over when full. */
const MAX_STEMS = 50_000;

/**
 * `stemmer(word)`, remembered: the answerer stems every word of every candidate sentence of every
 * question, and the words repeat (the Snowball stemmer was 7 % of the API thread's time per chat
 * answer, docs/benchmarks.md request path round 11).
 */
function stemOf(word: string): string {
  let stem = stems.get(word);
  if (stem === undefined) {
    if (stems.size >= MAX_STEMS) stems.clear();
    stem = stemmer(word);
    stems.set(word, stem);
  }
  return stem;
}

/** Stemmed content terms of `text` (lower-cased Unicode words, stop words and 1-letter words out). */
export const termsOf = (text: string): string[] =>
  (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((t) => t.length > 1 && !STOP.has(t)).map(stemOf);

const MONTHS = 'january|february|march|april|may|june|july|august|september|october|november|december';
/** A calendar date: "September 21, 2020", "21 September 2020", "2020-09-21", "9/21/2020" (first match only: no `g` flag). */
export const DATE = new RegExp(
  `\\b((${MONTHS})\\.? \\d{1,2}(st|nd|rd|th)?,? \\d{4}|\\d{1,2} (${MONTHS}) \\d{4}|\\d{4}-\\d{2}-\\d{2}|\\d{1,2}/\\d{1,2}/\\d{2,4})\\b`,
  'i',
);
const NUMBER = /\d/;
/**
 * A time a when-question can be answered with: a calendar date, a year ("in 1066", "the 1970s"),
 * a month (not "may": mostly the verb) or a century ("the 11th century").
 */
const WHEN = new RegExp(
  `${DATE.source}|\\b(1\\d{3}|20\\d{2})s?\\b|\\b(${MONTHS.replace('may|', '')})\\b|\\b\\d{1,2}(st|nd|rd|th) century\\b`,
  'i',
);

/** A what/which question about a program's option, argument, function or setting. */
const CODE_ASKED =
  /\b(which|what)\s+([\w-]+\s+){0,3}(option|argument|parameter|flag|function|method|setting|keyword|property|variable|command|switch|attribute|class|module)s?\b/;

/** A what/which question whose noun is a figure's measure or a numeric code. */
const FIGURE_ASKED =
  /\b(what|which)\s+(\w+\s+){0,3}(number|code|price|cost|fee|amount|rate|percentage|total|resolution|size|port|version|temperature|speed)s?\b/;

/** A question for a person or an organisation ("who", "whom", "whose" anywhere in it). */
export const ASKS_WHO = /\b(who|whom|whose)\b/i;

/**
 * Whether the question asks "when": its first wh-word is "when" ("When did …?", "And when?").
 * A "when" after another wh-word opens a clause of the question, not the question itself:
 * "Which company was behind Mozilla when it was set up?" asks for a company, "How many jobs were
 * lost when the plant closed?" for a count.
 */
export function asksWhen(question: string): boolean {
  return /\b(what|which|who|whom|whose|where|when|why|how)\b/i.exec(question)?.[1]?.toLowerCase() === 'when';
}

/** What a question asks for: a date, a figure, an identifier in code, a cause or purpose. */
export type AnswerType = 'date' | 'number' | 'code' | 'reason';

/**
 * A cause or a purpose stated: "since underlining can be confused with links", "because …",
 * "due to …", "to prevent man-in-the-middle attacks" ("since" before a date is a time).
 */
const CAUSE =
  /\b(because|due to|owing to|thanks to|as a result|so that|in order to|therefore|hence|to (prevent|avoid|ensure|allow|enable|reduce|protect|keep|make sure|mitigate))\b|\bsince (?!\d|(january|february|march|april|may|june|july|august|september|october|november|december|then|its|the (start|beginning|end))\b)/i;

/**
 * Expected answer type from the question's wording (answer-type matching, as in classic factoid
 * QA: Moldovan et al., "The Structure and Performance of an Open-Domain QA System", ACL 2000).
 */
export function answerType(question: string): AnswerType | null {
  const q = question.toLowerCase();
  // "Why …?", "For what reason …?": a cause or a purpose.
  if (/^\W*why\b|\b(for what reason|what is the reason|what was the reason|what reason)\b/.test(q))
    return 'reason';
  if (asksWhen(q) || /what (date|day|year|time)|which (date|day|year)|\bdeadline\b|\bdue\b/.test(q))
    return 'date';
  // "How long …" asks for a duration: a figure with its unit ("90 work-hours", "45 days").
  if (/how (many|much|often|long)|what (percentage|percent|number|amount)/.test(q)) return 'number';
  // "Which option …", "What keyword argument …": a name in a program's text.
  if (CODE_ASKED.test(q)) return 'code';
  // "What status code …", "At what resolution …", "Which port …": a figure or a code, named by its measure.
  if (FIGURE_ASKED.test(q)) return 'number';
  return null;
}

/**
 * An identifier in a program's text: camelCase ("externalFileAccess"), snake_case
 * ("strict_metadata"), a dotted path ("pdfplumber.open"; not a file or a site: "mammoth.js",
 * "README.md", "example.com") or a command-line flag ("--style-map").
 */
export const CODE =
  /(?<![\p{L}\p{N}_-])(?:\p{Ll}[\p{L}\p{N}]*\p{Lu}[\p{L}\p{N}]*(?:\.[\p{L}\p{N}_]+)*|[\p{L}\p{N}]+_[\p{L}\p{N}_]+|\p{Ll}[\p{L}\p{N}]+\.(?!(?:js|mjs|ts|py|rb|go|rs|java|md|html?|json|ya?ml|xml|css|txt|docx?|xlsx?|pdf|exe|com|org|net|io)\b)\p{Ll}[\p{L}\p{N}_]+|--?\p{Ll}[\p{L}\p{N}-]+)/u;

/**
 * `sentence` without the identifiers (`CODE`) the question names itself, so that "Which keyword
 * argument makes pdfplumber.open strict?" is not answered in type by "pdfplumber.open" alone.
 */
export function withoutQuestionIdentifiers(sentence: string, question: string): string {
  const asked = new Set((question.match(new RegExp(CODE.source, 'gu')) ?? []).map((w) => w.toLowerCase()));
  return sentence.replace(new RegExp(CODE.source, 'gu'), (w) => (asked.has(w.toLowerCase()) ? ' ' : w));
}

/** True when `sentence` holds a value of the expected answer type. */
export function holdsAnswerType(sentence: string, wanted: AnswerType | null): boolean {
  return (
    (wanted === 'reason' && CAUSE.test(sentence)) ||
    (wanted === 'date' && WHEN.test(sentence)) ||
    (wanted === 'number' && NUMBER.test(sentence)) ||
    (wanted === 'code' && CODE.test(sentence))
  );
}

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

/**
 * Complex prepositions whose noun is no content of the question (Quirk et al., "A Comprehensive
 * Grammar of the English Language", 1985, §9.10–9.13): "built on top of" names no field
 * "top" and asks nothing about the top of anything, "in terms of cost" names no field "terms".
 */
const COMPLEX_PREPOSITION =
  /\b(?:on top of|in front of|in spite of|in terms of|on behalf of|by means of|by way of|in case of|in addition to|in place of|on account of|in charge of|in favou?r of|in view of|with respect to|with regard to|in regard to|in relation to|as a result of|for the sake of|on the basis of|in accordance with|in line with|in light of|by virtue of|at the expense of)\b/gi;

/** The question without its complex prepositions: the words that say what it is about. */
export const withoutComplexPrepositions = (question: string) => question.replace(COMPLEX_PREPOSITION, ' ');
