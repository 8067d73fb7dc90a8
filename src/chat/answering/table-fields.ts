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
