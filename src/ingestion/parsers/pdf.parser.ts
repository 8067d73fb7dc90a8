/**
 * PDF: pdf.js (through unpdf) gives positioned text items per page; they are assembled into
 * paragraphs, list items, table rows and headings by pdf-lines/pdf-layout/pdf-structure.
 */
import { getDocumentProxy, getResolvedPDFJS } from 'unpdf';
import { DocumentParseError, type ParsedDocument } from './types.ts';
import { itemsToLines, lineText, type PdfTextItem } from './pdf-lines.ts';
import { buildPdfBlocks, type PdfPageText } from './pdf-structure.ts';
import { EMPTY_DOCUMENT, finishDocument, hasWordCharacters, normaliseInline } from './text-utils.ts';

// User-facing reasons (DocumentParseError messages).
export const PDF_ENCRYPTED = 'the PDF is password-protected';
export const PDF_DAMAGED = 'the PDF is damaged or not a valid PDF';
export const PDF_NO_TEXT =
  'no extractable text: the PDF has only scanned images and OCR is not available yet';
export const PDF_TOO_SLOW = 'the PDF took too long to process';

export interface PdfParseOptions {
  /** Wall-clock budget for the whole parse, in milliseconds (default 120 000). */
  timeBudgetMs?: number;
}

/** Pages inspected for images when a PDF has no text at all. */
const IMAGE_PROBE_PAGES = 3;

/**
 * Parses a PDF into blocks carrying 1-based `page` numbers; pageCount is the PDF's page count.
 * Title: the document info Title when it looks like a real title, else the first heading.
 * A page that fails to parse is skipped; the document fails only when every page does.
 * @throws DocumentParseError PDF_ENCRYPTED (a user password is needed), PDF_DAMAGED, PDF_NO_TEXT
 *   (image-only pages), PDF_TOO_SLOW, or "the document is empty" (no pages, blank pages).
 */
export async function parsePdf(bytes: Uint8Array, options: PdfParseOptions = {}): Promise<ParsedDocument> {
  if (!bytes.some((b) => b > 0x20)) throw new DocumentParseError(EMPTY_DOCUMENT);
  const deadline = performance.now() + (options.timeBudgetMs ?? 120_000);
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    // pdf.js may detach the buffer it is given: hand it a copy so the caller's bytes survive.
    pdf = await withDeadline(
      getDocumentProxy(new Uint8Array(bytes), { verbosity: 0, stopAtErrors: false }),
      deadline,
    );
  } catch (error) {
    throw toParseError(error);
  }
  try {
    const pages: PdfPageText[] = [];
    let failed = 0;
    for (let n = 1; n <= pdf.numPages; n++) {
      if (performance.now() > deadline) throw new DocumentParseError(PDF_TOO_SLOW);
      try {
        const page = await withDeadline(pdf.getPage(n), deadline);
        const content = await withDeadline(page.getTextContent(), deadline);
        const items = content.items.filter((item): item is PdfTextItem & typeof item => 'str' in item);
        pages.push({ lines: itemsToLines(items), view: [...page.view] });
        page.cleanup();
      } catch (error) {
        if (error instanceof DocumentParseError || isPasswordError(error)) throw toParseError(error);
        failed++;
        pages.push({ lines: [], view: [0, 0, 612, 792] });
      }
    }
    if (pdf.numPages === 0) throw new DocumentParseError(EMPTY_DOCUMENT);
    if (failed === pdf.numPages) throw new DocumentParseError(PDF_DAMAGED);
    if (!pages.some((p) => p.lines.some((l) => hasWordCharacters(lineText(l))))) {
      throw new DocumentParseError((await hasImages(pdf, deadline)) ? PDF_NO_TEXT : EMPTY_DOCUMENT);
    }
    const title = await metadataTitle(pdf);
    return finishDocument(buildPdfBlocks(pages), { title, pageCount: pdf.numPages });
  } catch (error) {
    throw toParseError(error);
  } finally {
    await pdf.loadingTask.destroy().catch(() => undefined);
  }
}

function isPasswordError(error: unknown): boolean {
  return error instanceof Error && error.name === 'PasswordException';
}

function toParseError(error: unknown): DocumentParseError {
  if (error instanceof DocumentParseError) return error;
  if (isPasswordError(error)) return new DocumentParseError(PDF_ENCRYPTED, { cause: error });
  return new DocumentParseError(PDF_DAMAGED, { cause: error });
}

/** Rejects with PDF_TOO_SLOW once `deadline` (a performance.now() time) has passed. */
async function withDeadline<T>(work: Promise<T>, deadline: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new DocumentParseError(PDF_TOO_SLOW)),
      Math.max(0, deadline - performance.now()),
    );
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

type PdfDocument = Awaited<ReturnType<typeof getDocumentProxy>>;

/** Whether any of the first pages paints an image (a scan) rather than being blank. */
async function hasImages(pdf: PdfDocument, deadline: number): Promise<boolean> {
  const { OPS } = await getResolvedPDFJS();
  const imageOps = new Set<number>([
    OPS.paintImageXObject,
    OPS.paintInlineImageXObject,
    OPS.paintImageMaskXObject,
    OPS.paintImageXObjectRepeat,
    OPS.paintInlineImageXObjectGroup,
    OPS.paintImageMaskXObjectGroup,
    OPS.paintImageMaskXObjectRepeat,
    OPS.paintSolidColorImageMask,
  ]);
  for (let n = 1; n <= Math.min(pdf.numPages, IMAGE_PROBE_PAGES); n++) {
    try {
      const page = await withDeadline(pdf.getPage(n), deadline);
      const ops = await withDeadline(page.getOperatorList(), deadline);
      if (ops.fnArray.some((fn) => imageOps.has(fn))) return true;
    } catch {
      // an unreadable page says nothing either way
    }
  }
  return false;
}

/** The info dictionary's Title, unless it is a file name or a producer's placeholder. */
async function metadataTitle(pdf: PdfDocument): Promise<string | null> {
  try {
    const { info } = await pdf.getMetadata();
    const raw = (info as { Title?: unknown } | null)?.Title;
    const title = typeof raw === 'string' ? normaliseInline(raw) : '';
    if (!title || title.length < 3 || !hasWordCharacters(title)) return null;
    if (
      /^(untitled|microsoft (word|powerpoint) - |document\d*$)|\.(docx?|pdf|tex|dvi|indd|qxd|rtf)$/i.test(
        title,
      )
    ) {
      return null;
    }
    return title;
  } catch {
    return null;
  }
}
