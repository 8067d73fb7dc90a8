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
  const rows: Row[] = sources.flatMap((s, i) =>
    s.text
      .split(/\n+/)
      .filter((l) => TABLE_ROW.test(l))
      .map((line) => ({ citation: i + 1, line: line.trim(), cells: cellsOf(line) })),
  );
  let best: { row: Row; labelTerms: string[]; score: number } | null = null;
  for (const row of rows) {
    const labelTerms = termsOf(row.cells[0] ?? '');
    if (labelTerms.length === 0 || !labelTerms.every((t) => questionTerms.has(t))) continue;
    if (!row.cells.slice(1).some(numeric)) continue;
    // A follow-up's own row wins ("And bananas?"), then the most specific label ("North Carolina"
    // over "Carolina"), then the row whose other cells the question also names ("Lyon" and "Q3"
    // among four Lyon rows).
    const others = new Set(row.cells.slice(1).flatMap((c) => termsOf(c)));
    const own = labelTerms.every((t) => ownTerms.has(t)) ? 1000 : 0;
    const score = own + labelTerms.length * 100 + [...questionTerms].filter((t) => others.has(t)).length;
    if (!best || score > best.score) best = { row, labelTerms, score };
  }
  if (!best) return null;
  const { row, labelTerms } = best;
  const measure = new Set([...questionTerms].filter((t) => !labelTerms.includes(t)));
  const document = sources[row.citation - 1]!.documentName;
  const headers = rows.filter(
    (r) => sources[r.citation - 1]!.documentName === document && !r.cells.some(numeric),
  );
  let column: { index: number; name: string; score: number } | null = null;
  for (const header of headers) {
    header.cells.forEach((cell, index) => {
      if (index === 0 || index >= row.cells.length || (!numeric(row.cells[index]!) && !row.cells[index]))
        return;
      const terms = termsOf(cell);
      const score =
        terms.filter((t) => measure.has(t)).length + 10 * terms.filter((t) => ownTerms.has(t)).length;
      // Earlier columns win ties: a merged header cell names the first of the columns under it.
      if (score > 0 && (!column || score > column.score)) column = { index, name: cell, score };
    });
  }
  const chosen = column as { index: number; name: string; header?: string[] } | null;
  if (chosen) {
    // A header with merged cells has fewer cells than its rows: its last cell (a total) is the row's last.
    const header = headers.find((h) => h.cells[chosen.index] === chosen.name)!.cells;
    const index = chosen.index === header.length - 1 ? row.cells.length - 1 : chosen.index;
    if (row.cells[index])
      return { citation: row.citation, text: `${row.cells[0]} — ${chosen.name}: ${row.cells[index]}` };
  }
  return { citation: row.citation, text: row.line };
}
