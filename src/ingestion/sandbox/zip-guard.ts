/**
 * The one door for zip-based formats (DOCX, XLSX, PPTX, ODF, EPUB): entries are inflated here,
 * with their real inflated sizes counted while inflating — never the sizes the zip declares —
 * so a zip bomb is refused after at most `maxEntryBytes` of work. Limits follow Apache POI's
 * ZipSecureFile (max inflate ratio 100, i.e. MIN_INFLATE_RATIO 0.01; entry-count and entry-size
 * caps) and OWASP's "File Upload Cheat Sheet" (archive bombs, path traversal in entry names).
 *
 * The guard reads local file headers as they stream; the parser libraries (mammoth, ExcelJS via
 * JSZip, officeparser) read the central directory. A zip can make the two disagree — an entry hidden
 * inside another's stored data that only the central directory points at, or one name twice — and
 * the audit of issue 22 got text, and 1 GiB payloads, past the guard that way. So parsers never get
 * the upload's bytes: they get `repackZip` of what the guard inflated and counted, and a name seen
 * twice is refused.
 */
import { Unzip, UnzipInflate, zipSync, type UnzipFile } from 'fflate';
import { DocumentParseError } from '../parsers/types.ts';

export interface ZipLimits {
  /** Entries in the archive, directories included. */
  maxEntries: number;
  /** Inflated bytes of all entries read, together. */
  maxTotalBytes: number;
  /** Inflated bytes of one entry. */
  maxEntryBytes: number;
  /** Inflated ÷ compressed bytes of one entry, checked once the entry passes RATIO_GRACE_BYTES. */
  maxRatio: number;
  /** Characters of an entry name. */
  maxNameLength: number;
}

export const DEFAULT_ZIP_LIMITS: ZipLimits = Object.freeze({
  maxEntries: 10_000,
  maxTotalBytes: 256 * 1024 * 1024,
  maxEntryBytes: 128 * 1024 * 1024,
  maxRatio: 100,
  maxNameLength: 1024,
});

/** Small entries may compress far beyond the ratio (a blank style sheet): judged only past this. */
const RATIO_GRACE_BYTES = 1024 * 1024;

export const ZIP_DAMAGED = 'the file is damaged: its zip container cannot be read';
export const ZIP_BOMB = 'the file expands to far more data than its size allows (a zip bomb?)';
export const ZIP_DUPLICATE = 'the file is damaged: it contains the same part twice';

/** Stops inflating from inside fflate's callbacks. */
class Stop extends Error {}

function checkName(name: string, limits: ZipLimits): void {
  if (
    name.length > limits.maxNameLength ||
    name.includes('\0') ||
    name.startsWith('/') ||
    /^[A-Za-z]:/.test(name) ||
    name.split(/[\\/]/).includes('..')
  ) {
    throw new DocumentParseError(`the file contains an entry with an unsafe name`);
  }
}

/**
 * Inflates every entry (or those `only` accepts), counting real inflated bytes as they stream
 * and stopping as soon as a limit is crossed. Entries `only` rejects are never inflated.
 * @returns entry name → inflated bytes, in archive order
 * @throws DocumentParseError with a user-facing reason: damaged zip, unsafe entry name, too many
 *   entries, or ZIP_BOMB when an entry or the total inflates past its limit or ratio
 */
export function readZipSafely(
  bytes: Uint8Array,
  options: { limits?: Partial<ZipLimits>; only?: (name: string) => boolean } = {},
): Map<string, Uint8Array> {
  const limits = { ...DEFAULT_ZIP_LIMITS, ...options.limits };
  const entries = new Map<string, Uint8Array>();
  let count = 0;
  let total = 0;
  let refusal: DocumentParseError | null = null;
  const seen = new Set<string>();
  const refuse = (reason: string): never => {
    refusal ??= new DocumentParseError(reason);
    throw new Stop();
  };
  const unzip = new Unzip((file: UnzipFile) => {
    if (++count > limits.maxEntries) refuse(`the file has more than ${limits.maxEntries} parts`);
    try {
      checkName(file.name, limits);
    } catch (err) {
      refusal ??= err as DocumentParseError;
      throw new Stop();
    }
    if (seen.has(file.name)) refuse(ZIP_DUPLICATE);
    seen.add(file.name);
    if (file.name.endsWith('/') || (options.only && !options.only(file.name))) return;
    const chunks: Uint8Array[] = [];
    let size = 0;
    file.ondata = (err, data, final) => {
      if (err) refuse(ZIP_DAMAGED);
      size += data.length;
      total += data.length;
      if (size > limits.maxEntryBytes || total > limits.maxTotalBytes) refuse(ZIP_BOMB);
      // Per entry when the zip states its compressed size, else over the whole archive.
      const compressed = file.size ?? 0;
      const ratio = compressed > 0 ? size / compressed : total / bytes.length;
      if (size > RATIO_GRACE_BYTES && ratio > limits.maxRatio) refuse(ZIP_BOMB);
      chunks.push(data);
      if (final) entries.set(file.name, concat(chunks, size));
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    // Fed in slices so a refusal stops the work early instead of after one huge call.
    const step = 64 * 1024;
    for (let offset = 0; offset < bytes.length; offset += step) {
      unzip.push(bytes.subarray(offset, offset + step), offset + step >= bytes.length);
    }
  } catch (err) {
    if (refusal) throw refusal;
    throw new DocumentParseError(ZIP_DAMAGED, { cause: err });
  }
  if (refusal) throw refusal;
  if (count === 0) throw new DocumentParseError(ZIP_DAMAGED);
  return entries;
}

/**
 * The entries the guard read, as a new zip whose central directory lists exactly them (stored, not
 * compressed: a copy, no deflate work). The only bytes a parser library is given.
 */
export function repackZip(entries: Map<string, Uint8Array>): Uint8Array {
  return zipSync(Object.fromEntries(entries), { level: 0 });
}

function concat(chunks: Uint8Array[], size: number): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/**
 * Bounds the number of XML elements before a DOM is built from `xml` (an "element bomb": a few
 * kB of zip that inflate into millions of `<w:p/>`). Counts '<' followed by a name character —
 * start tags and empty-element tags — without parsing.
 * @throws DocumentParseError naming `what` when there are more than `max`
 */
export function assertXmlElementCount(xml: Uint8Array | string, max: number, what: string): void {
  if (countXmlElements(xml, max + 1) > max)
    throw new DocumentParseError(`the ${what} has more than ${max.toLocaleString('en')} elements`);
}

/**
 * Start and empty-element tags in `xml` ('<' followed by a name character), counting no further
 * than `stopAfter` so a bomb is not scanned to its end.
 */
export function countXmlElements(xml: Uint8Array | string, stopAfter = Infinity): number {
  let count = 0;
  if (typeof xml === 'string') {
    for (let i = xml.indexOf('<'); i !== -1 && count < stopAfter; i = xml.indexOf('<', i + 1)) {
      if (isNameStart(xml.charCodeAt(i + 1))) count++;
    }
  } else {
    for (let i = xml.indexOf(0x3c); i !== -1 && count < stopAfter; i = xml.indexOf(0x3c, i + 1)) {
      if (isNameStart(xml[i + 1] ?? 0)) count++;
    }
  }
  return count;
}

/** ASCII letters, '_' and ':' or any non-ASCII byte/char (XML 1.0 NameStartChar, coarsely). */
const isNameStart = (c: number) =>
  (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x5f || c === 0x3a || c >= 0x80;
