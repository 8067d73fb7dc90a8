/**
 * CSV / TSV through csv-parse (RFC 4180 quoting, ragged rows tolerated): one table, rows as
 * `table-row` blocks carrying their line-based row number (sheet-rows.ts). The delimiter is the one
 * of comma, semicolon and tab that splits the first lines most consistently.
 */
import { parse } from 'csv-parse/sync';
import { DocumentParseError, type DocumentBlock, type ParsedDocument } from './types.ts';
import { decodeText, finishDocument } from './text-utils.ts';
import { addSheet } from './sheet-rows.ts';

export const CSV_DAMAGED = 'the CSV file cannot be read (unbalanced quotes?)';
/**
 * Widest table accepted: 16,384 columns, the widest sheet Excel (XFD) and LibreOffice Calc (since
 * 7.4) open. A wider "table" is not one a person reads (the audit's 200,000-column header), and
 * each of its rows is a block too large to chunk whole.
 */
export const MAX_CSV_COLUMNS = 16_384;

function delimiterOf(text: string): string {
  const lines = text
    .split(/\r?\n/)
    .filter((l) => l.trim() !== '')
    .slice(0, 20);
  let best = ',';
  let bestScore = -1;
  for (const d of [',', ';', '\t']) {
    const counts = lines.map((l) => l.split(d).length - 1);
    const consistent = counts.filter((c) => c > 0 && c === counts[0]).length;
    if (consistent > bestScore) {
      best = d;
      bestScore = consistent;
    }
  }
  return best;
}

/** @throws DocumentParseError CSV_DAMAGED, a row wider than MAX_CSV_COLUMNS, or "the document is empty" */
export async function parseCsv(bytes: Uint8Array): Promise<ParsedDocument> {
  const text = decodeText(bytes);
  let records: string[][];
  try {
    records = parse(text, {
      delimiter: delimiterOf(text),
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      bom: true,
    }) as string[][];
  } catch (error) {
    throw new DocumentParseError(CSV_DAMAGED, { cause: error });
  }
  let widest = 0;
  for (const record of records) widest = Math.max(widest, record.length);
  if (widest > MAX_CSV_COLUMNS) {
    const n = (x: number) => x.toLocaleString('en-US');
    throw new DocumentParseError(
      `the table has ${n(widest)} columns; at most ${n(MAX_CSV_COLUMNS)} are accepted (the widest sheet Excel and LibreOffice open)`,
    );
  }
  const blocks: DocumentBlock[] = [];
  addSheet(
    blocks,
    null,
    records.map((cells, i): [number, string[]] => [i + 1, cells]),
  );
  return finishDocument(blocks);
}
