/**
 * Expansion accounting for spreadsheets and tables, before a library allocates: what the XML asks
 * for is counted from its attributes, not from what it weighs. An ODF cell may say "repeat me
 * 16,384 times" in a row that says "repeat me 1,048,576 times" (the audit's 829-byte ODS asked for
 * 1.7 × 10¹⁰ cells; officeparser stopped at 1,000,000 cells and 6.18 M characters only after 22
 * minutes); an XLSX cell may point at one shared string of 32,767 characters a million times.
 * Both are counted here in one linear scan and refused at the first budget exceeded.
 */
import { DocumentParseError } from './types.ts';

/** Budgets of one document; the characters budget is PARSE_MAX_CHARS. */
export interface ExpansionBudget {
  /** Cells with content, repeats multiplied out (officeparser's own `maxTableCells` default). */
  maxCells: number;
  /** Characters the cells' text adds up to, repeats and shared-string references multiplied out. */
  maxChars: number;
}

/** officeparser's `maxTableCells`: the cells a document may hold once repeats are multiplied out. */
export const MAX_TABLE_CELLS = 1_000_000;

const tooMany = (what: string, budget: number, variable: string) =>
  new DocumentParseError(
    `the ${what} expands to more than ${budget.toLocaleString('en')} ${variable === 'cells' ? 'table cells' : 'characters of text'} (repeated rows, columns or cells; limit ${variable === 'cells' ? 'MAX_TABLE_CELLS' : 'PARSE_MAX_CHARS'})`,
  );

const attr = (tag: string, name: string) => {
  const m = new RegExp(`\\s${name}="(\\d+)"`).exec(tag);
  return m ? Number(m[1]) : 1;
};

/**
 * Counts an ODF `content.xml` (ODS, ODP, ODT tables): each non-empty cell × its
 * `table:number-columns-repeated` × its row's `table:number-rows-repeated`, and its text's
 * characters likewise. Empty cells (self-closing, no `office:value`) are free however often they
 * repeat: LibreOffice writes "1,048,553 more empty rows" into ordinary files.
 * @throws DocumentParseError naming the first budget exceeded
 */
export function checkOdfExpansion(xml: string, budget: ExpansionBudget, what: string): void {
  const tags = /<table:table-row\b[^>]*>|<table:(?:covered-)?table-cell\b[^>]*?(\/?)>|<\/table:table-cell>/g;
  let rowRepeat = 1;
  let cells = 0;
  let chars = 0;
  let open: { repeat: number; start: number } | null = null;
  for (let m = tags.exec(xml); m; m = tags.exec(xml)) {
    const tag = m[0];
    if (tag.startsWith('<table:table-row')) {
      rowRepeat = attr(tag, 'table:number-rows-repeated');
    } else if (tag === '</table:table-cell>') {
      if (open) chars += open.repeat * textLength(xml.slice(open.start, m.index));
      open = null;
    } else {
      const repeat = rowRepeat * attr(tag, 'table:number-columns-repeated');
      const selfClosing = m[1] === '/';
      if (selfClosing && !/\soffice:value(?:-type)?="/.test(tag)) continue;
      cells += repeat;
      if (!selfClosing) open = { repeat, start: m.index + tag.length };
    }
    if (cells > budget.maxCells) throw tooMany(what, budget.maxCells, 'cells');
    if (chars > budget.maxChars) throw tooMany(what, budget.maxChars, 'chars');
  }
}

/**
 * Counts an XLSX: the `<c>` cells of every sheet, and the characters they stand for — a shared
 * string (`t="s"`) counts its full length at every reference. One linear pass over the tags.
 * @throws DocumentParseError naming the first budget exceeded
 */
export function checkXlsxExpansion(parts: Map<string, Uint8Array>, budget: ExpansionBudget): void {
  const decoder = new TextDecoder();
  // One pass over tags each (no lazy match that could rescan an unclosed element): linear time.
  const shared: number[] = [];
  const strings = parts.get('xl/sharedStrings.xml');
  if (strings) {
    const tags = /<si\b[^>]*?(\/?)>|<t\b[^>]*>([^<]*)<\/t>/g;
    const xml = decoder.decode(strings);
    for (let m = tags.exec(xml); m; m = tags.exec(xml)) {
      if (m[0].startsWith('<si')) shared.push(0);
      else if (shared.length > 0) shared[shared.length - 1]! += m[2]!.length;
    }
  }
  let cells = 0;
  let chars = 0;
  for (const [name, data] of parts) {
    if (!/^xl\/worksheets\/[^/]+\.xml$/.test(name)) continue;
    const xml = decoder.decode(data);
    const tags = /<c\b([^>]*?)(\/?)>|<\/c>|<v>([^<]*)<\/v>|<t\b[^>]*>([^<]*)<\/t>/g;
    let cell: { shared: boolean } | null = null;
    for (let m = tags.exec(xml); m; m = tags.exec(xml)) {
      if (m[0].startsWith('<c')) {
        cells++;
        cell = m[2] === '/' ? null : { shared: /\st="s"/.test(m[1]!) };
      } else if (m[0] === '</c>') cell = null;
      else if (cell && m[3] !== undefined) chars += cell.shared ? (shared[Number(m[3])] ?? 0) : m[3].length;
      else if (cell && m[4] !== undefined) chars += m[4].length;
      if (cells > budget.maxCells) throw tooMany('spreadsheet', budget.maxCells, 'cells');
      if (chars > budget.maxChars) throw tooMany('spreadsheet', budget.maxChars, 'chars');
    }
  }
}

/** Characters of text in an XML fragment: its tags left out. */
function textLength(fragment: string): number {
  return fragment.replace(/<[^>]*>/g, '').length;
}
