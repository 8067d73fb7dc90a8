/**
 * The column a table question names (tables.ts): the header cells of the row's table that share
 * the question's measure words ("permit", "long gun", "employees"), weighted so that a word in few
 * header cells says more than one in many ("aborts" against "traces" over TraceMonkey's Figure 13)
 * and the word right after "how many" says most.
 */
import { answerType, holdsAnswerType, termsOf } from '../llm/sentence-scoring.ts';
import { fitsRow, numeric, rowIndexOf, splitMergedHeader, type Row } from './table-rows.ts';

/** A question for a count or an amount ("how many", "number of"), whatever else it asks. */
export const ASKS_COUNT = /\bhow (many|much)\b|\b(number|count|amount|total) of\b/i;
/**
 * Whether the question asks for a count itself, not for a thing a count describes: "How many
 * checks…?", "What was the number of…?", but not "Which argument sets how many decimal places…?".
 */
export function asksForCount(question: string): boolean {
  return ASKS_COUNT.test(question) && !/^\W*(which|who|whom|whose|where)\b/i.test(question);
}
/** The words just after "how many" (or "number of"): the measure the question is about. */
const FOCUS = /\b(?:how (?:many|much)|(?:number|count|amount|total) of)\s+((?:\S+\s+){0,1}\S+)/i;

/** Words from which a cell of a header narrower than its rows is read as several merged labels. */
const MERGED_CELL_WORDS = 4;

/**
 * The label of header cell `h` that sits over its row cell. In a header narrower than its rows a
 * long cell may head several columns ("Base Model1 Large Model Notes" over "F / M | M | Layouts
 * of …"); as rowIndexOf aligns a cell of the header's second half from the right, only its last
 * word is over that cell ("Notes"), and in the first half only its first word.
 */
function alignedLabel(name: string, h: number, headerLength: number, rowLength: number): string {
  const words = name.split(' ');
  if (headerLength >= rowLength || words.length < MERGED_CELL_WORDS) return name;
  return h * 2 < headerLength ? words[0]! : words.at(-1)!;
}

/** A header row as it names a row's columns. */
export interface Header {
  order: number;
  /** Whether it heads the row's own run of table lines. */
  own: boolean;
  /** Its cells, merged cells split (splitMergedHeader). */
  cells: string[];
}

/**
 * The header rows that can name `row`'s columns, nearest above it first: those of its own table
 * (its run of lines), and the document's other ones that head rows as wide as it (or, with no
 * row below them in their chunk, within two cells of its width: a chunk that starts mid-table).
 * A header has no figure; in a table of figures, no digit at all; in a table of text it is the
 * run's first line. Of the row's own headers, those as wide as the row, when there are any.
 */
export function headersOf(row: Row, rows: readonly Row[], documentOf: (r: Row) => string): Header[] {
  const candidates = rows
    .filter(
      (r) =>
        documentOf(r) === documentOf(row) &&
        r !== row &&
        !r.cells.some(numeric) &&
        !(r.inNumericRun && !r.synthetic && /\d/.test(r.line)),
    )
    .filter((r) =>
      r.citation === row.citation && r.run === row.run && r.order < row.order
        ? // A table of text has one header, its first line: the rows above are rows, not headers.
          r.inNumericRun || r.first
        : r.tableWidth !== undefined
          ? r.tableWidth === row.cells.length
          : Math.abs(r.cells.length - row.cells.length) <= 2,
    )
    .map((r) => ({
      order: r.order,
      own: r.citation === row.citation && r.run === row.run && r.order < row.order,
      cells: splitMergedHeader(r.cells),
    }))
    .filter((h) => fitsRow(h.cells, row.cells));
  // A header of two lines ("Employees" over "Affected") is aligned by the line as wide as the
  // row: the other line lost its empty cells, so its places say nothing.
  const exact = candidates.some((h) => h.own && h.cells.length === row.cells.length);
  return candidates
    .filter((h) => !(exact && h.own && h.cells.length !== row.cells.length))
    .sort((a, b) => (b.order < row.order ? b.order : -1) - (a.order < row.order ? a.order : -1));
}

