/**
 * Entry point of the document parsers. To support a new format: add it to DocumentFormat
 * (types.ts), write `<format>.parser.ts` exporting a DocumentParser, register it in `parsers`
 * below, and teach src/ingestion/sniff.ts to recognise its bytes.
 */
import { parseDocx } from './docx.parser.ts';
import { parseXlsx } from './xlsx.parser.ts';
import { parseCsv } from './csv.parser.ts';
import { parseImage } from './image.parser.ts';
import { parseHtml } from './html.parser.ts';
import { parseMarkdown } from './markdown.parser.ts';
import { parsePdf } from './pdf.parser.ts';
import { parseText } from './text.parser.ts';
import { parseOffice } from './office.parser.ts';
import { parseEml } from './eml.parser.ts';
import { parseMsg } from './msg.parser.ts';
import {
  DocumentParseError,
  type DocumentFormat,
  type DocumentParser,
  type ParsedDocument,
  type ParseOptions,
} from './types.ts';

export { DocumentParseError } from './types.ts';
export type {
  BlockKind,
  DocumentBlock,
  DocumentFormat,
  DocumentParser,
  ParsedDocument,
  ParseOptions,
} from './types.ts';
export { EMPTY_DOCUMENT } from './text-utils.ts';
export { PDF_DAMAGED, PDF_ENCRYPTED, PDF_NO_TEXT, PDF_TOO_SLOW } from './pdf.parser.ts';
export { DOCX_DAMAGED } from './docx.parser.ts';

/** The parser for each format. */
export const parsers: Readonly<Record<DocumentFormat, DocumentParser>> = {
  pdf: (bytes, options) =>
    parsePdf(bytes, {
      ocr: options?.ocr,
      language: options?.language,
      maxPages: options?.limits?.maxPages,
      ...(options?.onProgress ? { onProgress: options.onProgress } : {}),
    }),
  docx: parseDocx,
  xlsx: (bytes, options) => parseXlsx(bytes, options?.limits),
  ods: (bytes, options) => parseOffice('ods', bytes, options?.limits),
  csv: parseCsv,
  pptx: (bytes) => parseOffice('pptx', bytes),
  odp: (bytes, options) => parseOffice('odp', bytes, options?.limits),
  odt: (bytes, options) => parseOffice('odt', bytes, options?.limits),
  rtf: (bytes) => parseOffice('rtf', bytes),
  epub: (bytes) => parseOffice('epub', bytes),
  eml: parseEml,
  msg: parseMsg,
  image: parseImage,
  html: parseHtml,
  markdown: parseMarkdown,
  text: parseText,
};

/**
 * Parses a document's original bytes as `format` (as found by sniffFormat) into ordered blocks.
 * Resolves to at least one block. Never rejects with anything but DocumentParseError, whose
 * message is a reason fit to show the user (e.g. "the PDF is password-protected").
 */
export async function parseDocument(
  format: DocumentFormat,
  bytes: Uint8Array,
  options: ParseOptions = {},
): Promise<ParsedDocument> {
  const parser = parsers[format] as DocumentParser | undefined;
  if (!parser) throw new DocumentParseError(`documents of type "${String(format)}" are not supported`);
  try {
    return await parser(bytes, options);
  } catch (error) {
    if (error instanceof DocumentParseError) throw error;
    // A parser bug must not escape as a generic 500: report it as unreadable, keep the cause.
    throw new DocumentParseError('the document could not be read', { cause: error });
  }
}
