/**
 * Tables as data: a question about a value in a table is answered with the cell — the row the
 * candidate ranking chose (matched by its entity), the column whose header shares the question's
 * words (the measure). Rows are lines of cells joined by " | ", as every parser writes them
 * (PDF, spreadsheet, Markdown and HTML tables), with the table's header as its first row.
 */
import { termsOf } from '../llm/sentence-scoring.ts';
import { TABLE_ROW } from './candidates.ts';

const cellsOf = (line: string) => line.split(' | ').map((c) => c.trim());
const flat = (s: string) => s.replace(/\s+/g, ' ').trim();

/** The header row of the table holding `row` in `chunkText`: the first line of its run of rows. */
function headerOf(row: string, chunkText: string): string[] | null {
  const lines = chunkText.split(/\n+/);
  const at = lines.findIndex((l) => flat(l) === row);
  if (at < 0) return null;
  let first = at;
  while (first > 0 && TABLE_ROW.test(lines[first - 1]!)) first--;
  if (first === at) return null;
  return cellsOf(flat(lines[first]!));
}

/**
 * "Indiana — Permit: 81,935" for a table row and a question naming a column, or null when the
 * sentence is not a table row, its header is not in the chunk, or no header matches the question.
 */
export function tableCell(question: string, row: string, chunkText: string): string | null {
  if (!TABLE_ROW.test(row)) return null;
  const header = headerOf(row, chunkText);
  if (!header) return null;
  const cells = cellsOf(row);
  const rowTerms = new Set(termsOf(cells[0] ?? ''));
  const wanted = new Set(termsOf(question).filter((t) => !rowTerms.has(t)));
  let best = -1;
  let bestScore = 0;
  header.forEach((h, i) => {
    if (i === 0 || !cells[i]) return;
    const score = termsOf(h).filter((t) => wanted.has(t)).length;
    if (score > bestScore) [best, bestScore] = [i, score];
  });
  if (best < 0) return null;
  return `${cells[0]} — ${header[best]}: ${cells[best]}`;
}
