/**
 * PDF text geometry, step 3 (whole document): running headers/footers are dropped, pages are
 * laid out, and paragraphs set in a clearly larger font than the body become headings.
 */
import type { DocumentBlock } from './types.ts';
import { addBlock } from './text-utils.ts';
import { layoutPage, type RawBlock } from './pdf-layout.ts';
import { lineText, type PdfLine } from './pdf-lines.ts';
import { WordJoiner } from './pdf-words.ts';
import { joinContinuations } from './pdf-continuations.ts';

export interface PdfPageText {
  lines: PdfLine[];
  /** Page box [x0, y0, x1, y1] in points. */
  view: number[];
}

/** Lines in the top or bottom margin band (share of page height) may be running heads. */
const MARGIN_BAND = 0.08;
/** Headings are set at least this much larger than the body text. */
const HEADING_SIZE_RATIO = 1.15;

/** All blocks of the document, each with its 1-based page number. */
export function buildPdfBlocks(pages: PdfPageText[]): DocumentBlock[] {
  dropRunningLines(pages);
  const words = new WordJoiner(pages.flatMap((p) => p.lines.map(lineText)));
  const body = bodySize(pages);
  const laid = pages.map((page) =>
    layoutPage(page.lines, (page.view[2] ?? 612) - (page.view[0] ?? 0), body, words),
  );
  const headingLevel = headingLevels(laid.flat());
  const paged = laid.flatMap((raw, page) => raw.map((block) => ({ block, page })));
  const blocks: DocumentBlock[] = [];
  for (const { block, page } of joinContinuations(paged, body, words, (b) => headingLevel(b) !== null)) {
    const text = tidy(block.text);
    const level = headingLevel(block);
    if (level) addBlock(blocks, 'heading', text, { level, page: page + 1 });
    else addBlock(blocks, block.kind, text, { page: page + 1 });
  }
  return blocks;
}

/** The font size carrying the most characters, in points. */
function bodySize(pages: PdfPageText[]): number {
  const chars = new Map<number, number>();
  for (const page of pages) {
    for (const line of page.lines) {
      const key = Math.round(line.size * 2) / 2;
      chars.set(key, (chars.get(key) ?? 0) + lineText(line).length);
    }
  }
  return [...chars.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 0;
}

const SPACING_ACCENTS: Record<string, string> = {
  '¨': '\u0308',
  '´': '\u0301',
  ˆ: '\u0302',
  '˜': '\u0303',
  '¸': '\u0327',
  '˚': '\u030A',
  ˇ: '\u030C',
};

/**
 * Ligatures, the doubled single quotes some typesetters use for “ ”, and TeX accents drawn as
 * a separate glyph before the letter ("na¨ıve" → "naïve").
 */
function tidy(text: string): string {
  return text
    .replace(/(\p{L})([¨´ˆ˜¸˚ˇ])(ı|\p{L})/gu, (_, before: string, accent: string, letter: string) =>
      (before + (letter === 'ı' ? 'i' : letter) + SPACING_ACCENTS[accent]).normalize('NFC'),
    )
    .replace(/ﬀ/g, 'ff')
    .replace(/ﬁ/g, 'fi')
    .replace(/ﬂ/g, 'fl')
    .replace(/ﬃ/g, 'ffi')
    .replace(/ﬄ/g, 'ffl')
    .replace(/[ﬅﬆ]/g, 'st')
    .replace(/‘‘/g, '“')
    .replace(/’’/g, '”');
}

/**
 * Removes lines repeated in the top/bottom margin of many pages (running heads, page numbers;
 * digits are ignored when comparing). A repeated multi-cell line is a table's header row
 * (table reports repeat it on every page): its first occurrence is kept.
 */
function dropRunningLines(pages: PdfPageText[]): void {
  if (pages.length < 3) return;
  const keyOf = (line: PdfLine): string =>
    lineText(line).toLowerCase().replace(/\d+/g, '#').replace(/\s+/g, ' ');
  const inMargin = (page: PdfPageText, line: PdfLine): boolean => {
    const [, y0 = 0, , y1 = 792] = page.view;
    const rel = (line.y - y0) / (y1 - y0 || 1);
    return rel < MARGIN_BAND || rel > 1 - MARGIN_BAND;
  };
  const pagesWith = new Map<string, number>();
  for (const page of pages) {
    const keys = new Set(page.lines.filter((l) => inMargin(page, l)).map(keyOf));
    for (const key of keys) pagesWith.set(key, (pagesWith.get(key) ?? 0) + 1);
  }
  const threshold = Math.max(3, Math.ceil(pages.length * 0.4));
  const seen = new Set<string>();
  for (const page of pages) {
    page.lines = page.lines.filter((line) => {
      if (!inMargin(page, line)) return true;
      const key = keyOf(line);
      if ((pagesWith.get(key) ?? 0) < threshold) return true;
      if (line.cells.length < 2 || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  }
}

/**
 * Heading levels by font size: the body size is the one carrying the most text; short
 * paragraphs set at least 15 % larger are headings, the largest size being level 1.
 */
function headingLevels(blocks: RawBlock[]): (block: RawBlock) => number | null {
  const charsBySize = new Map<number, number>();
  for (const b of blocks) {
    const key = Math.round(b.size * 2) / 2;
    charsBySize.set(key, (charsBySize.get(key) ?? 0) + b.text.length);
  }
  const body = [...charsBySize.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 0;
  const isHeading = (b: RawBlock): boolean =>
    b.kind === 'paragraph' &&
    b.size >= body * HEADING_SIZE_RATIO &&
    b.lineCount <= 3 &&
    b.text.length <= 200 &&
    /\p{L}/u.test(b.text) &&
    !/[,;]$/.test(b.text.trim());
  const sizes = [...new Set(blocks.filter(isHeading).map((b) => Math.round(b.size * 2) / 2))].sort(
    (a, b) => b - a,
  );
  return (b) => (isHeading(b) ? Math.min(6, sizes.indexOf(Math.round(b.size * 2) / 2) + 1) : null);
}
