/**
 * Shared by the spreadsheet parsers (XLSX, CSV): a sheet becomes a level-1 heading with its name
 * (so each sheet starts its own chunks) and one `table-row` block per non-empty row, carrying the
 * sheet and the row number a spreadsheet shows. The chunker repeats a table's first row at the top
 * of every chunk the table continues in, so each row reads under its column names.
 */
import type { DocumentBlock } from './types.ts';
import { normaliseInline } from './text-utils.ts';

/** Cells joined by " | " with their positions kept (empty cells stay empty); trailing empties dropped. */
export function rowText(cells: readonly string[]): string {
  const clean = cells.map((c) => normaliseInline(c));
  while (clean.length > 0 && clean.at(-1) === '') clean.pop();
  return clean.join(' | ');
}

/**
 * Appends one sheet's blocks. `rows` yields [row number, cell texts]; rows with no text are skipped.
 * @param sheet the sheet's name, or null for a single-table file (CSV): no heading then
 */
export function addSheet(
  blocks: DocumentBlock[],
  sheet: string | null,
  rows: Iterable<[number, string[]]>,
): void {
  const start = blocks.length;
  for (const [row, cells] of rows) {
    const text = rowText(cells);
    if (text.replace(/[\s|]/g, '') === '') continue;
    blocks.push({ kind: 'table-row', text, row, ...(sheet !== null ? { sheet } : {}) });
  }
  if (sheet !== null && blocks.length > start) {
    blocks.splice(start, 0, { kind: 'heading', level: 1, text: normaliseInline(sheet) || 'Sheet', sheet });
  }
}
