/**
 * Finds a document's real type from its bytes; the file name is only a hint between plain text
 * and Markdown. Anything not recognised as a supported format is refused (null → HTTP 415).
 */
import { fileTypeFromBuffer } from 'file-type';
import type { DocumentFormat } from './parsers/types.ts';
import { decodeUtf8Strict, detectBom, detectUtf16WithoutBom } from './parsers/text-utils.ts';
import { decodeLegacy } from './parsers/encoding.ts';
import { containerFormat, looksLikeEmail } from './sniff-formats.ts';

/** The detected format and the MIME type to store and serve the original with. */
export interface SniffResult {
  format: DocumentFormat;
  mimeType: string;
}

const MIME: Record<DocumentFormat, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  csv: 'text/csv',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odp: 'application/vnd.oasis.opendocument.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  rtf: 'application/rtf',
  epub: 'application/epub+zip',
  eml: 'message/rfc822',
  msg: 'application/vnd.ms-outlook',
  image: 'image/png',
  html: 'text/html',
  markdown: 'text/markdown',
  text: 'text/plain',
};

/** Formats file-type recognises whose files are valid UTF-8 but not documents to index. */
const TEXT_LIKE_BINARIES = new Set(['ps', 'eps']);
const MARKDOWN_NAME = /\.(md|markdown|mdown|mkd|mkdn)$/i;
/** Share of control characters (besides tab, newlines, form feed, ESC) above which text is binary. */
const MAX_CONTROL_SHARE = 0.001;
/** How much of a text is examined for HTML and Markdown structure, in characters. */
const SAMPLE_CHARS = 65_536;

/**
 * Detects the format of an upload. PDF by its %PDF- header; DOCX when the bytes are a zip that
 * file-type identifies as a Word document (other zips, Office formats, images, executables,
 * archives → null); HTML, Markdown or plain text for text (UTF-8 with or without BOM, UTF-16 with
 * a BOM, or recognised without one when no binary format matches) free of NUL and control-byte garbage; binary junk → null. HTML is recognised by its
 * opening tags, Markdown by a .md/.markdown name or by clear Markdown structure (ATX headings,
 * fenced code, pipe tables). An empty file counts as text, so parsing can report it as empty.
 * Never throws.
 */
export async function sniffFormat(bytes: Uint8Array, filename?: string): Promise<SniffResult | null> {
  const result = (format: DocumentFormat): SniffResult => ({ format, mimeType: MIME[format] });
  const named = filename !== undefined && MARKDOWN_NAME.test(filename);
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 1024));
  if (/^\s*%PDF-/.test(head)) return result('pdf');
  let text = decodeAsText(bytes);
  // PDF readers accept junk before the header within the first KiB, but not in a text file.
  if (text === null && head.includes('%PDF-')) return result('pdf');

  let detected: { ext: string; mime: string } | undefined;
  try {
    detected = await fileTypeFromBuffer(bytes);
  } catch {
    detected = undefined;
  }
  if (detected?.ext === 'docx') return result('docx');
  if (detected?.ext === 'xlsx') return result('xlsx');
  const container = containerFormat(bytes, detected?.ext);
  if (container) return result(container);
  if (!detected && looksLikeEmail(bytes)) return result('eml');
  // Images are read by OCR; the stored MIME type is the image's own.
  if (detected && IMAGE_TYPES.has(detected.ext) && text === null)
    return { format: 'image', mimeType: detected.mime };
  // file-type also matches short magics such as BMP's "BM" or QuickTime's "wide" at the start of
  // ordinary text ("BMP receptor…", a title ending in "wide"). Real images and videos hold NUL
  // bytes or invalid UTF-8, so clean text wins over such a match; formats that really are text
  // but not prose (RTF, PostScript) stay refused.
  if (detected && (text === null || TEXT_LIKE_BINARIES.has(detected.ext))) return null;

  if (text === null) {
    // Legacy-encoded pages (Windows-1252, Shift_JIS…) are still HTML; the parser decodes them.
    const latin = new TextDecoder('latin1').decode(bytes.subarray(0, 4096));
    if (!latin.includes('\u0000') && htmlStrength(latin, '') === 'strong') return result('html');
    // UTF-16 without a BOM (Windows tools write it): its NULs fall on one side of each pair. Only
    // tried here, where no binary format matched: a GIF's header has that pattern too.
    const utf16 = detectUtf16WithoutBom(bytes);
    // Text in a legacy encoding (Latin-1, Shift_JIS…) is read like UTF-8 text.
    const legacy = utf16 ? null : decodeLegacy(bytes);
    if (bytes.includes(0) && !unicodeWithNul(bytes.length, utf16 ?? legacy!.encoding)) return null;
    text = cleanText(legacy ? legacy.text : strictDecode(bytes, utf16!));
    if (text === null) return null;
  }
  const sample = text.slice(0, SAMPLE_CHARS);
  if (/^<(svg|!doctype svg)[\s>]/i.test(skipProlog(sample.slice(0, 4096)))) return null; // an SVG image
  const html = htmlStrength(sample, text.trimEnd().slice(-256));
  if (html === 'strong') return result('html');
  if (named) return result('markdown');
  if (looksLikeCsv(sample, filename)) return result('csv');
  const markdown = hasMarkdownStructure(sample);
  if (html === 'weak' && !markdown) return result('html');
  return result(markdown ? 'markdown' : 'text');
}

