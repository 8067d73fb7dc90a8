/**
 * ODS, ODT, ODP (OpenDocument), PPTX, EPUB and RTF through officeparser, which reads each into
 * one document tree (office-ast.ts turns it into blocks). Zip-based files first pass the zip guard
 * (real inflated sizes, ratio, entry names) and a bound on their XML elements, as DOCX and XLSX
 * do; officeparser's own decompression limits are set no looser than the guard's, a second wall.
 * Passwords, OCR of pictures, attachments and raw XML are off: only text is wanted here.
 */
import { OfficeParser, type OfficeParserConfig, type OfficeParserAST } from 'officeparser';
import {
  DEFAULT_PARSE_LIMITS,
  DocumentParseError,
  type DocumentBlock,
  type ParsedDocument,
} from './types.ts';
import { EMPTY_DOCUMENT, finishDocument } from './text-utils.ts';
import { walk } from './office-ast.ts';
import { checkOdfExpansion, MAX_TABLE_CELLS } from './expansion.ts';
import {
  countXmlElements,
  DEFAULT_ZIP_LIMITS,
  readZipSafely,
  repackZip,
  ZIP_DAMAGED,
} from '../sandbox/zip-guard.ts';

/** Formats read through officeparser. */
export type OfficeFormat = 'ods' | 'odt' | 'odp' | 'pptx' | 'epub' | 'rtf';

const NAMES: Record<OfficeFormat, string> = {
  ods: 'ODS spreadsheet',
  odt: 'ODT document',
  odp: 'ODP presentation',
  pptx: 'PowerPoint presentation',
  epub: 'EPUB book',
  rtf: 'RTF document',
};

/** The user-facing reason for a file officeparser cannot read, e.g. "the ODS spreadsheet is damaged…". */
export const officeDamaged = (format: OfficeFormat) =>
  `the ${NAMES[format]} is damaged or is not of its type`;

/**
 * XML elements allowed in all the parts of one package together, as for DOCX (docx.parser.ts):
 * a real 800-page document has about 100,000; two million is a bomb.
 */
const MAX_ELEMENTS = 2_000_000;

/** The XML parts that carry text, per zip format (their element count is bounded before parsing). */
const TEXT_PARTS: Partial<Record<OfficeFormat, RegExp>> = {
  ods: /^(content|styles)\.xml$/,
  odt: /^(content|styles)\.xml$/,
  odp: /^(content|styles)\.xml$/,
  pptx: /^ppt\/(slides|notesSlides)\/[^/]+\.xml$/,
  epub: /\.(x?html?|xml|opf|ncx)$/i,
};

const CONFIG: OfficeParserConfig = {
  ignoreComments: true,
  ignoreHeadersAndFooters: true,
  ignoreSlideMasters: true,
  ignoreNotes: false,
  extractAttachments: false,
  includeRawContent: false,
  serializeRawContent: false,
  ignorePageGeometry: true,
  ignoreInternalLinks: true,
  ocr: false,
  decompressionLimits: {
    maxUncompressedBytes: DEFAULT_ZIP_LIMITS.maxTotalBytes,
    maxZipEntries: DEFAULT_ZIP_LIMITS.maxEntries,
    maxXmlElements: MAX_ELEMENTS,
    maxTableCells: MAX_TABLE_CELLS,
    maxRawContentLength: 0,
    maxRepeatedContent: 16 * 1024 * 1024,
  },
};

/**
 * Parses `bytes` as `format`. Slides carry their number on every block; sheets their name and
 * row numbers; the title is the file's metadata title, else the first heading.
 * @throws DocumentParseError officeDamaged(format), the zip guard's reasons (zip bomb, unsafe
 *   names), too many XML elements, "the document is password-protected", or EMPTY_DOCUMENT
 */
export async function parseOffice(
  format: OfficeFormat,
  bytes: Uint8Array,
  limits: { maxChars: number } = DEFAULT_PARSE_LIMITS,
): Promise<ParsedDocument> {
  if (bytes.length === 0) throw new DocumentParseError(EMPTY_DOCUMENT);
  // officeparser reads any bytes handed to it as RTF; a real one opens with its group and keyword.
  if (format === 'rtf' && !/^\s*\{\\rtf/.test(new TextDecoder('latin1').decode(bytes.subarray(0, 64))))
    throw new DocumentParseError(officeDamaged(format));
  const parts = TEXT_PARTS[format];
  // Zip-based formats: officeparser reads the parts the guard read, re-packed, not the upload.
  const checked = parts ? checkPackage(format, bytes, parts, limits.maxChars) : bytes;
  let ast: OfficeParserAST;
  try {
    ast = await OfficeParser.parseOffice(
      Buffer.from(checked.buffer, checked.byteOffset, checked.byteLength),
      {
        ...CONFIG,
        fileType: format,
      } as OfficeParserConfig,
    );
  } catch (error) {
    const type = (error as { type?: string }).type ?? '';
    if (type.startsWith('PASSWORD') || type === 'DOCUMENT_DECRYPTION_FAILED')
      throw new DocumentParseError(`the ${NAMES[format]} is password-protected`, { cause: error });
    if (/LIMIT_EXCEEDED|ZIP_SIZE/.test(type))
      throw new DocumentParseError(`the ${NAMES[format]} is larger than a document may be`, { cause: error });
    throw new DocumentParseError(officeDamaged(format), { cause: error });
  }
  const blocks: DocumentBlock[] = [];
  for (const node of ast.content) walk(node, blocks);
  return finishDocument(blocks, { title: ast.metadata.title ?? null });
}

/**
 * The zip guard over the whole package, then the element bound over its text parts.
 * @returns the parts the guard read, re-packed (zip-guard.ts `repackZip`)
 */
function checkPackage(
  format: OfficeFormat,
  bytes: Uint8Array,
  textParts: RegExp,
  maxChars: number,
): Uint8Array {
  let entries: Map<string, Uint8Array>;
  try {
    entries = readZipSafely(bytes);
  } catch (error) {
    if (error instanceof DocumentParseError && error.message !== ZIP_DAMAGED) throw error;
    throw new DocumentParseError(officeDamaged(format), { cause: error });
  }
  let total = 0;
  for (const [name, data] of entries) {
    if (!textParts.test(name)) continue;
    total += countXmlElements(data, MAX_ELEMENTS - total + 1);
    if (total > MAX_ELEMENTS)
      throw new DocumentParseError(
        `the ${NAMES[format]} has more than ${MAX_ELEMENTS.toLocaleString('en')} elements`,
      );
  }
  // ODF tables: repeated rows and columns multiplied out before officeparser expands them.
  const content = format.startsWith('od') ? entries.get('content.xml') : undefined;
  if (content)
    checkOdfExpansion(
      new TextDecoder().decode(content),
      { maxCells: MAX_TABLE_CELLS, maxChars },
      NAMES[format],
    );
  return repackZip(entries);
}
