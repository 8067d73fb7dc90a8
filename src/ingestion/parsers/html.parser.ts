/**
 * HTML: Mozilla Readability picks the main content when the page has an article; otherwise the
 * whole body is read with navigation, headers, footers, forms and hidden elements dropped.
 */
import { Readability } from '@mozilla/readability';
import type { DocumentBlock, ParsedDocument } from './types.ts';
import { parseHtmlDocument, type DomDocument, type DomNode } from './dom.ts';
import { htmlToBlocks } from './html-blocks.ts';
import { decodeText, finishDocument, guard, normaliseInline } from './text-utils.ts';

/** Below this share of the body's text, Readability's pick is taken to have missed content. */
const MIN_ARTICLE_SHARE = 0.25;
/** Readability is skipped on very large pages (element count), where it gets slow. */
const MAX_READABILITY_ELEMENTS = 50_000;

/**
 * Parses an HTML page into blocks. Decoding: BOM, then the declared <meta charset>, then
 * UTF-8, then Windows-1252. Title: Readability's title, else <title>, else the first heading.
 * @throws DocumentParseError "the document is empty" when no text remains,
 *   "the HTML page could not be read" for any other failure.
 */
export async function parseHtml(bytes: Uint8Array): Promise<ParsedDocument> {
  return guard('the HTML page could not be read', async () => {
    const html = decodeText(bytes, declaredCharset(bytes));
    return parseHtmlString(html);
  });
}

/** Same as parseHtml for an already decoded string. */
export function parseHtmlString(html: string): ParsedDocument {
  const document = parseHtmlDocument(html);
  const pageTitle = normaliseInline(document.title ?? '');
  // Read the full body first: Readability rewrites the DOM it is given.
  const bodyBlocks = document.body ? htmlToBlocks(document.body, { dropBoilerplate: 'page' }) : [];
  const article = readArticle(document);
  const bodyLength = textLength(bodyBlocks);
  if (article && article.blocks.length > 0 && textLength(article.blocks) >= bodyLength * MIN_ARTICLE_SHARE) {
    return finishDocument(article.blocks, { title: article.title || pageTitle });
  }
  return finishDocument(bodyBlocks, { title: pageTitle });
}

function readArticle(document: DomDocument): { blocks: DocumentBlock[]; title: string } | null {
  try {
    const reader = new Readability<DomNode>(document as never, {
      keepClasses: true,
      maxElemsToParse: MAX_READABILITY_ELEMENTS,
      serializer: (node) => node as unknown as DomNode,
    });
    const result = reader.parse();
    if (!result?.content) return null;
    return {
      blocks: htmlToBlocks(result.content, { dropBoilerplate: 'article' }),
      title: normaliseInline(result.title ?? ''),
    };
  } catch {
    // Readability throws on pages it cannot score or that exceed maxElemsToParse.
    return null;
  }
}

function textLength(blocks: DocumentBlock[]): number {
  return blocks.reduce((sum, b) => sum + b.text.length, 0);
}

/** The charset named by a page's <meta charset>, http-equiv or XML declaration, in its first 2 KiB. */
export function declaredCharset(bytes: Uint8Array): string | null {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 2048));
  const match =
    /<meta[^>]+charset\s*=\s*["']?\s*([\w.:-]+)/i.exec(head) ??
    /^\s*<\?xml[^>]+encoding\s*=\s*["']([\w.:-]+)/i.exec(head);
  return match?.[1] ?? null;
}
