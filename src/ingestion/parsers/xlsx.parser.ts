/**
 * XLSX (Office Open XML spreadsheets) through ExcelJS, after the zip guard: a chunk group per
 * sheet, rows as `table-row` blocks with the sheet name and row number (sheet-rows.ts). Cell values
 * as Excel shows them: formula results, rich text joined, dates as ISO dates, hyperlinks by their
 * text. Hidden sheets are read too (their data is the company's all the same).
 */
import ExcelJS from 'exceljs';
import {
  DEFAULT_PARSE_LIMITS,
  DocumentParseError,
  type DocumentBlock,
  type ParsedDocument,
} from './types.ts';
import { finishDocument, guard } from './text-utils.ts';
import { addSheet } from './sheet-rows.ts';
import { readZipSafely, repackZip, ZIP_DAMAGED } from '../sandbox/zip-guard.ts';
import { checkXlsxExpansion, MAX_TABLE_CELLS } from './expansion.ts';

export const XLSX_DAMAGED = 'the XLSX file is damaged or is not an Excel workbook';

/** The text of one cell value, whatever ExcelJS made of it. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value !== 'object') return String(value);
  if ('richText' in value) return value.richText.map((r) => r.text).join('');
  if ('text' in value && typeof value.text === 'string') return value.text;
  if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
  if ('error' in value) return '';
  return '';
}

/**
 * @throws DocumentParseError XLSX_DAMAGED, the zip guard's reasons, or "the document is empty"
 */
export async function parseXlsx(
  bytes: Uint8Array,
  limits: { maxChars: number } = DEFAULT_PARSE_LIMITS,
): Promise<ParsedDocument> {
  let checked: Uint8Array;
  try {
    const parts = readZipSafely(bytes);
    // Cells and the characters they stand for, counted before ExcelJS allocates any (expansion.ts).
    checkXlsxExpansion(parts, { maxCells: MAX_TABLE_CELLS, maxChars: limits.maxChars });
    // ExcelJS reads the parts the guard read, re-packed (zip-guard.ts `repackZip`), not the upload.
    checked = repackZip(parts);
  } catch (error) {
    if (error instanceof DocumentParseError && error.message !== ZIP_DAMAGED) throw error;
    throw new DocumentParseError(XLSX_DAMAGED, { cause: error });
  }
  return guard(XLSX_DAMAGED, async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(checked.buffer, checked.byteOffset, checked.byteLength) as never);
    const blocks: DocumentBlock[] = [];
    workbook.eachSheet((sheet) => {
      const rows: [number, string[]][] = [];
      sheet.eachRow({ includeEmpty: false }, (row, number) => {
        const cells: string[] = [];
        row.eachCell({ includeEmpty: true }, (cell, column) => (cells[column - 1] = cellText(cell.value)));
        rows.push([number, Array.from(cells, (c) => c ?? '')]);
      });
      addSheet(blocks, sheet.name, rows);
    });
    return finishDocument(blocks, { title: workbook.title || null });
  });
}
