/**
 * What kind of short answer fits the question's wh-word (compose.ts leads with a span only when it
 * fits): a count is a figure, a time a date, a person, a place or a named thing is no date, and no
 * span leaves a bracket open.
 */
import { questionKind } from './spans.ts';
import { termsOf } from '../llm/sentence-scoring.ts';

/** A month's name or abbreviation anywhere in a span. */
const MONTH_WORD = /\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b/i;
/** A year alone, or a decade ("1990s"). */
const BARE_YEAR = /^(1\d{3}|20\d{2})s?$/;
/** Digits in three or more dash-separated groups, or long groups joined: a docket, an AD, an EIN. */
const IDENTIFIER = /\d+[–—-]\d+[–—-]\d+|\d{2,}[–—-]\d{5,}/;
/** A number or a code asked for by name (a quantity's measure is ASKS_FOR_QUANTITY). */
const ASKS_FOR_FIGURE = /\b(what|which)\b.*\b(number|code|identifier|zip|phone)\b/i;
/** A quantity asked for by its measure: a docket or a directive number is no price or rate. */
const ASKS_FOR_QUANTITY = /\b(what|which)\b.*\b(price|cost|fee|amount|rate|percentage|total|wage|salary)\b/i;
/** "Which company …", "What organisation …": a name, never a bare figure (a reference mark "(5)"). */
export const ASKS_FOR_NAMED =
  /\b(which|what)\s+(company|companies|firm|organi[sz]ation|agency|university|person|country|city|state|language|browser|engine|library|team|project|product)\b/i;

/**
 * A year, a month that cannot be a word ("May", "March" can), or any month with its day ("March
 * 24"): a span that dates, not names.
 */
const DATED =
  /\b(1\d{3}|20\d{2})\b|\b(january|february|april|june|july|september|october|november|december)\b|\b(january|february|march|april|may|june|july|august|september|october|november|december)\.? \d{1,2}(st|nd|rd|th)?\b/i;

/** Whether every (, [ and { of `text` is closed in it, in order, and nothing else is closed. */
function bracketsBalance(text: string): boolean {
  const open: string[] = [];
  const pairs: Record<string, string> = { ')': '(', ']': '[', '}': '{' };
  for (const ch of text) {
    if (ch === '(' || ch === '[' || ch === '{') open.push(ch);
    else if (ch in pairs && open.pop() !== pairs[ch]) return false;
  }
  return open.length === 0;
}

/**
 * Whether a span can be what the question's wh-word asks for: a count has a figure and is no
 * date or code, a time has a year, a month or a figure, a person or a place is no bare date or
 * figure, a "what … number/code/fee" has a figure; a legal form alone is never an answer. The
 * span model only prefers these; a lead that breaks them ("February 28" for "Who founded …?")
 * reads as wrong.
 */
export function fitsKind(kind: ReturnType<typeof questionKind>, span: string, question: string): boolean {
  // A company's legal form alone ("Inc", from "Galaxy Gaming, Inc") names nothing.
  if (/^(inc|ltd|llc|llp|corp|co|plc|gmbh|ag|sa|nv|bv)\.?$/i.test(span)) return false;
  // Function words alone ("can", "it is") answer nothing.
  if (!/\d/.test(span) && termsOf(span).length === 0) return false;
  // A bracket opened and not closed, or closed and not opened, cuts a phrase: "function mammoth.style(".
  if (!bracketsBalance(span)) return false;
  // A quantity is no date, no bare year and no identifier ("July 16", "2012", "2018–23–51").
  if (kind === 'howmany')
    return /\d/.test(span) && !MONTH_WORD.test(span) && !BARE_YEAR.test(span) && !IDENTIFIER.test(span);
  // "What is the docket number / the status code / the fee?" asks for a figure or a code.
  if (kind === 'what' && ASKS_FOR_QUANTITY.test(question)) return /\d/.test(span) && !IDENTIFIER.test(span);
  if (kind === 'what' && ASKS_FOR_FIGURE.test(question)) return /\d/.test(span);
  if (kind === 'when') return /\d|centur/i.test(span) || MONTH_WORD.test(span);
  // "Which company …?" asks for a name as "Who …?" does: "July 2003" is no company.
  if (kind === 'who' || kind === 'where' || (kind === 'what' && ASKS_FOR_NAMED.test(question)))
    return !DATED.test(span) && /\p{L}/u.test(span);
  return true;
}
