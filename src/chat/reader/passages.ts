/**
 * What the reader reads of a chunk: its text, with every table row linearised as
 * "header: value; header: value" (the parsers write a row as cells joined by " | ", the table's
 * first row naming the columns). A model trained on prose reads a cell with its column's name
 * beside it; a bare row of figures tells it nothing about which figure is which. Each line of the
 * passage keeps the chunk line it came from, so an answer quotes the chunk's own words.
 */

/** A table row as the parsers write it: cells joined by " | ". */
export const TABLE_ROW = / \| /;

/** One line of a passage: its place in the passage text and the chunk line it was made from. */
export interface PassageLine {
  start: number;
  end: number;
  /** The chunk's own line (a table row as written, not linearised). */
  original: string;
  /** Whether the line is a linearised table row. */
  row: boolean;
}

export interface Passage {
  text: string;
  lines: PassageLine[];
}

/** A row's cells; a Markdown row's outer pipes ("| a | b |") are no cells. */
const cellsOf = (line: string) =>
  line
    .trim()
    .replace(/^\|\s*/, '')
    .replace(/\s*\|$/, '')
    .split(/\s+\|\s+/)
    .map((c) => c.trim());
/** A Markdown table's alignment row: "| --- | :---: |". */
const SEPARATOR_ROW = /^[\s|:-]+$/;

/** A cell that is a figure (a count, an amount, a date): no column name. */
const FIGURE = /^[\d\s.,:/%$€£()+-]+$/;

/** A row that names columns: no cell of it is a figure. */
const namesColumns = (cells: string[]) => !cells.some((c) => FIGURE.test(c));

/**
 * The passage of one chunk's text; a chunk without table rows reads as it is. The rows that open
 * a table and name columns (no figure in any cell; a PDF table may have two such lines) are its
 * headers; a data row is linearised with the nearest header whose cells it matches one for one
 * (± 1: PDF parsers merge or split a cell now and then); a row without one stays as written, since
 * a wrong column name misleads the reader more than none.
 */
export function passageOf(chunk: string): Passage {
  const lines: PassageLine[] = [];
  const parts: string[] = [];
  let offset = 0;
  let headers: string[][] = [];
  let inData = false;
  for (const line of chunk.split('\n')) {
    let text = line;
    const row = TABLE_ROW.test(line);
    if (!row) {
      headers = [];
      inData = false;
    } else if (SEPARATOR_ROW.test(line)) text = '';
    else {
      const cells = cellsOf(line);
      const header = headers.findLast((h) => Math.abs(h.length - cells.length) <= 1);
      if (!inData && namesColumns(cells)) headers.push(cells);
      else {
        inData = true;
        if (header)
          text = cells
            .map((cell, i) => (header[i] && cell ? `${header[i]}: ${cell}` : cell))
            .filter(Boolean)
            .join('; ');
      }
    }
    parts.push(text);
    lines.push({ start: offset, end: offset + text.length, original: line, row });
    offset += text.length + 1;
  }
  return { text: parts.join('\n'), lines };
}

/** Sentence ends inside a line: . ! ? (with closing quotes or brackets) before a space. */
const SENTENCE_END = /[.!?…]["”’)\]]*\s+(?=[^\s])/g;

/**
 * The chunk's words that carry a span: its table row as written, or the sentence around it
 * (from the last sentence end before the span to the first after it, within its line).
 */
export function sentenceAround(passage: Passage, start: number, end: number): string {
  const line = passage.lines.find((l) => start >= l.start && start <= l.end) ?? passage.lines.at(-1)!;
  if (line.row) return line.original.trim();
  const text = passage.text.slice(line.start, line.end);
  const from = start - line.start;
  const to = end - line.start;
  let sentenceStart = 0;
  let sentenceEnd = text.length;
  for (const m of text.matchAll(SENTENCE_END)) {
    const boundary = m.index + m[0].length;
    if (boundary <= from) sentenceStart = boundary;
    else if (m.index >= to - 1) {
      sentenceEnd = m.index + m[0].trimEnd().length;
      break;
    }
  }
  return text.slice(sentenceStart, sentenceEnd).trim();
}
