/**
 * PDF text geometry, step 2: the lines of one page → paragraphs, list items and table rows.
 * Paragraph breaks come from vertical gaps, first-line indents, hanging indents, short closing
 * lines, bullets and font-size changes; a sentence cut by a column or page break is rejoined.
 */
import { lineText, lineWidth, lineX, type PdfCell, type PdfLine } from './pdf-lines.ts';
import type { WordJoiner } from './pdf-words.ts';
import { readingOrder } from './pdf-columns.ts';

export interface RawBlock {
  kind: 'paragraph' | 'list-item' | 'table-row';
  text: string;
  /** Font size of the block's first line, in points (for heading detection). */
  size: number;
  lineCount: number;
}

const BULLET = /^[•●○◦▪■□‣⁃∙\uF0B7\uF0A7]\s*/;
const SENTENCE_END = /[.!?:;]["”’)\]]?$/;

/** Blocks of one page in reading order; `pageWidth` and the document's `bodySize` are in points. */
export function layoutPage(
  pageLines: PdfLine[],
  pageWidth: number,
  bodySize: number,
  words: WordJoiner,
): RawBlock[] {
  if (isGridPage(pageLines)) return gridRows(pageLines);
  const lines = readingOrder(pageLines, pageWidth, bodySize);
  const blocks: RawBlock[] = [];
  let prose: PdfLine[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const inTable =
      line.cells.length > 1 &&
      ((lines[i - 1]?.cells.length ?? 0) > 1 || (lines[i + 1]?.cells.length ?? 0) > 1);
    if (!inTable) {
      prose.push(line);
      continue;
    }
    blocks.push(...proseBlocks(prose, words));
    prose = [];
    blocks.push(rowBlock(line.cells, line.size));
  }
  blocks.push(...proseBlocks(prose, words));
  return blocks;
}

function rowBlock(cells: PdfCell[], size: number): RawBlock {
  return { kind: 'table-row', text: cells.map((c) => c.text.trim()).join(' | '), size, lineCount: 1 };
}

/**
 * A page that is mostly a grid: most text sits in short cells that share baselines three or
 * more at a time. Such tables are often drawn column by column, so rows are rebuilt by position.
 */
function isGridPage(lines: PdfLine[]): boolean {
  const cells = lines.flatMap((l) => l.cells);
  if (cells.length < 12) return false;
  const short = cells.filter((c) => c.text.trim().length <= 30).length;
  const inRows = bands(lines)
    .filter((b) => b.cells.length >= 3)
    .reduce((n, b) => n + b.cells.length, 0);
  return short >= 0.75 * cells.length && inRows >= 0.6 * cells.length;
}

function bands(lines: PdfLine[]): { y: number; size: number; cells: PdfCell[] }[] {
  const sorted = [...lines].sort((a, b) => b.y - a.y);
  const out: { y: number; size: number; cells: PdfCell[] }[] = [];
  for (const line of sorted) {
    const band = out[out.length - 1];
    if (band && Math.abs(band.y - line.y) <= 0.4 * Math.max(band.size, line.size))
      band.cells.push(...line.cells);
    else out.push({ y: line.y, size: line.size, cells: [...line.cells] });
  }
  return out;
}

function gridRows(lines: PdfLine[]): RawBlock[] {
  return bands(lines).map((band) => {
    const cells = [...band.cells].sort((a, b) => a.x - b.x);
    if (cells.length > 1) return rowBlock(cells, band.size);
    return { kind: 'paragraph', text: cells[0]?.text ?? '', size: band.size, lineCount: 1 };
  });
}

/** Median line pitch as a multiple of the font size, from consecutive same-size lines. */
function typicalLeading(lines: PdfLine[]): number {
  const ratios: number[] = [];
  for (let i = 1; i < lines.length; i++) {
    const [a, b] = [lines[i - 1]!, lines[i]!];
    const dy = a.y - b.y;
    if (Math.abs(a.size - b.size) < 0.1 * a.size && dy > 0.5 * b.size && dy < 2.5 * b.size)
      ratios.push(dy / b.size);
  }
  if (ratios.length < 3) return 1.2;
  ratios.sort((x, y) => x - y);
  return ratios[Math.floor(ratios.length / 2)]!;
}

function proseBlocks(lines: PdfLine[], words: WordJoiner): RawBlock[] {
  const leading = typicalLeading(lines);
  const blocks: RawBlock[] = [];
  let para: { lines: PdfLine[]; text: string; maxWidth: number; bullet: boolean } | null = null;
  const emit = (): void => {
    if (para) {
      const size = para.lines[0]!.size;
      blocks.push({
        kind: para.bullet ? 'list-item' : 'paragraph',
        text: para.text,
        size,
        lineCount: para.lines.length,
      });
    }
    para = null;
  };
  for (const line of lines) {
    const raw = lineText(line);
    const bullet = BULLET.test(raw);
    const text = raw.replace(BULLET, '');
    if (!text) continue;
    if (para && !bullet && !startsParagraph(para, line, text, leading)) {
      para.text = words.join(para.text, text);
      para.lines.push(line);
      para.maxWidth = Math.max(para.maxWidth, lineWidth(line));
      continue;
    }
    emit();
    para = { lines: [line], text, maxWidth: lineWidth(line), bullet };
  }
  emit();
  return blocks;
}

function startsParagraph(
  para: { lines: PdfLine[]; text: string; maxWidth: number },
  line: PdfLine,
  text: string,
  leading: number,
): boolean {
  const prev = para.lines[para.lines.length - 1]!;
  const first = para.lines[0]!;
  const size = line.size;
  if (Math.abs(size - prev.size) > 0.15 * Math.max(size, prev.size)) return true;
  const dy = prev.y - line.y;
  const jumped = dy < 0.3 * size || dy > 4 * leading * size; // to the next column, or past a figure
  // A sentence cut by a column break or a figure: rejoin it.
  if (jumped && !SENTENCE_END.test(para.text.slice(-8)) && /^\p{Ll}/u.test(text)) return false;
  if (jumped || dy > leading * size + Math.max(0.15 * size, 1)) return true;
  const indent = lineX(line) - lineX(prev);
  if (para.lines.length >= 2 && indent > 0.8 * size) return true; // first-line indent
  if (para.lines.length >= 2 && indent < -0.8 * size && lineX(first) <= lineX(line) + 0.5 * size) return true;
  return (
    para.lines.length >= 2 && lineWidth(prev) < 0.75 * para.maxWidth && SENTENCE_END.test(para.text.slice(-8))
  );
}
