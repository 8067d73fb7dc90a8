/**
 * Turns a DOM subtree into document blocks: headings, paragraphs, list items, table rows and
 * code. Shared by the HTML parser, the DOCX parser (mammoth's HTML) and raw HTML in Markdown.
 */
import type { DocumentBlock } from './types.ts';
import { isElement, TEXT_NODE, type DomElement, type DomNode } from './dom.ts';
import { addBlock, tableRowText } from './text-utils.ts';
import { addPreBlocks } from './pre-blocks.ts';

export interface HtmlBlockOptions {
  /**
   * Drop navigation: 'article' drops nav, menus, forms and navigation roles; 'page' also drops
   * header, footer and aside (page furniture that an article's own header would not be).
   */
  dropBoilerplate?: 'article' | 'page';
  /** Treat short all-bold or ALL-CAPS paragraphs as headings (documents without heading styles). */
  emphasisHeadings?: boolean;
}

const SKIP = new Set(
  'script style noscript template svg canvas iframe object embed head title meta link button select option input textarea img picture video audio map area math'.split(
    ' ',
  ),
);
const NAVIGATION = new Set(['nav', 'form', 'dialog', 'menu']);
const PAGE_FURNITURE = new Set(['header', 'footer', 'aside']);
const BOILERPLATE_ROLES = /^(navigation|banner|contentinfo|search|complementary|menu|menubar|toolbar)$/;
const BLOCK = new Set(
  'address article aside blockquote body center dd details dialog dir div dl dt fieldset figcaption figure footer form header hgroup hr html li main menu nav ol p pre section summary table tbody thead tfoot tr td th caption legend ul'.split(
    ' ',
  ),
);
// MediaWiki's "[edit]" links and reference back-links are everywhere in saved wiki pages.
const NOISE_CLASS = /(^|\s)(mw-editsection|mw-cite-backlink|noprint)(\s|$)/;
const CITATION = /^\s*\[(\d+|[a-z]|note \d+|citation needed)\]\s*$/i;
const BR = '\n';

/** Walks `root` in document order and returns its blocks (never throws on odd markup). */
export function htmlToBlocks(root: DomNode, options: HtmlBlockOptions = {}): DocumentBlock[] {
  const blocks: DocumentBlock[] = [];
  let buffer: string[] = [];
  const kinds: ('paragraph' | 'list-item')[] = ['paragraph'];

  const flush = (): void => {
    const text = buffer.join('');
    buffer = [];
    // Two line breaks in a row (<br><br>) separate paragraphs in old-style HTML.
    for (const part of text.split(/\n[ \t]*\n/)) addBlock(blocks, kinds[kinds.length - 1]!, part);
  };

  const walk = (node: DomNode): void => {
    if (node.nodeType === TEXT_NODE) {
      buffer.push((node.textContent ?? '').replace(/\s+/g, ' '));
      return;
    }
    if (!isElement(node) || shouldSkip(node, options)) return;
    const tag = node.localName.toLowerCase();
    if (tag === 'br') return void buffer.push(BR);
    if (tag === 'sup' && CITATION.test(node.textContent ?? '')) return;
    if (tag === 'a' && /^\s*[↑^]\s*$/.test(node.textContent ?? '')) return; // footnote back-links
    const heading = /^h([1-6])$/.exec(tag);
    if (heading) {
      flush();
      addBlock(blocks, 'heading', inlineText(node, options), { level: Number(heading[1]) });
      return;
    }
    if (tag === 'table') {
      flush();
      return void walkTable(node);
    }
    if (tag === 'pre') {
      flush();
      return void addPreBlocks(blocks, node);
    }
    if (tag === 'p' && options.emphasisHeadings) {
      const level = emphasisHeadingLevel(node);
      if (level) {
        flush();
        return void addBlock(blocks, 'heading', inlineText(node, options), { level });
      }
    }
    if (!BLOCK.has(tag)) {
      for (const child of Array.from(node.childNodes)) walk(child);
      return;
    }
    flush();
    if (tag === 'li') kinds.push('list-item');
    for (const child of Array.from(node.childNodes)) walk(child);
    flush();
    if (tag === 'li') kinds.pop();
  };

  const walkTable = (table: DomElement): void => {
    if (isLayoutTable(table)) {
      kinds.push('paragraph');
      for (const child of Array.from(table.childNodes)) walk(child);
      flush();
      kinds.pop();
      return;
    }
    for (const child of childElements(table)) {
      if (child.localName === 'caption') addBlock(blocks, 'paragraph', inlineText(child, options));
    }
    for (const row of tableRows(table)) {
      const cells = childElements(row).filter((c) => c.localName === 'td' || c.localName === 'th');
      addBlock(blocks, 'table-row', tableRowText(cells.map((c) => inlineText(c, options))));
      for (const cell of cells) for (const inner of nestedTables(cell)) walkTable(inner);
    }
  };

  walk(root);
  flush();
  return blocks;
}

