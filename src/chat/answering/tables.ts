/**
 * Tables as data: a question about a value in a table is answered with the cell — the row
 * matched by its entity (its first cell's words are all in the question: "Indiana",
 * "September 2015"), the column by the measure (a header cell sharing the question's other
 * words: "permit", "employees"). Rows are lines of cells joined by " | ", as every parser writes
 * them (PDF, spreadsheet, Markdown and HTML tables). The header is looked for in every source
 * of the row's document, since a chunk that starts mid-table may not hold it.
 *
 * A follow-up reaches here completed by follow-up.ts ("And handguns? What was Georgia's permit
 * count …?"): the words of its first sentence, the person's own, outweigh the earlier question's
 * when the row and the column are chosen.
 */
import { termsOf } from '../llm/sentence-scoring.ts';
import { TABLE_ROW } from './candidates.ts';

const cellsOf = (line: string) => line.split(' | ').map((c) => c.replace(/\s+/g, ' ').trim());
const numeric = (cell: string) => /^[\s\d.,%$€£()+-]+$/.test(cell) && /\d/.test(cell);

/** A table row of a source, with its cells. */
interface Row {
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
  inNumericRun?: boolean;
}

/** A table cell that answers: where it is and how to say it. */
export interface TableAnswer {
  citation: number;
  /** "Indiana — Permit: 81,935", or the whole row when no column matches the question. */
  text: string;
}

/**
 * The row whose label the question names and the column whose header it names, or null when
 * no table row's label is in the question.
 * @param sources the numbered sources ([n] = sources[n-1]) with their text and document
 */
export function tableAnswer(
  question: string,
  sources: readonly { text: string; documentName: string }[],
): TableAnswer | null {
  const questionTerms = new Set(termsOf(question));
  const sentences = question.split(/(?<=\?)\s+/);
  const ownTerms = new Set(sentences.length > 1 ? termsOf(sentences[0]!) : []);
  const rows: Row[] = sources.flatMap((s, i) => {
    const lines = s.text.split(/\n+/);
    const found: Row[] = [];
    let run = 0;
    lines.forEach((line, n) => {
      if (!TABLE_ROW.test(line)) return;
      const first = !TABLE_ROW.test(lines[n - 1] ?? '');
      if (first) run++;
      found.push({
        citation: i + 1,
        line: line.trim(),
        cells: cellsOf(line),
        first,
        order: i * 1e6 + n,
        run,
      });
    });
    // A run of lines with figures is a numeric table: its rows without a figure are its headers.
    const numericRuns = new Set(found.filter((r) => r.cells.slice(1).some(numeric)).map((r) => r.run));
    return found.map((r) => ({ ...r, inNumericRun: numericRuns.has(r.run) }));
  });
  let best: { row: Row; key: number; labelTerms: string[]; score: number } | null = null;
  for (const row of rows) {
    const hasNumber = row.cells.slice(1).some(numeric);
    row.cells.forEach((cell, key) => {
      // The row's entity: its first cell ("Indiana") or, in a table whose first column is not the
      // name (a date, a code), another text cell ("JCPenney"). A "[18]" or "[integer]" is not a word of it.
      if (numeric(cell)) return;
      // A row of text (the LayoutParser model zoo) is named by its first cell, under a header.
      if (!hasNumber && (key > 0 || row.first || row.inNumericRun || row.cells.length < 3)) return;
      const labelTerms = termsOf(cell.replace(/\[[^\]]*\]/g, ''));
      if (labelTerms.length === 0 || !labelTerms.every((t) => questionTerms.has(t))) return;
      // A follow-up's own row wins ("And bananas?"), then the most specific label ("North Carolina"
      // over "Carolina"), then the first column, then the row whose other cells the question also
      // names ("Lyon" and "Q3" among four Lyon rows).
      const others = new Set(row.cells.filter((_, k) => k !== key).flatMap((c) => termsOf(c)));
      const own = labelTerms.every((t) => ownTerms.has(t)) ? 1000 : 0;
      const score =
        own +
        labelTerms.length * 100 +
        (key === 0 ? 50 : 0) +
        [...questionTerms].filter((t) => others.has(t)).length;
      if (!best || score > best.score) best = { row, key, labelTerms, score };
    });
  }
  if (!best) return null;
  const { row, key, labelTerms } = best as { row: Row; key: number; labelTerms: string[] };
  const measure = new Set([...questionTerms].filter((t) => !labelTerms.includes(t)));
  const document = sources[row.citation - 1]!.documentName;
  const numericTable = row.cells.some(numeric);
  // Header rows: the document's table rows without a number (a text table's other rows count too:
  // a header cannot be told from them by its cells, so the nearest one above the row wins ties).
  const headers = rows.filter(
    (r) => sources[r.citation - 1]!.documentName === document && r !== row && !r.cells.some(numeric),
  );
  let column: { index: number; name: string; score: number } | null = null;
  for (const header of headers) {
    header.cells.forEach((cell, index) => {
      if (index === key || index >= row.cells.length || !row.cells[index]) return;
      const terms = termsOf(cell);
      const matched =
        terms.filter((t) => measure.has(t)).length + 10 * terms.filter((t) => ownTerms.has(t)).length;
      // Of headers naming the measure as well, the nearest one above the row.
      const above = header.order < row.order ? 1 - (row.order - header.order) / 1e9 : 0;
      const score = matched === 0 ? 0 : matched + above / 2;
      // Earlier columns win ties: a merged header cell names the first of the columns under it.
      if (score > 0 && (!column || score > column.score)) column = { index, name: cell, score };
    });
  }
  const chosen = column as { index: number; name: string } | null;
  if (chosen) {
    // A header with merged cells has fewer cells than its rows: its last cell (a total) is the row's last.
    const header = headers.find((h) => h.cells[chosen.index] === chosen.name)!.cells;
    const index = chosen.index === header.length - 1 ? row.cells.length - 1 : chosen.index;
    if (row.cells[index])
      return { citation: row.citation, text: `${row.cells[key]} — ${chosen.name}: ${row.cells[index]}` };
  }
  // Without a column the question names, only a numeric table's own row answers (its label in
  // the first column); anything looser is left to the ranker and its answerability check.
  return key === 0 && numericTable ? { citation: row.citation, text: row.line } : null;
}
