/**
 * PDF text geometry, step 1: pdf.js text items (in content-stream order) → lines of cells.
 * A line is a run of items on one baseline; a wide horizontal gap starts a new cell, so table
 * rows keep their columns apart. Coordinates are PDF user-space points (origin bottom-left).
 */

/** The part of a pdf.js TextItem used here. */
export interface PdfTextItem {
  str: string;
  /** [a, b, c, d, e, f]: e/f are the x/y of the baseline start; |(c, d)| is the font size. */
  transform: number[];
  width: number;
  height: number;
  hasEOL?: boolean;
}

export interface PdfCell {
  text: string;
  x: number;
  xEnd: number;
}

export interface PdfLine {
  cells: PdfCell[];
  /** Baseline y of the line's largest text (superscripts sit higher). */
  y: number;
  /** Largest font size on the line, in points. */
  size: number;
}

/** A gap wider than this many font sizes separates two table cells rather than two words. */
const CELL_GAP_EM = 1.5;
/** A gap wider than this many font sizes is a word space even when no space item was emitted. */
const WORD_GAP_EM = 0.15;

/** Groups text items into lines; items that jump back left or off the baseline start a new line. */
export function itemsToLines(items: PdfTextItem[]): PdfLine[] {
  const lines: PdfLine[] = [];
  let line: PdfLine | null = null;
  let pendingSpace = false;
  let last: { str: string; x: number; y: number } | null = null;

  for (const item of items) {
    const [, , c = 0, d = 0, x = 0, y = 0] = item.transform;
    const size = Math.hypot(c, d) || item.height || 1;
    const str = item.str ?? '';
    if (!/\S/.test(str)) {
      if (str.length > 0) pendingSpace = true;
      if (item.hasEOL && line) {
        lines.push(line);
        line = null;
      }
      continue;
    }
    // Fake bold: the same string drawn twice a fraction of a point apart.
    if (last && last.str === str && Math.abs(last.x - x) < 1 && Math.abs(last.y - y) < 1) continue;
    last = { str, x, y };
    const xEnd = x + Math.max(0, item.width);
    const em = line ? Math.max(size, line.size) : size;
    const cell = line?.cells[line.cells.length - 1];
    const gap = cell ? x - cell.xEnd : 0;
    if (line && cell && Math.abs(y - line.y) <= 0.5 * em && gap > -em) {
      if (gap > CELL_GAP_EM * em) {
        line.cells.push({ text: str, x, xEnd });
      } else {
        const space = pendingSpace || gap > WORD_GAP_EM * Math.min(size, line.size);
        cell.text += (space && !/\s$/.test(cell.text) && !/^\s/.test(str) ? ' ' : '') + str;
        cell.xEnd = Math.max(cell.xEnd, xEnd);
      }
      if (size > line.size) {
        // The line started with smaller text (a footnote mark): its baseline is the body text's.
        line.size = size;
        line.y = y;
      }
    } else {
      if (line) lines.push(line);
      line = { cells: [{ text: str, x, xEnd }], y, size };
    }
    pendingSpace = /\s$/.test(str);
    if (item.hasEOL) {
      lines.push(line);
      line = null;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** The line's text, cells joined by a space. */
export function lineText(line: PdfLine): string {
  return line.cells.map((c) => c.text.trim()).join(' ');
}

/** Left edge of the line, in points. */
export function lineX(line: PdfLine): number {
  return line.cells[0]?.x ?? 0;
}

/** Width from the first cell's left edge to the last cell's right edge, in points. */
export function lineWidth(line: PdfLine): number {
  return (line.cells[line.cells.length - 1]?.xEnd ?? 0) - lineX(line);
}