/**
 * The row cell under the header cell that names the question's measure best, or null.
 * @param row the row the question names, `key` its label cell (never the answer)
 * @param measure the question's terms less the label's; `own` a follow-up's own terms (×10)
 */
export function namedColumn(
  question: string,
  row: Row,
  key: number,
  headers: readonly Header[],
  measure: Set<string>,
  own: Set<string>,
): { index: number; name: string } | null {
  const wantsNumber = ASKS_COUNT.test(question);
  const wantsDate = answerType(question) === 'date';
  // The measure the question asks for by name ("how many employees …") counts double.
  const focus = new Set(termsOf(question.match(FOCUS)?.[1] ?? ''));
  let column: { index: number; name: string; score: number } | null = null;
  for (const header of headers) {
    // A measure word in fewer of the header's cells says more ("aborts" against "traces").
    const frequency = new Map<string, number>();
    for (const name of header.cells)
      for (const t of new Set(termsOf(name))) frequency.set(t, (frequency.get(t) ?? 0) + 1);
    header.cells.forEach((name, h) => {
      const index = rowIndexOf(h, header.cells.length, row.cells.length);
      const value = row.cells[index];
      if (index === key || index < 0 || !value) return;
      const label = alignedLabel(name, h, header.cells.length, row.cells.length);
      // "How many …" is answered by a figure, not by a date or a word; "When …" by a date.
      if (wantsNumber && (!/\d/.test(value) || /\d\/\d/.test(value))) return;
      if (wantsDate && !holdsAnswerType(value, 'date')) return;
      const terms = [...new Set(termsOf(label))];
      const weight = (t: string) => (focus.has(t) ? 2 : 1) / frequency.get(t)!;
      const matched =
        terms.filter((t) => measure.has(t)).reduce((sum, t) => sum + weight(t), 0) +
        10 * terms.filter((t) => own.has(t)).length;
      // Ties: a header of the row's own table, one as wide as the row, then the nearest above it.
      const above = header.order < row.order ? 1 - (row.order - header.order) / 1e9 : 0;
      const fits = (header.own ? 0.02 : 0) + (header.cells.length === row.cells.length ? 0.01 : 0);
      const score = matched === 0 ? 0 : matched + fits + above / 200;
      // Earlier columns win ties: a merged header cell names the first of the columns under it.
      if (score > 0 && (!column || score > column.score)) column = { index, name: label, score };
    });
  }
  const chosen = column as { index: number; name: string } | null;
  return chosen && { index: chosen.index, name: chosen.name };
}

/** At most this many dates answer a when-question whose column the question does not name. */
const MAX_DATE_CELLS = 3;

/**
 * For a when-question that names no column ("When did Walmart notify the state …?" over "Notice
 * Date | Effective | Received"), the row's dates under their headers, in the row's order
 * ("Notice Date: 01/15/2016; Effective: 03/16/2016"), or null when the row holds none or more than
 * MAX_DATE_CELLS: the person reads which one they meant, each named.
 * @param row the row the question names, `key` its label cell
 */
export function datedCells(
  question: string,
  row: Row,
  key: number,
  headers: readonly Header[],
): string | null {
  if (answerType(question) !== 'date') return null;
  const dated = row.cells
    .map((value, index) => ({ value, index }))
    .filter(({ value, index }) => index !== key && holdsAnswerType(value, 'date'));
  if (dated.length === 0 || dated.length > MAX_DATE_CELLS) return null;
  const header = headers.find((h) => h.cells.length === row.cells.length) ?? headers[0];
  const nameOf = (index: number) => {
    if (!header) return undefined;
    const h = header.cells.findIndex(
      (_, k) => rowIndexOf(k, header.cells.length, row.cells.length) === index,
    );
    return h >= 0 ? header.cells[h] : undefined;
  };
  return dated.map(({ value, index }) => (nameOf(index) ? `${nameOf(index)}: ${value}` : value)).join('; ');
}
