/**
 * <pre> elements: real code becomes one `code` block; long preformatted prose (IETF/RFC drafts,
 * plain-text documents wrapped in <pre>) is split into paragraphs, with `class="hN"` spans as
 * headings and RFC page headers/footers dropped.
 */
import type { DocumentBlock } from './types.ts';
import { isElement, TEXT_NODE, type DomElement, type DomNode } from './dom.ts';
import { addBlock } from './text-utils.ts';

const CODE_HINT = /(^|[\s-])(lang(uage)?-|highlight|hljs|code|source|prettyprint|sh_|brush)/i;
const HEADING_CLASS = /(?:^|\s)h([1-6])(?:\s|$)/;
const CODE_SYMBOLS = /[{}[\]()<>;=$\\|`~^@]/g;
const RFC_FOOTER = /\[Page \d+\]\s*$/;
const RFC_HEADER = /^\s*(RFC \d+|Internet-Draft)\s{2,}.*\s{2,}\S+ \d{4}\s*$/;

/** Appends the blocks of one <pre> element. */
export function addPreBlocks(blocks: DocumentBlock[], pre: DomElement): void {
  const text = pre.textContent ?? '';
  if (!isProse(pre, text)) return void addBlock(blocks, 'code', text);
  let buffer = '';
  const visit = (node: DomNode): void => {
    if (node.nodeType === TEXT_NODE) return void (buffer += node.textContent ?? '');
    if (!isElement(node) || /^(script|style|template)$/.test(node.localName)) return;
    const heading = HEADING_CLASS.exec(node.getAttribute('class') ?? '');
    if (heading) {
      addProseChunks(blocks, buffer);
      buffer = '';
      return void addBlock(blocks, 'heading', node.textContent ?? '', { level: Number(heading[1]) });
    }
    for (const child of Array.from(node.childNodes)) visit(child);
  };
  visit(pre);
  addProseChunks(blocks, buffer);
}

function isProse(pre: DomElement, text: string): boolean {
  if (pre.querySelectorAll('code').length > 0) return false;
  if (CODE_HINT.test(pre.getAttribute('class') ?? '') || pre.hasAttribute('data-lang')) return false;
  const headings = Array.from(pre.querySelectorAll('[class]')).some((el) =>
    HEADING_CLASS.test(el.getAttribute('class') ?? ''),
  );
  if (headings) return true;
  const chunks = splitChunks(text);
  if (text.length < 800 || chunks.length < 3) return false;
  return chunks.filter((c) => !looksLikeCode(c)).length >= chunks.length * 0.6;
}

function splitChunks(text: string): string[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t\f]*\n/)
    .filter((c) => /\S/.test(c));
}

/** Code, transcripts and ASCII art have far more brackets and operators than prose. */
function looksLikeCode(chunk: string): boolean {
  const visible = chunk.replace(/\s+/g, '').length;
  const symbols = chunk.match(CODE_SYMBOLS)?.length ?? 0;
  return visible > 0 && symbols / visible > 0.05;
}

function addProseChunks(blocks: DocumentBlock[], text: string): void {
  for (const chunk of splitChunks(text)) {
    const lines = chunk
      .split('\n')
      .filter((line) => line.length > 200 || !(RFC_FOOTER.test(line) || RFC_HEADER.test(line)));
    const kept = lines.join('\n');
    if (looksLikeCode(kept)) addBlock(blocks, 'code', kept);
    else addBlock(blocks, 'paragraph', kept);
  }
}
