/**
 * Finds a document's real type from its bytes; the file name is only a hint between plain text
 * and Markdown. Anything not recognised as a supported format is refused (null → HTTP 415).
 */
import { fileTypeFromBuffer } from 'file-type';
import type { DocumentFormat } from './parsers/types.ts';
import { decodeUtf8Strict, detectBom } from './parsers/text-utils.ts';

/** The detected format and the MIME type to store and serve the original with. */
export interface SniffResult {
  format: DocumentFormat;
  mimeType: string;
}

const MIME: Record<DocumentFormat, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  html: 'text/html',
  markdown: 'text/markdown',
  text: 'text/plain',
};

/** Text formats file-type recognises that we still read as text (or HTML, for XHTML). */
/** Formats file-type recognises whose files are valid UTF-8 but not documents to index. */
const TEXT_LIKE_BINARIES = new Set(['rtf', 'ps', 'eps']);
const MARKDOWN_NAME = /\.(md|markdown|mdown|mkd|mkdn)$/i;
/** Share of control characters (besides tab, newlines, form feed, ESC) above which text is binary. */
const MAX_CONTROL_SHARE = 0.001;
/** How much of a text is examined for HTML and Markdown structure, in characters. */
const SAMPLE_CHARS = 65_536;

/**
 * Detects the format of an upload. PDF by its %PDF- header; DOCX when the bytes are a zip that
 * file-type identifies as a Word document (other zips, Office formats, images, executables,
 * archives → null); HTML, Markdown or plain text for text (UTF-8 with or without BOM, or UTF-16
 * with BOM) free of NUL and control-byte garbage; binary junk → null. HTML is recognised by its
 * opening tags, Markdown by a .md/.markdown name or by clear Markdown structure (ATX headings,
 * fenced code, pipe tables). An empty file counts as text, so parsing can report it as empty.
 * Never throws.
 */
export async function sniffFormat(bytes: Uint8Array, filename?: string): Promise<SniffResult | null> {
  const result = (format: DocumentFormat): SniffResult => ({ format, mimeType: MIME[format] });
  const named = filename !== undefined && MARKDOWN_NAME.test(filename);
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 1024));
  if (/^\s*%PDF-/.test(head)) return result('pdf');
  const text = decodeAsText(bytes);
  // PDF readers accept junk before the header within the first KiB, but not in a text file.
  if (text === null && head.includes('%PDF-')) return result('pdf');

  let detected: { ext: string } | undefined;
  try {
    detected = await fileTypeFromBuffer(bytes);
  } catch {
    detected = undefined;
  }
  if (detected?.ext === 'docx') return result('docx');
  // file-type also matches short magics such as BMP's "BM" or QuickTime's "wide" at the start of
  // ordinary text ("BMP receptor…", a title ending in "wide"). Real images and videos hold NUL
  // bytes or invalid UTF-8, so clean text wins over such a match; formats that really are text
  // but not prose (RTF, PostScript) stay refused.
  if (detected && (text === null || TEXT_LIKE_BINARIES.has(detected.ext))) return null;

  if (text === null) {
    // Legacy-encoded pages (Windows-1252, Shift_JIS…) are still HTML; the parser decodes them.
    const latin = new TextDecoder('latin1').decode(bytes.subarray(0, 4096));
    return !latin.includes('\u0000') && htmlStrength(latin, '') === 'strong' ? result('html') : null;
  }
  const sample = text.slice(0, SAMPLE_CHARS);
  if (/^<(svg|!doctype svg)[\s>]/i.test(skipProlog(sample.slice(0, 4096)))) return null; // an SVG image
  const html = htmlStrength(sample, text.trimEnd().slice(-256));
  if (html === 'strong') return result('html');
  if (named) return result('markdown');
  const markdown = hasMarkdownStructure(sample);
  if (html === 'weak' && !markdown) return result('html');
  return result(markdown ? 'markdown' : 'text');
}

/** The text of a file if it is text: strict UTF-8 (BOM allowed) or UTF-16 with a BOM. */
function decodeAsText(bytes: Uint8Array): string | null {
  const bom = detectBom(bytes);
  let text: string | null;
  if (bom && bom.encoding !== 'utf-8') {
    try {
      text = new TextDecoder(bom.encoding, { fatal: true, ignoreBOM: true }).decode(
        bytes.subarray(bom.offset),
      );
    } catch {
      return null;
    }
  } else {
    text = decodeUtf8Strict(bytes);
  }
  if (text === null || text.includes('\u0000')) return null;
  // eslint-disable-next-line no-control-regex -- counting control bytes is the point
  const controls = text.match(/[\u0001-\u0008\u000B\u000E-\u001A\u001C-\u001F\u007F]/g)?.length ?? 0;
  return controls > Math.max(2, text.length * MAX_CONTROL_SHARE) ? null : text;
}

/**
 * 'strong' when the first tag (after any XML declaration, comments and whitespace) is a
 * doctype, <html>, <head> or <body>; 'weak' when it is another HTML element and the text's
 * `tail` is a closing tag (an HTML fragment); null otherwise.
 */
function htmlStrength(text: string, tail: string): 'strong' | 'weak' | null {
  const start = skipProlog(text).slice(0, 256).toLowerCase();
  if (/^<!doctype\s+html|^<(html|head|body)[\s>]/.test(start)) return 'strong';
  const fragment =
    /^<(div|p|table|section|article|main|header|nav|ul|ol|h[1-6]|span|form|meta|title|link|style|script|center|font|b|i)[\s>/]/;
  return fragment.test(start) && /<\/[a-z][\w:-]*>$/i.test(tail) ? 'weak' : null;
}

/** The text after a BOM, whitespace, an XML declaration and comments (a linear scan). */
function skipProlog(text: string): string {
  let at = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  for (;;) {
    while (at < text.length && /\s/.test(text[at]!)) at++;
    const close = text.startsWith('<?xml', at) ? '?>' : text.startsWith('<!--', at) ? '-->' : null;
    if (!close) return text.slice(at);
    const end = text.indexOf(close, at + 4);
    if (end < 0) return '';
    at = end + close.length;
  }
}

/**
 * ATX headings, fenced code, pipe tables: structure plain text rarely has. Every pattern is
 * bounded so that hostile input cannot make it backtrack for long.
 */
function hasMarkdownStructure(text: string): boolean {
  const fences = text.match(/^ {0,3}(```|~~~)/gm)?.length ?? 0;
  if (fences >= 2) return true;
  if (text.split('\n').some(isTableDelimiterRow)) return true;
  const headings = text.match(/^ {0,3}#{1,6}[ \t]+\S/gm)?.length ?? 0;
  if (headings >= 2) return true;
  const extras = /\]\([^)\s]{1,300}\)|\*\*[^*\n]{1,300}\*\*|^ {0,3}[-*+] \S/m.test(text);
  return headings >= 1 && extras;
}

/** A GFM table's delimiter row: "---|:---:|---" with optional outer pipes, two or more cells. */
function isTableDelimiterRow(line: string): boolean {
  const row = line.trim();
  if (!row.includes('|') || !row.includes('-') || row.length > 1000) return false;
  const cells = row.replace(/^\|/, '').replace(/\|$/, '').split('|');
  return cells.length >= 2 && cells.every((cell) => /^:?-{3,}:?$/.test(cell.trim()));
}