/**
 * Fewest bytes of text with NUL bytes and no BOM that may be taken for UTF-16 or UTF-32: below
 * it the byte pattern is too short to tell text from binary (a 6-byte file with NULs was
 * accepted as text, issue 38), so such a file is refused as an unsupported type.
 */
const MIN_UNMARKED_UNICODE_BYTES = 16;

/**
 * Whether bytes holding NUL may still be text decoded as `encoding`: only UTF-16 or UTF-32 write
 * NUL bytes in text (no single- or multi-byte legacy encoding does), and only from
 * MIN_UNMARKED_UNICODE_BYTES up.
 */
function unicodeWithNul(length: number, encoding: string): boolean {
  return length >= MIN_UNMARKED_UNICODE_BYTES && /^utf-?(16|32)/i.test(encoding);
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
  return text === null ? null : cleanText(text);
}

/** `bytes` in `encoding`, or '\u0000' (not text) when they are not valid in it. */
function strictDecode(bytes: Uint8Array, encoding: string): string {
  try {
    return new TextDecoder(encoding, { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return '\u0000';
  }
}

/** The text, or null when NUL or too many control characters show it is binary. */
function cleanText(text: string): string | null {
  if (text.includes('\u0000')) return null;
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

/** Image types OCR reads (image.parser.ts). */
const IMAGE_TYPES = new Set(['png', 'jpg', 'webp', 'tif']);

const CSV_NAME = /\.(csv|tsv)$/i;

/**
 * Delimiter-separated values: the first lines (up to 20) all hold the same number (≥ 1) of one
 * delimiter — comma, semicolon or tab, outside double quotes. Prose rarely keeps a count line
 * after line, so without a .csv/.tsv name at least 5 lines with 2+ delimiters each are needed.
 */
function looksLikeCsv(text: string, filename?: string): boolean {
  const lines = text
    .split(/\r?\n/)
    .filter((l) => l.trim() !== '')
    .slice(0, 20);
  const named = filename !== undefined && CSV_NAME.test(filename);
  if (lines.length < (named ? 2 : 5)) return false;
  return [',', ';', '\t'].some((delimiter) => {
    const counts = lines.map((line) => countOutsideQuotes(line, delimiter));
    return counts[0]! >= (named ? 1 : 2) && counts.every((c) => c === counts[0]);
  });
}

function countOutsideQuotes(line: string, delimiter: string): number {
  let count = 0;
  let quoted = false;
  for (const ch of line) {
    if (ch === '"') quoted = !quoted;
    else if (ch === delimiter && !quoted) count++;
  }
  return count;
}

/** A GFM table's delimiter row: "---|:---:|---" with optional outer pipes, two or more cells. */
function isTableDelimiterRow(line: string): boolean {
  const row = line.trim();
  if (!row.includes('|') || !row.includes('-') || row.length > 1000) return false;
  const cells = row.replace(/^\|/, '').replace(/\|$/, '').split('|');
  return cells.length >= 2 && cells.every((cell) => /^:?-{3,}:?$/.test(cell.trim()));
}
