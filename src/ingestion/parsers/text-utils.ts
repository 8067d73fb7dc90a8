/**
 * Helpers shared by the format parsers: text decoding, whitespace normalisation, block
 * collection and the user-facing error reasons.
 */
import { decodeLegacy } from './encoding.ts';
import { DocumentParseError, type BlockKind, type DocumentBlock, type ParsedDocument } from './types.ts';

/** The reason given for a document with no text at all, whatever its format. */
export const EMPTY_DOCUMENT = 'the document is empty';

const ZERO_WIDTH = /[\u00AD\u200B-\u200D\u2060\uFEFF]/g;
// C0/C1 controls except \t and \n (matching them is the point).
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g;
const UNICODE_SPACE = /[\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]/g;

/** Collapses all whitespace runs to one space and drops invisible characters; for prose. */
export function normaliseInline(text: string): string {
  return text
    .replace(ZERO_WIDTH, '')
    .replace(CONTROL, ' ')
    .replace(UNICODE_SPACE, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Normalises a code block without destroying its layout: LF line ends, no trailing spaces,
 * no leading/trailing blank lines, at most one blank line in a row, common indentation removed.
 */
export function normaliseCode(text: string): string {
  // Line by line: a /[ \t]+$/m regex backtracks quadratically on long runs of spaces.
  const lines = text
    .replace(/\r\n?/g, '\n')
    .replace(ZERO_WIDTH, '')
    .replace(CONTROL, ' ')
    .replace(UNICODE_SPACE, ' ')
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .replace(/^\n+|\n+$/g, '')
    .split('\n');
  const indent = Math.min(...lines.filter((l) => l !== '').map((l) => /^[ \t]*/.exec(l)![0].length));
  return Number.isFinite(indent) && indent > 0
    ? lines.map((l) => l.slice(indent)).join('\n')
    : lines.join('\n');
}

/**
 * Appends a block after normalising its text (code keeps its lines); blocks that end up
 * empty are dropped. Heading levels are clamped to 1–6.
 */
export function addBlock(
  blocks: DocumentBlock[],
  kind: BlockKind,
  raw: string,
  extra: { level?: number; page?: number } = {},
): void {
  const text = kind === 'code' ? normaliseCode(raw) : normaliseInline(raw);
  if (!text || (kind === 'code' && !/\S/.test(text))) return;
  const block: DocumentBlock = { kind, text };
  if (kind === 'heading') block.level = Math.min(6, Math.max(1, Math.round(extra.level ?? 1)));
  if (extra.page !== undefined) block.page = extra.page;
  blocks.push(block);
}

/**
 * Joins table cells into one row text, leaving out empty cells (spacer columns are common in
 * HTML and Word tables); '' when every cell is empty.
 */
export function tableRowText(cells: string[]): string {
  return cells
    .map(normaliseInline)
    .filter((c) => c !== '')
    .join(' | ');
}

/**
 * Builds the parser result. The title falls back to the first heading; titles are cut to 300
 * characters. Throws DocumentParseError(EMPTY_DOCUMENT) when there is no block.
 */
export function finishDocument(
  blocks: DocumentBlock[],
  meta: { title?: string | null; pageCount?: number | null } = {},
): ParsedDocument {
  if (blocks.length === 0) throw new DocumentParseError(EMPTY_DOCUMENT);
  const title = normaliseInline(meta.title ?? '') || blocks.find((b) => b.kind === 'heading')?.text || null;
  return { blocks, pageCount: meta.pageCount ?? null, title: title ? title.slice(0, 300) : null };
}

/** Strips a BOM and reports the encoding it names: 'utf-8', 'utf-16le' or 'utf-16be'. */
export function detectBom(bytes: Uint8Array): { encoding: string; offset: number } | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { encoding: 'utf-8', offset: 3 };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: 'utf-16le', offset: 2 };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { encoding: 'utf-16be', offset: 2 };
  return null;
}

/** Bytes examined for UTF-16 without a BOM. */
const UTF16_SAMPLE_BYTES = 4096;

/**
 * UTF-16 without a BOM, by where the NUL bytes fall (the heuristic of Windows' IsTextUnicode and
 * uchardet): text in a Latin, Greek-free script has a zero high byte in most code units, so NULs
 * fill one byte position of each pair (odd offsets: little-endian) and almost never the other.
 * Needs 30% of the pairs zero on one side and at most 2% on the other, in the first 4 KiB; scripts
 * without zero high bytes (CJK, Cyrillic) are left to chardet. @returns the encoding or null.
 */
export function detectUtf16WithoutBom(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  const pairs = Math.floor(Math.min(bytes.length, UTF16_SAMPLE_BYTES) / 2);
  if (pairs < 2) return null;
  let even = 0;
  let odd = 0;
  for (let i = 0; i < pairs; i++) {
    if (bytes[2 * i] === 0) even++;
    if (bytes[2 * i + 1] === 0) odd++;
  }
  if (odd >= pairs * 0.3 && even <= pairs * 0.02) return 'utf-16le';
  if (even >= pairs * 0.3 && odd <= pairs * 0.02) return 'utf-16be';
  return null;
}

/** A BOM's encoding, else UTF-16 recognised without one (offset 0); null for anything else. */
export function detectUnicodeEncoding(bytes: Uint8Array): { encoding: string; offset: number } | null {
  const bom = detectBom(bytes);
  if (bom) return bom;
  const utf16 = detectUtf16WithoutBom(bytes);
  return utf16 ? { encoding: utf16, offset: 0 } : null;
}

/** Strict UTF-8 decode (after any UTF-8 BOM); null when the bytes are not valid UTF-8. */
export function decodeUtf8Strict(bytes: Uint8Array): string | null {
  const start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes.subarray(start));
  } catch {
    return null;
  }
}

/**
 * Decodes text leniently: a BOM (or UTF-16 recognised without one) wins, then `declared` (e.g. an
 * HTML meta charset) when Node knows it, then strict UTF-8, and last the legacy encoding chardet
 * finds (encoding.ts; Latin-1, Windows-1252, Shift_JIS…). Never throws.
 */
export function decodeText(bytes: Uint8Array, declared?: string | null): string {
  const bom = detectUnicodeEncoding(bytes);
  if (bom) return new TextDecoder(bom.encoding, { ignoreBOM: true }).decode(bytes.subarray(bom.offset));
  if (declared && !/^utf-?8$/i.test(declared)) {
    try {
      return new TextDecoder(declared).decode(bytes);
    } catch {
      // unknown label: fall through to UTF-8
    }
  }
  return decodeUtf8Strict(bytes) ?? decodeLegacy(bytes).text;
}

/** True when a string has letters or digits, i.e. is worth indexing. */
export function hasWordCharacters(text: string): boolean {
  return /[\p{L}\p{N}]/u.test(text);
}

/**
 * Wraps any failure of `work` into DocumentParseError(reason), keeping DocumentParseErrors
 * thrown on purpose and the original error as `cause`.
 */
export async function guard<T>(reason: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof DocumentParseError) throw error;
    throw new DocumentParseError(reason, { cause: error });
  }
}
