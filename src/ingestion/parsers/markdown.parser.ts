/**
 * Markdown (CommonMark + GFM) read from marked's lexer tokens: headings, paragraphs with inline
 * markup stripped (links keep their text), list items, table rows, code blocks; raw HTML blocks
 * go through the HTML block walker.
 */
import { Lexer, type Token, type Tokens } from 'marked';
import type { DocumentBlock, ParsedDocument } from './types.ts';
import { parseHtmlDocument } from './dom.ts';
import { htmlToBlocks } from './html-blocks.ts';
import { decodeEntities } from './entities.ts';
import { addBlock, decodeText, finishDocument, guard, tableRowText } from './text-utils.ts';

const BLOCK_TAG = /<\/?(br|p|div|li|ul|ol|tr|td|th|table|h[1-6]|hr|blockquote|pre|dd|dt)\b[^>]*>/gi;
const FRONT_MATTER = /^---[ \t]*\r?\n([\s\S]*?)\r?\n(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/;

/**
 * Parses Markdown. A leading YAML front-matter block is removed; its `title:` becomes the
 * title, else the first heading does.
 * @throws DocumentParseError "the document is empty", or "the Markdown file could not be read".
 */
export async function parseMarkdown(bytes: Uint8Array): Promise<ParsedDocument> {
  return guard('the Markdown file could not be read', async () => {
    let source = decodeText(bytes);
    let title: string | null = null;
    const front = FRONT_MATTER.exec(source);
    // Only YAML-looking front matter: a leading "---" may also be a thematic break.
    if (front && /^\s*[\w-]+\s*:/.test(front[1] ?? '')) {
      const line = /^title:([^\n]{0,500})/m.exec(front[1] ?? '')?.[1] ?? '';
      title = line.trim().replace(/^(["'])(.*)\1$/, '$2') || null;
      source = source.slice(front[0].length);
    }
    const blocks: DocumentBlock[] = [];
    addTokens(blocks, new Lexer({ gfm: true }).lex(source), 'paragraph');
    return finishDocument(blocks, { title });
  });
}

function addTokens(blocks: DocumentBlock[], tokens: Token[], kind: 'paragraph' | 'list-item'): void {
  for (const token of tokens) {
    switch (token.type) {
      case 'heading':
        addBlock(blocks, 'heading', inline(token.tokens), { level: token.depth });
        break;
      case 'paragraph':
      case 'text':
        addBlock(blocks, kind, token.tokens ? inline(token.tokens) : decodeEntities(token.text));
        break;
      case 'code':
        addBlock(blocks, 'code', token.text);
        break;
      case 'blockquote':
        addTokens(blocks, token.tokens ?? [], kind);
        break;
      case 'list':
        for (const item of (token as Tokens.List).items) addListItem(blocks, item);
        break;
      case 'table': {
        const table = token as Tokens.Table;
        addBlock(blocks, 'table-row', tableRowText(table.header.map((c) => inline(c.tokens))));
        for (const row of table.rows)
          addBlock(blocks, 'table-row', tableRowText(row.map((c) => inline(c.tokens))));
        break;
      }
      case 'html': {
        const document = parseHtmlDocument(token.text);
        if (document.body) blocks.push(...htmlToBlocks(document.body));
        break;
      }
      default:
        // space, hr, def (link reference definitions): no text of their own.
        if ('tokens' in token && Array.isArray(token.tokens)) addTokens(blocks, token.tokens, kind);
    }
  }
}

/** A list item's own text becomes one block; nested lists and code follow as their own blocks. */
function addListItem(blocks: DocumentBlock[], item: Tokens.ListItem): void {
  const own: string[] = [];
  const rest: Token[] = [];
  for (const child of item.tokens) {
    if (child.type === 'text' || child.type === 'paragraph') {
      own.push(child.tokens ? inline(child.tokens) : decodeEntities(child.text));
    } else if (child.type !== 'space' && child.type !== 'checkbox') {
      rest.push(child);
    }
  }
  const prefix = item.task ? (item.checked ? '[x] ' : '[ ] ') : '';
  addBlock(blocks, 'list-item', prefix + own.join(' '));
  addTokens(blocks, rest, 'list-item');
}

/** Plain text of inline tokens: emphasis and links keep their text; images and inline HTML tags are dropped. */
function inline(tokens: Token[] | undefined): string {
  if (!tokens) return '';
  let out = '';
  for (const token of tokens) {
    switch (token.type) {
      case 'escape':
      case 'codespan':
        out += token.text;
        break;
      case 'br':
        out += ' ';
        break;
      case 'image':
        // Alt texts are mostly badges and logos ("build passing"); the HTML parser drops <img> too.
        break;
      case 'html':
        // Inline tags (<b>, <br>, a <ul> in a table cell): keep the text between them, not the tags.
        out += decodeEntities(token.text.replace(BLOCK_TAG, ' ').replace(/<[^>]*>/g, ''));
        break;
      case 'text':
        out += token.tokens ? inline(token.tokens) : decodeEntities(token.text);
        break;
      default:
        if ('tokens' in token && Array.isArray(token.tokens)) out += inline(token.tokens);
        else if ('text' in token && typeof token.text === 'string') out += decodeEntities(token.text);
    }
  }
  return out;
}
