/**
 * DOCX: mammoth converts the document to semantic HTML (Word heading styles → h1–h6, lists,
 * tables), which is then read with the shared HTML block walker.
 */
import { unzipSync } from 'fflate';
import mammoth from 'mammoth';
import { DocumentParseError, type ParsedDocument } from './types.ts';
import { parseHtmlDocument } from './dom.ts';
import { htmlToBlocks } from './html-blocks.ts';
import { EMPTY_DOCUMENT, finishDocument, guard } from './text-utils.ts';

// User-facing reasons (DocumentParseError messages).
export const DOCX_DAMAGED = 'the DOCX file is damaged or is not a Word document';
export const DOCX_TOO_LARGE = 'the DOCX file is too large once uncompressed';

/** Uncompressed size above which a DOCX is refused (zip-bomb guard), in bytes. */
const MAX_UNCOMPRESSED_BYTES = 1024 * 1024 * 1024;

const STYLE_MAP = ["p[style-name='Title'] => h1:fresh", "p[style-name='Subtitle'] => h2:fresh"];

/**
 * Parses a Word (.docx) file. Headings come from Word heading styles (Heading 1–6, Title,
 * Subtitle); a document without any heading style gets headings from short all-bold (level 1)
 * or ALL-CAPS (level 2) paragraphs. Table rows become "cell | cell". Title: the first heading.
 * @throws DocumentParseError DOCX_DAMAGED (not a zip, truncated, no main document part),
 *   DOCX_TOO_LARGE, or "the document is empty".
 */
export async function parseDocx(bytes: Uint8Array): Promise<ParsedDocument> {
  if (bytes.length === 0) throw new DocumentParseError(EMPTY_DOCUMENT);
  checkPackage(bytes);
  return guard(DOCX_DAMAGED, async () => {
    const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
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

/** Reads the zip directory only (nothing is inflated): must be a zip, not a zip bomb. */
function checkPackage(bytes: Uint8Array): void {
  let total = 0;
  try {
    unzipSync(bytes, {
      filter: (file) => {
        total += file.originalSize;
        return false;
      },
    });
  } catch (error) {
    throw new DocumentParseError(DOCX_DAMAGED, { cause: error });
  }
  if (total > MAX_UNCOMPRESSED_BYTES) throw new DocumentParseError(DOCX_TOO_LARGE);
}
