/**
 * Reading tables out of retrieved chunks for tables.ts: the rows (lines of cells joined by " | ",
 * as every parser writes PDF, spreadsheet, Markdown and HTML tables), the header rows a column can
 * be named by, and the captions of a form ("Nevada | 20-8143439" over "(State or other
 * jurisdiction …) | (IRS Employer Identification No.)").
 *
 * Extracted tables are imperfect, so a header is mended before it is used: a merged header cell
 * made of the header's own labels is split back into its columns ("Handgun Long Gun *Other
 * **Multiple Admin" over five NICS columns), a header line a PDF parser wrote without cell
 * separators ("Loops Trees Traces … Speedup" over TraceMonkey's Figure 13) is read as one, and a
 * header whose width differs from its row's is aligned from the nearer edge.
 */
import { TABLE_ROW } from './candidates.ts';

export const cellsOf = (line: string) => line.split(' | ').map((c) => c.replace(/\s+/g, ' ').trim());
/** A figure cell: digits with separators, signs, currency or percent ("81,935", "$1.99", "20-8143439"). */
export const numeric = (cell: string) => /^[\s\d.,%$€£()+-]+$/.test(cell) && /\d/.test(cell);
/** A form's caption: a cell wholly in parentheses, written under the value it names. */
const CAPTION = /^\(([^()]*(\([^()]*\))?[^()]*)\)$/;
/** Header cells are labels, not prose: a longer cell is a sentence that ran into a table line. */
const HEADER_CELL_WORDS = 10;

/** A table row of a source, with its cells. */
export interface Row {
  citation: number;
  line: string;
  cells: string[];
  /** The first row of a run of table lines (a text table's header). */
  first: boolean;
  /** Position among all sources' lines, for the header nearest above a row. */
  order: number;
  /** Which run of consecutive table lines of its source the row is in. */
  run: number;
  /** Whether a row of its run holds a figure (a row without one is then a header). */
  inNumericRun: boolean;
  /** The width of the first row with a figure below it in its run: the table a header heads. */
  tableWidth?: number;
  /** A header line written without separators, read as cells (never a row to answer with). */
  synthetic?: boolean;
}

/** A value of a form and the caption under it, as one (caption, value) pair. */
export interface Captioned {
  citation: number;
  caption: string;
  value: string;
}

/**
 * A line without " | " just above a numeric table's first row, whose words are as many as the
 * row's value cells and all capitalised ("Loops Trees Traces Aborts … Speedup"), is that table's
 * header: a PDF parser sees no column gaps in a header of single words.
 */
function unseparatedHeader(line: string, next: string): string[] | null {
  const words = line.trim().split(/\s+/);
  const cells = cellsOf(next);
  if (words.length < 2 || words.length !== cells.length - 1 || !cells.slice(1).some(numeric)) return null;
  return words.every((w) => /^[\p{Lu}\d*#%(]/u.test(w)) ? ['', ...words] : null;
}

/**
 * The rows of every source (citation = index + 1) and the captioned values of its forms.
 * @param sources the numbered sources with their text
 */
export function readTables(sources: readonly { text: string }[]): { rows: Row[]; captions: Captioned[] } {
  const captions: Captioned[] = [];
  const rows = sources.flatMap((s, i) => {
    const lines = s.text.split(/\n+/);
    const found: Omit<Row, 'inNumericRun'>[] = [];
    let run = 0;
    lines.forEach((line, n) => {
      const cells = cellsOf(line);
      const previous = lines[n - 1] ?? '';
      // A caption line names the cells of the line above it, in the same places.
      if (n > 0 && cells.every((c) => CAPTION.test(c))) {
        const values = cellsOf(previous);
        if (values.length === cells.length)
          cells.forEach((c, k) => {
            if (values[k] && !CAPTION.test(values[k]))
              captions.push({ citation: i + 1, caption: c.slice(1, -1).trim(), value: values[k] });
          });
      }
      if (!TABLE_ROW.test(line)) return;
      const first = !TABLE_ROW.test(previous);
      if (first) run++;
      const header = first && n > 0 ? unseparatedHeader(previous, line) : null;
      if (header)
        found.push({
          citation: i + 1,
          line: previous.trim(),
          cells: header,
          first,
          order: i * 1e6 + n - 1,
          run,
          synthetic: true,
        });
      found.push({
        citation: i + 1,
        line: line.trim(),
        cells,
        first: first && !header,
        order: i * 1e6 + n,
        run,
      });
    });
    // A run of lines with figures is a numeric table: its rows without a figure are its headers.
    const numericRuns = new Set(found.filter((r) => r.cells.slice(1).some(numeric)).map((r) => r.run));
    return found.map((r, k) => {
      const below = found.slice(k + 1).find((d) => d.run === r.run && d.cells.slice(1).some(numeric));
      return { ...r, inNumericRun: numericRuns.has(r.run), tableWidth: below?.cells.length };
    });
  });
  return { rows, captions };
}

/**
 * A header's cells with merged cells split back into columns: a cell that is a sequence of two or
 * more of the header's own other cells ("Handgun Long Gun *Other **Multiple Admin" where
 * "Handgun", "Long Gun" and "*Other" head later columns) becomes one cell per label, and its
 * remaining words one cell each. Other cells are kept as they are.
 */
export function splitMergedHeader(cells: readonly string[]): string[] {
  const labels = new Set(cells.map((c) => c.toLowerCase()));
  return cells.flatMap((cell) => {
    const words = cell.split(' ');
    if (words.length < 3) return [cell];
    const parts: string[] = [];
    let known = 0;
    for (let at = 0; at < words.length;) {
      // The longest label starting here (a label is at most four words).
      let length = Math.min(4, words.length - at);
      while (
        length > 0 &&
        !(
          length < words.length &&
          labels.has(
            words
              .slice(at, at + length)
              .join(' ')
              .toLowerCase(),
          )
        )
      )
        length--;
      if (length > 0) known++;
      parts.push(words.slice(at, at + Math.max(length, 1)).join(' '));
      at += Math.max(length, 1);
    }
    return known >= 2 ? parts : [cell];
  });
}

/** Whether a header row can name a row's columns: as wide as half the row at least, of short labels. */
export function fitsRow(header: readonly string[], row: readonly string[]): boolean {
  return header.length * 2 >= row.length && header.every((c) => c.split(' ').length <= HEADER_CELL_WORDS);
}

/**
 * The row cell under header cell `index` when the header and the row differ in width (merged or
 * lost cells): aligned from the left in the header's first half, from the right in its second,
 * so a total in the last column stays the last.
 */
export function rowIndexOf(index: number, headerLength: number, rowLength: number): number {
  if (headerLength === rowLength || index * 2 < headerLength) return index;
  return rowLength - (headerLength - index);
}
