/**
 * Reading order of one page. pdf.js returns text in drawing order, which on multi-column pages
 * may run row by row across the columns ("col1 | col2 | col3") and often draws footnotes first.
 * Multi-column pages are re-read by position: between full-width lines, column by column, top
 * to bottom. Footnotes (smaller text below a column's body text) move to the end of the page.
 */
import type { PdfCell, PdfLine } from './pdf-lines.ts';

/** A cell at least this share of the page wide (and 20+ characters) is a line of running text. */
const COLUMN_MIN_WIDTH = 0.15;
/** Column left edges closer than this share of the page width are one edge. */
const EDGE_TOLERANCE = 0.04;
/** Text this much smaller than the page's body text, below the body, is a footnote. */
const FOOTNOTE_SIZE_RATIO = 0.9;

interface Unit {
  line: PdfLine;
  x: number;
  xEnd: number;
  /** Column index, or -1 for a line spanning several columns. */
  column: number;
  chars: number;
}

/**
 * Returns the page's lines in reading order (the same lines, possibly split and re-ordered).
 * `bodySize` is the document's body font size in points (footnotes are smaller).
 */
export function readingOrder(lines: PdfLine[], pageWidth: number, bodySize: number): PdfLine[] {
  const isRunningText = (c: { x: number; xEnd: number; chars: number }): boolean =>
    c.xEnd - c.x >= COLUMN_MIN_WIDTH * pageWidth && c.chars >= 20;
  // Lines made only of running-text cells are columns drawn row-wise: split them per cell.
  const units: Unit[] = lines.flatMap((line) =>
    line.cells.length > 1 && line.cells.every((c) => isRunningText(cellBox(c)))
      ? line.cells.map((cell) => unitOf({ cells: [cell], y: line.y, size: line.size }))
      : [unitOf(line)],
  );
  const tolerance = EDGE_TOLERANCE * pageWidth;
  const textUnits = units.filter(isRunningText);
  const edges = columnEdges(
    textUnits.map((u) => u.x),
    tolerance,
    Math.max(5, textUnits.length * 0.15),
  );
  for (const u of units) {
    let column = 0;
    for (let i = 0; i < edges.length; i++) if (u.x >= edges[i]! - tolerance) column = i;
    const next = edges[column + 1];
    u.column = next !== undefined && u.xEnd > next + tolerance ? -1 : column;
  }
  const multiColumn = edges.length >= 2 && units.filter((u) => u.column === -1).length <= units.length * 0.2;
  const body = bodySize;
  const lowestBody = new Map<number, number>();
  for (const u of units) {
    if (u.line.size >= FOOTNOTE_SIZE_RATIO * body) {
      lowestBody.set(u.column, Math.min(lowestBody.get(u.column) ?? Infinity, u.line.y));
    }
  }
  const isFootnote = (u: Unit): boolean =>
    u.line.size < FOOTNOTE_SIZE_RATIO * body &&
    u.line.y < (lowestBody.get(multiColumn ? u.column : 0) ?? -Infinity);
  if (!multiColumn) {
    for (const u of units) u.column = 0;
    return [...units.filter((u) => !isFootnote(u)), ...units.filter(isFootnote)].map((u) => u.line);
  }
  const main = units.filter((u) => !isFootnote(u));
  const notes = units.filter(isFootnote);
  return [...byColumns(main), ...byColumns(notes)];
}

function cellBox(cell: PdfCell): { x: number; xEnd: number; chars: number } {
  return { x: cell.x, xEnd: cell.xEnd, chars: cell.text.trim().length };
}

function unitOf(line: PdfLine): Unit {
  const x = line.cells[0]?.x ?? 0;
  const xEnd = line.cells[line.cells.length - 1]?.xEnd ?? x;
  const chars = line.cells.reduce((n, c) => n + c.text.trim().length, 0);
  return { line, x, xEnd, column: 0, chars };
}

/** Between full-width lines, each column top to bottom; cells on one baseline of a column rejoin. */
function byColumns(units: Unit[]): PdfLine[] {
  const ordered: PdfLine[] = [];
  let region: Unit[] = [];
  const flush = (): void => {
    region.sort((a, b) => a.column - b.column || b.line.y - a.line.y || a.x - b.x);
    let previous: Unit | null = null;
    for (const u of region) {
      const last = ordered[ordered.length - 1];
      if (
        last &&
        previous &&
        previous.column === u.column &&
        Math.abs(previous.line.y - u.line.y) < 0.3 * u.line.size
      ) {
        last.cells.push(...u.line.cells);
      } else {
        ordered.push({ cells: [...u.line.cells], y: u.line.y, size: u.line.size });
      }
      previous = u;
    }
    region = [];
  };
  for (const u of [...units].sort((a, b) => b.line.y - a.line.y || a.x - b.x)) {
    if (u.column >= 0) {
      region.push(u);
      continue;
    }
    flush();
    ordered.push(u.line);
  }
  flush();
  return ordered;
}

/** Left edges shared by at least `minLines` running-text lines, left to right. */
function columnEdges(xs: number[], tolerance: number, minLines: number): number[] {
  const sorted = [...xs].sort((a, b) => a - b);
  const edges: number[] = [];
  let group: number[] = [];
  const close = (): void => {
    if (group.length >= minLines) edges.push(group[0]!);
    group = [];
  };
  for (const x of sorted) {
    if (group.length > 0 && x - group[group.length - 1]! > tolerance) close();
    group.push(x);
  }
  close();
  return edges;
}
