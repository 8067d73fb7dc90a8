/**
 * Recognising the container formats beyond DOCX/XLSX (sniff.ts asks these first): OpenDocument,
 * PPTX, EPUB and RTF as `file-type` names them (from the zip's `mimetype` entry or its
 * `[Content_Types].xml` parts, and RTF's `{\rtf` opening), Outlook MSG as a Compound File whose
 * directory holds MAPI property streams, and EML by its RFC 5322 header block.
 */
import type { DocumentFormat } from './parsers/types.ts';

/** file-type's extension → our format, for the formats it recognises directly. */
const BY_EXTENSION: Record<string, DocumentFormat> = {
  pptx: 'pptx',
  odp: 'odp',
  ods: 'ods',
  odt: 'odt',
  epub: 'epub',
  rtf: 'rtf',
};

/**
 * Outlook stores every message property in a stream named `__substg1.0_<tag>` and the fixed ones
 * in `__properties_version1.0` ([MS-OXMSG] 2.1); the names are UTF-16LE in the directory.
 */
const MSG_STREAM = Buffer.from('__properties_version1.0', 'utf16le');
const CFB_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/** The format of a file `file-type` recognised as `ext`, when it is one of ours. */
export function containerFormat(bytes: Uint8Array, ext: string | undefined): DocumentFormat | null {
  if (ext && BY_EXTENSION[ext]) return BY_EXTENSION[ext]!;
  if (CFB_MAGIC.every((b, i) => bytes[i] === b)) {
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes(MSG_STREAM) ? 'msg' : null;
  }
  return null;
}

/** Header names of which an e-mail has several at its top; one alone could be prose. */
const MAIL_HEADERS =
  /^(from|to|cc|subject|date|message-id|mime-version|received|return-path|reply-to|content-type|x-[\w-]+)$/i;

/**
 * An RFC 5322 message: the text up to the first blank line is all header fields (`Name: value`
 * or folded continuation lines), at least three of them well-known mail headers, including
 * From or Received. Read as Latin-1, so 8-bit bodies in any charset still qualify.
 */
export function looksLikeEmail(bytes: Uint8Array): boolean {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 64 * 1024));
  const end = head.search(/\r?\n\r?\n/);
  if (end <= 0) return false;
  const names: string[] = [];
  for (const line of head.slice(0, end).split(/\r?\n/)) {
    if (/^[ \t]/.test(line) && names.length > 0) continue; // a folded header's continuation
    const field = /^([!-9;-~]{1,76}):/.exec(line);
    if (!field) return false;
    names.push(field[1]!);
  }
  const known = names.filter((n) => MAIL_HEADERS.test(n));
  return known.length >= 3 && known.some((n) => /^(from|received)$/i.test(n));
}
