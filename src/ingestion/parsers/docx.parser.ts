/**
 * DOCX: mammoth converts the document to semantic HTML (Word heading styles → h1–h6, lists,
 * tables), which is then read with the shared HTML block walker.
 */
import mammoth from 'mammoth';
import { DocumentParseError, type ParsedDocument } from './types.ts';
import { parseHtmlDocument } from './dom.ts';
import { htmlToBlocks } from './html-blocks.ts';
import { EMPTY_DOCUMENT, finishDocument, guard } from './text-utils.ts';
import { assertXmlElementCount, readZipSafely, repackZip, ZIP_DAMAGED } from '../sandbox/zip-guard.ts';

// User-facing reasons (DocumentParseError messages).
export const DOCX_DAMAGED = 'the DOCX file is damaged or is not a Word document';

/**
 * XML elements allowed in the main document part: the 872-page handbook of the test documents
 * has about 100,000; twenty times that is still a real document, a million `<w:p/>` is a bomb.
 */
const MAX_DOCUMENT_ELEMENTS = 2_000_000;

const STYLE_MAP = ["p[style-name='Title'] => h1:fresh", "p[style-name='Subtitle'] => h2:fresh"];

/**
 * Parses a Word (.docx) file. Headings come from Word heading styles (Heading 1–6, Title,
 * Subtitle); a document without any heading style gets headings from short all-bold (level 1)
 * or ALL-CAPS (level 2) paragraphs. Table rows become "cell | cell". Title: the first heading.
 * @throws DocumentParseError DOCX_DAMAGED (not a zip, truncated, no main document part),
 *   the zip guard's reasons (zip bomb, unsafe entry names), too many elements, or "the document is
 *   empty".
 */
export async function parseDocx(bytes: Uint8Array): Promise<ParsedDocument> {
  if (bytes.length === 0) throw new DocumentParseError(EMPTY_DOCUMENT);
  const checked = checkPackage(bytes);
  return guard(DOCX_DAMAGED, async () => {
    const buffer = Buffer.from(checked.buffer, checked.byteOffset, checked.byteLength);
    const { value: html } = await mammoth.convertToHtml(
      { buffer },
      {
        styleMap: STYLE_MAP,
        externalFileAccess: false,
        // Images carry no text: an empty src skips reading and base64-encoding every picture.
        convertImage: mammoth.images.imgElement(async () => ({ src: '' })),
      },
    );
    const document = parseHtmlDocument(`<!DOCTYPE html><html><head></head><body>${html}</body></html>`);
    if (!document.body) throw new DocumentParseError(DOCX_DAMAGED);
    const hasStyledHeadings = /<h[1-6][\s>]/.test(html);
    return finishDocument(htmlToBlocks(document.body, { emphasisHeadings: !hasStyledHeadings }));
  });
}

/**
 * Opens the package through the zip guard (real inflated sizes, ratio, entry names) and bounds
 * the main part's element count before mammoth builds a tree of it.
 * @returns the parts the guard read, re-packed: what mammoth reads (zip-guard.ts `repackZip`)
 */
function checkPackage(bytes: Uint8Array): Uint8Array {
  let parts;
  try {
    parts = readZipSafely(bytes);
  } catch (error) {
    if (error instanceof DocumentParseError && error.message !== ZIP_DAMAGED) throw error;
    throw new DocumentParseError(DOCX_DAMAGED, { cause: error });
  }
  const main = parts.get('word/document.xml');
  if (!main) throw new DocumentParseError(DOCX_DAMAGED);
  assertXmlElementCount(main, MAX_DOCUMENT_ELEMENTS, 'Word document');
  return repackZip(parts);
}
