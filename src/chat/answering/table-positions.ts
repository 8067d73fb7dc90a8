/**
 * A table cell asked for by its place rather than by a row's name and a column's header: "the
 * lower-right cell", "the first data cell in the left column", "what is under the second
 * column's header". Small tables in Word files and Markdown (a form, a test document's grid)
 * have no row labels to name; people point at them.
 */
import { TABLE_ROW } from './candidates.ts';
import type { SourceInfo } from './features.ts';
import { documentNamesOf, formatNamesOf } from './constraints.ts';
import { termsOf } from '../llm/sentence-scoring.ts';

/**
 * A place in a table: a row and a column, each an index from the start or, if negative, from the
 * end; `row` null when only a column is named ("the third column").
 */
export interface CellPosition {
  row: number | null;
  column: number;
}

const ORDINALS: Record<string, number> = { first: 0, second: 1, third: 2, fourth: 3, fifth: 4, sixth: 5 };
const ORDINAL = '(first|second|third|fourth|fifth|sixth|last)';
/** The question points at a cell of a table, not at a row by its name. */
const ASKS_PLACE = /\btable\b/i;

const index = (word: string) => (word.toLowerCase() === 'last' ? -1 : ORDINALS[word.toLowerCase()]!);

/**
 * The place a question points at, or null when it names none: a column by side ("left",
 * "right") or ordinal ("the second column"), a row by side ("top", "bottom", "upper",
 * "lower") or ordinal ("the third row"); "data cell" or "under … header" is the first row below
 * the header, "header" alone the header row. A column is needed; the row may be left open.
 */
export function positionOf(question: string): CellPosition | null {
  if (!ASKS_PLACE.test(question) || !/\b(cell|column|row|header)s?\b/i.test(question)) return null;
  const q = question.toLowerCase();
  const columnOrdinal = new RegExp(`\\b${ORDINAL}\\s+column`).exec(q);
  const side = /\b(left|right)(most)?\b/.exec(q);
  const column = columnOrdinal ? index(columnOrdinal[1]!) : side ? (side[1] === 'left' ? 0 : -1) : null;
  const rowOrdinal = new RegExp(`\\b${ORDINAL}\\s+(data\\s+)?row`).exec(q);
  const edge = /\b(top|upper|bottom|lower)\b/.exec(q);
  const data = /\bdata\b|\bunder\b.*\bheader|\bbelow\b.*\bheader/.test(q);
  let row: number | null = rowOrdinal
    ? index(rowOrdinal[1]!) + (rowOrdinal[2] && rowOrdinal[1] !== 'last' ? 1 : 0)
    : edge
      ? ['top', 'upper'].includes(edge[1]!)
        ? 0
        : -1
      : null;
  if (data && (row === null || row === 0)) row = 1;
  if (row === null && /\bheader\b/.test(q)) row = 0;
  if (column === null) return null;
  return { row, column };
}

/** A run of table lines in a source, with the line before it (its caption, "Simple uniform table"). */
interface Table {
  citation: number;
  caption: string;
  rows: string[][];
}

function tablesOf(sources: readonly SourceInfo[]): Table[] {
  const tables: Table[] = [];
  sources.forEach((source, s) => {
    let current: Table | null = null;
    let previous = '';
    for (const line of source.text.split('\n')) {
      if (TABLE_ROW.test(line)) {
        current ??= { citation: s + 1, caption: previous, rows: [] };
        current.rows.push(line.split(' | ').map((c) => c.trim()));
      } else {
        if (current) tables.push(current);
        current = null;
        if (line.trim()) previous = line.trim();
      }
    }
    if (current) tables.push(current);
  });
  return tables;
}

/**
 * The cell a question points at by place (`positionOf`), in the table it means: of the retrieved
 * tables, those of a document the question names (a word of its file name, or its format: "the
 * Word file", "the Markdown table") first, then the one whose caption shares most of the question's
 * terms, then the best-ranked. `text` is null when that table has no such cell ("the third
 * column" of a two-column table): the question is about something the table does not have.
 * Returns null when the question names no place, no table was retrieved, or it names a column
 * alone that the table has (which row is meant is left to the other answers).
 */
export function cellAtPosition(
  question: string,
  sources: readonly SourceInfo[],
): { text: string | null; citation: number } | null {
  const position = positionOf(question);
  if (!position) return null;
  const tables = tablesOf(sources);
  if (tables.length === 0) return null;
  const asked = new Set(termsOf(question));
  const named = new Set(documentNamesOf(question, sources).map((w) => w.toLowerCase()));
  const lower = question.toLowerCase();
  const score = (t: Table) => {
    const source = sources[t.citation - 1]!;
    const file = source.documentName.toLowerCase();
    const namesDocument =
      [...named].some((w) => file.includes(w)) ||
      formatNamesOf(source.documentName)
        .split(' ')
        .some((f) => f && new RegExp(`\\b${f}\\b`).test(lower));
    return (namesDocument ? 100 : 0) + termsOf(t.caption).filter((w) => asked.has(w)).length;
  };
  const table = tables.reduce((best, t) => (score(t) > score(best) ? t : best));
  // A column index past the row's end is no cell, not its last one.
  const inRange = (row: readonly string[]) =>
    position.column < 0 ? -position.column <= row.length : position.column < row.length;
  if (position.row === null)
    // A column alone: no answer to give here, unless the table has no such column at all.
    return table.rows.some(inRange) ? null : { text: null, citation: table.citation };
  const row = table.rows.at(position.row);
  const cell = row && inRange(row) ? row.at(position.column) : undefined;
  return { text: cell || null, citation: table.citation };
}
