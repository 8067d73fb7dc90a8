/** A text item of a PDF page as pdf.js's `getTextContent` gives it (PDF user space). */
export interface TextItem {
  str: string;
  /** [a, b, c, d, e, f]: the text's matrix; e, f its baseline origin. */
  transform: number[];
  /** Advance width in PDF units. */
  width: number;
}

/** A box on the drawn page, in canvas pixels (top-left origin). */
export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** How many consecutive words must match for a part of a long mark to count. */
const WINDOW = 5;

const words = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFKC')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** pdf.js's Util.transform: the product of two 2-D affine matrices. */
const multiply = (m: number[], n: number[]) => [
  m[0]! * n[0]! + m[2]! * n[1]!,
  m[1]! * n[0]! + m[3]! * n[1]!,
  m[0]! * n[2]! + m[2]! * n[3]!,
  m[1]! * n[2]! + m[3]! * n[3]!,
  m[0]! * n[4]! + m[2]! * n[5]! + m[4]!,
  m[1]! * n[4]! + m[3]! * n[5]! + m[5]!,
];

/**
 * Where the cited text sits on a PDF page: the boxes of the page's text items that hold it, so
 * the viewer can mark them over the canvas. Words are compared lower-cased without punctuation
 * (the parser's chunk and pdf.js's text differ in spacing and hyphens); a mark found whole marks
 * its items, otherwise each run of `WINDOW` words found verbatim does. A scanned page (no text
 * layer) or text not on this page gives no box.
 * @param items the page's text items.
 * @param marks the texts to find (the cited sentence, or the whole passage).
 * @param viewport the page's viewport transform (scale included) to canvas pixels.
 * @param scale the viewport's scale (text widths are in PDF units).
 */
export function markBoxes(items: TextItem[], marks: string[], viewport: number[], scale: number): Box[] {
  const pageWords: string[] = [];
  const itemOf: number[] = [];
  items.forEach((item, i) => {
    for (const w of words(item.str)) {
      pageWords.push(w);
      itemOf.push(i);
    }
  });
  const hit = new Set<number>();
  const find = (needle: string[]) => {
    outer: for (let at = 0; at + needle.length <= pageWords.length; at++) {
      for (let k = 0; k < needle.length; k++) if (pageWords[at + k] !== needle[k]) continue outer;
      for (let k = 0; k < needle.length; k++) hit.add(itemOf[at + k]!);
      return true;
    }
    return false;
  };
  for (const mark of marks) {
    const m = words(mark);
    if (m.length === 0 || (m.length >= 3 && find(m))) continue;
    for (let at = 0; at + WINDOW <= m.length; at += WINDOW) find(m.slice(at, at + WINDOW));
  }
  return [...hit]
    .sort((a, b) => a - b)
    .map((i) => {
      const item = items[i]!;
      const tx = multiply(viewport, item.transform);
      const h = Math.hypot(tx[2]!, tx[3]!);
      return { x: tx[4]!, y: tx[5]! - h, w: item.width * scale, h: h * 1.2 };
    });
}
