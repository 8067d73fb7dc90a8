/**
 * Turns officeparser's document tree (its `OfficeContentNode` AST) into our blocks: headings,
 * paragraphs, list items, code, tables as "cell | cell" rows; spreadsheet sheets as a chunk group
 * each (sheet-rows.ts); slides as a section each, opened by a heading that carries the slide
 * number, with the speaker notes after the slide's own text.
 */
import type { OfficeContentNode } from 'officeparser';
import type { DocumentBlock } from './types.ts';
import { addBlock, normaliseInline, tableRowText } from './text-utils.ts';
import { addSheet } from './sheet-rows.ts';

/** Node types that hold no text worth indexing (pictures, layout, reviewers' remarks). */
const SKIPPED = new Set(['image', 'chart', 'drawing', 'break', 'comment', 'header', 'footer', 'slideMaster']);

/** The text of a node: its own `text` when the parser set one, else its children's, joined. */
export function nodeText(node: OfficeContentNode): string {
  if (typeof node.text === 'string') return node.text;
  return (node.children ?? []).map(nodeText).join(node.type === 'row' ? ' | ' : '');
}

type Meta = Record<string, unknown>;
const meta = (node: OfficeContentNode): Meta => (node.metadata ?? {}) as Meta;

/** Appends `node`'s blocks to `blocks`; `slide` is set inside a slide (every block carries it). */
export function walk(node: OfficeContentNode, blocks: DocumentBlock[], slide?: number): void {
  const tag = (start: number) => {
    if (slide !== undefined) for (let i = start; i < blocks.length; i++) blocks[i]!.slide = slide;
  };
  const start = blocks.length;
  switch (node.type) {
    case 'heading':
      addBlock(blocks, 'heading', nodeText(node), { level: Number(meta(node).level ?? 1) });
      break;
    case 'paragraph':
    case 'definitionTerm':
    case 'definitionDescription':
    case 'admonition':
      addBlock(blocks, 'paragraph', nodeText(node));
      break;
    case 'list':
      addBlock(blocks, 'list-item', nodeText(node));
      break;
    case 'code':
      addBlock(blocks, 'code', nodeText(node));
      break;
    case 'table':
      for (const row of node.children ?? []) {
        const text = tableRowText((row.children ?? []).map(nodeText));
        if (text) blocks.push({ kind: 'table-row', text });
      }
      break;
    case 'sheet':
      addSheet(blocks, String(meta(node).sheetName ?? 'Sheet'), sheetRows(node));
      break;
    case 'slide':
      addSlide(node, blocks);
      return;
    default:
      if (SKIPPED.has(node.type)) return;
      if (node.children?.length) for (const child of node.children) walk(child, blocks, slide);
      else if (node.text) addBlock(blocks, 'paragraph', node.text);
  }
  tag(start);
}

/**
 * A sheet's rows as [1-based row number, cell texts]. The number is the one the cells carry
 * (0-based in officeparser, counting repeated and empty rows), so it matches what the
 * spreadsheet shows; a row without cells takes the one after the previous row.
 */
function* sheetRows(sheet: OfficeContentNode): Generator<[number, string[]]> {
  let last = 0;
  for (const row of sheet.children ?? []) {
    if (row.type !== 'row') continue;
    const cells: string[] = [];
    let number = last + 1;
    for (const cell of row.children ?? []) {
      const at = meta(cell);
      if (typeof at.row === 'number') number = at.row + 1;
      cells[typeof at.col === 'number' ? at.col : cells.length] = nodeText(cell);
    }
    last = number;
    yield [number, Array.from(cells, (c) => c ?? '')];
  }
}

/**
 * One slide: a level-1 heading (its first line of text, else "Slide N") opens the section so no
 * chunk spans two slides; then its text; then its speaker notes as "Speaker notes: …". Notes
 * that are only the slide number (PowerPoint's number placeholder) are dropped.
 */
function addSlide(node: OfficeContentNode, blocks: DocumentBlock[]): void {
  const number = Number(meta(node).slideNumber ?? 0) || blocks.filter((b) => b.kind === 'heading').length + 1;
  const body: DocumentBlock[] = [];
  for (const child of node.children ?? []) walk(child, body, number);
  const first = body[0];
  const title = first && first.text.length <= 200 ? body.shift()!.text : `Slide ${number}`;
  blocks.push({ kind: 'heading', level: 1, text: title, slide: number });
  blocks.push(...body);
  const notes = ((node as { notes?: OfficeContentNode[] }).notes ?? [])
    .map((n) => normaliseInline(collectLines(n)))
    .filter((text) => text !== '');
  if (notes.length > 0)
    blocks.push({ kind: 'paragraph', text: `Speaker notes: ${notes.join(' ')}`, slide: number });
}

/** A note's paragraphs, one per line, without the bare slide-number paragraph. */
function collectLines(note: OfficeContentNode): string {
  const lines = (note.children ?? []).map((c) => normaliseInline(nodeText(c)));
  return lines.filter((l) => l !== '' && !/^\d+$/.test(l)).join('\n');
}