function shouldSkip(el: DomElement, options: HtmlBlockOptions): boolean {
  const tag = el.localName.toLowerCase();
  if (SKIP.has(tag)) return true;
  if (el.hasAttribute('hidden') || el.getAttribute('aria-hidden') === 'true') return true;
  if (NOISE_CLASS.test(el.getAttribute('class') ?? '')) return true;
  if (/display\s*:\s*none|visibility\s*:\s*hidden/i.test(el.getAttribute('style') ?? '')) return true;
  if (!options.dropBoilerplate) return false;
  if (options.dropBoilerplate === 'page' && PAGE_FURNITURE.has(tag)) return true;
  return NAVIGATION.has(tag) || BOILERPLATE_ROLES.test(el.getAttribute('role') ?? '');
}

/** Text of an element as one line: block boundaries become spaces; nested tables are left out. */
export function inlineText(el: DomNode, options: HtmlBlockOptions = {}): string {
  const parts: string[] = [];
  const visit = (node: DomNode): void => {
    if (node.nodeType === TEXT_NODE) return void parts.push(node.textContent ?? '');
    if (!isElement(node) || shouldSkip(node, options)) return;
    const tag = node.localName.toLowerCase();
    if (tag === 'table' && node !== el) return;
    if (tag === 'sup' && CITATION.test(node.textContent ?? '')) return;
    if (tag === 'a' && /^\s*[↑^]\s*$/.test(node.textContent ?? '')) return;
    const spaced = BLOCK.has(tag) || tag === 'br';
    if (spaced) parts.push(' ');
    for (const child of Array.from(node.childNodes)) visit(child);
    if (spaced) parts.push(' ');
  };
  visit(el);
  return parts.join('');
}

function childElements(node: DomNode): DomElement[] {
  return Array.from(node.childNodes).filter(isElement);
}

/** Rows of this table only (through thead/tbody/tfoot), not of tables nested in its cells. */
function tableRows(table: DomElement): DomElement[] {
  const rows: DomElement[] = [];
  for (const child of childElements(table)) {
    if (child.localName === 'tr') rows.push(child);
    else if (/^(thead|tbody|tfoot)$/.test(child.localName)) {
      rows.push(...childElements(child).filter((r) => r.localName === 'tr'));
    }
  }
  return rows;
}

function nestedTables(node: DomElement): DomElement[] {
  const found: DomElement[] = [];
  for (const child of childElements(node)) {
    if (child.localName === 'table') found.push(child);
    else found.push(...nestedTables(child));
  }
  return found;
}

/**
 * A table used for layout rather than data: a single column, or a cell holding headings, code
 * or long text. Its content is read as ordinary blocks instead of rows.
 */
function isLayoutTable(table: DomElement): boolean {
  const rows = tableRows(table);
  if (rows.length === 0) return true;
  let maxCells = 0;
  for (const row of rows) {
    const cells = childElements(row).filter((c) => c.localName === 'td' || c.localName === 'th');
    maxCells = Math.max(maxCells, cells.length);
    for (const cell of cells) {
      if (cell.querySelectorAll('h1,h2,h3,h4,h5,h6,pre').length > 0) return true;
      if ((cell.textContent ?? '').length > 1500) return true;
    }
  }
  return maxCells <= 1;
}

/**
 * Level for a paragraph that looks like a heading without being styled as one: 1 when all of
 * its text is bold, 2 when it is ALL CAPS; only short lines without a closing full stop.
 */
function emphasisHeadingLevel(p: DomElement): number | null {
  const text = (p.textContent ?? '').replace(/\s+/g, ' ').trim();
  if (text.length < 2 || text.length > 120 || /[.;,]$/.test(text) || !/\p{L}/u.test(text)) return null;
  if (p.parentNode && isElement(p.parentNode) && /^(li|td|th)$/.test(p.parentNode.localName)) return null;
  let allBold = true;
  const check = (node: DomNode, bold: boolean): void => {
    if (node.nodeType === TEXT_NODE) {
      if (!bold && /\S/.test(node.textContent ?? '')) allBold = false;
      return;
    }
    if (!isElement(node)) return;
    const isBold = bold || node.localName === 'strong' || node.localName === 'b';
    for (const child of Array.from(node.childNodes)) check(child, isBold);
  };
  check(p, false);
  if (allBold) return 1;
  const letters = text.replace(/[^\p{L}]/gu, '');
  return letters.length >= 3 && letters === letters.toUpperCase() && letters !== letters.toLowerCase()
    ? 2
    : null;
}
