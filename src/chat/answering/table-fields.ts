/**
 * Fields and their values in tables (tables.ts): which first line of a text table names its
 * columns rather than a field, and which field a who-question may read.
 */
import type { Row } from './table-rows.ts';
import { isMonth } from './constraints.ts';

/** What the last column of a reference table is called ("Parameter | Description"). */
const EXPLAINING_COLUMNS = new Set(
  'description descriptions meaning notes note details definition default purpose explanation comment comments usage example summary'.split(
    ' ',
  ),
);

/**
 * Whether the first line of a run of text rows names its columns ("Argument | Description",
 * "Property | Description") rather than a field and its value ("Industry | Software"): each cell
 * is one capitalised word, the last one a word for an explaining column (its rows may be in the
 * next chunk).
 */
export const namesColumns = (row: Row) =>
  row.cells.every((c) => /^\p{Lu}\p{Ll}+$/u.test(c.trim())) &&
  EXPLAINING_COLUMNS.has(row.cells.at(-1)!.trim().toLowerCase());

/** Whether a value names someone: a capitalised word that is not a month ("Netscape", not "February 28, 1998"). */
export const namesSomeone = (value: string) =>
  (value.match(/\p{Lu}[\p{L}'’-]*/gu) ?? []).some((w) => !isMonth(w));

/**
 * Complex prepositions whose noun is no content of the question (Quirk et al., "A Comprehensive
 * Grammar of the English Language", 1985, §9.10–9.13): "built on top of" names no field "top",
 * "in terms of cost" no field "terms".
 */
const COMPLEX_PREPOSITION =
  /\b(?:on top of|in front of|in spite of|in terms of|on behalf of|by means of|by way of|in case of|in addition to|in place of|on account of|in charge of|in favou?r of|in view of|with respect to|with regard to|in regard to|in relation to|as a result of|for the sake of|on the basis of|in accordance with|in line with|in light of|by virtue of|at the expense of)\b/gi;

/** The question without its complex prepositions: the words a row's label or a column may be named by. */
export const withoutComplexPrepositions = (question: string) => question.replace(COMPLEX_PREPOSITION, ' ');
