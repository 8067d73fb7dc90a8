/**
 * Text in legacy encodings (no BOM, not UTF-8): the encoding is guessed by chardet (a port of
 * ICU's charset detector: byte-frequency and n-gram statistics per encoding) and the bytes are
 * converted by iconv-lite. Covers the ISO-8859 and Windows code pages, KOI8-R, Shift_JIS,
 * EUC-JP, GB18030, Big5, EUC-KR and UTF-16/32 without a BOM.
 */
import chardet from 'chardet';
import iconv from 'iconv-lite';

/** Bytes chardet examines: enough for its statistics, bounded for a 100 MB file. */
const SAMPLE_BYTES = 64 * 1024;
/** Below this confidence (0–100) chardet's guess is not trusted and Windows-1252 is used. */
const MIN_CONFIDENCE = 10;

/**
 * Decodes bytes that are not UTF-8. ISO-8859-1 guesses are read as Windows-1252, its superset
 * (as WHATWG Encoding does for the label), so curly quotes and € in 0x80–0x9F survive.
 * @returns the text and the encoding used (an iconv-lite name, lower case). Never throws.
 */
export function decodeLegacy(bytes: Uint8Array): { text: string; encoding: string } {
  const best = chardet.analyse(bytes.subarray(0, SAMPLE_BYTES))[0];
  let encoding = best && best.confidence >= MIN_CONFIDENCE ? best.name.toLowerCase() : 'windows-1252';
  if (encoding === 'iso-8859-1' || encoding === 'ascii') encoding = 'windows-1252';
  if (!iconv.encodingExists(encoding)) encoding = 'windows-1252';
  return {
    text: iconv.decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), encoding),
    encoding,
  };
}
