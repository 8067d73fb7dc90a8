/**
 * PDF: pdf.js (through unpdf) gives positioned text items per page; they are assembled into
 * paragraphs, list items, table rows and headings by pdf-lines/pdf-layout/pdf-structure.
 */
import { getDocumentProxy, getResolvedPDFJS } from 'unpdf';
import {
  DEFAULT_PARSE_LIMITS,
  DocumentParseError,
  type DocumentBlock,
  type ParsedDocument,
  type ParseProgress,
} from './types.ts';
import { ocrPdfPages, type OcrPage } from '../ocr/ocr.ts';
import { itemsToLines, lineText, type PdfTextItem } from './pdf-lines.ts';
import { buildPdfBlocks, type PdfPageText } from './pdf-structure.ts';
import { EMPTY_DOCUMENT, finishDocument, hasWordCharacters, normaliseInline } from './text-utils.ts';

// User-facing reasons (DocumentParseError messages).
export const PDF_ENCRYPTED = 'the PDF is password-protected';
export const PDF_DAMAGED = 'the PDF is damaged or not a valid PDF';
export const PDF_NO_TEXT =
  'no extractable text: the PDF has only scanned images and OCR is turned off (OCR_ENABLED)';
export const PDF_TOO_SLOW = 'the PDF took too long to process';

export interface PdfParseOptions {
  /** Wall-clock budget for the whole parse, in milliseconds (default 120 000; 600 000 with OCR). */
  timeBudgetMs?: number;
  /** OCR for pages without a text layer; absent = such pages are left out. */
  ocr?: { maxPages: number; dpi: number };
  /** The company's language, for OCR. */
  language?: string;
  /** Pages a PDF may have (PARSE_MAX_PAGES), checked on open before any page is read. */
  maxPages?: number;
  /** Told `{ ocrPage }` as each scanned page's OCR starts (the ingestion budget grants time per page). */
  onProgress?: (progress: ParseProgress) => void;
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
  const deadline = performance.now() + (options.timeBudgetMs ?? (options.ocr ? 600_000 : 120_000));
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
  const maxPages = options.maxPages ?? DEFAULT_PARSE_LIMITS.maxPages;
  if (pdf.numPages > maxPages) {
    // Refused on open: the audit's 100,000-page PDF held a slot for the whole parse timeout.
    await pdf.loadingTask.destroy().catch(() => undefined);
    throw new DocumentParseError(
      `the PDF has ${pdf.numPages.toLocaleString('en')} pages; at most ${maxPages.toLocaleString('en')} are accepted (PARSE_MAX_PAGES)`,
    );
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
    const untexted = pages.flatMap((p, i) =>
      p.lines.some((l) => hasWordCharacters(lineText(l))) ? [] : [i + 1],
    );
    const scanned = untexted.length > 0 && (await hasImages(pdf, deadline));
    if (untexted.length === pdf.numPages && !scanned) throw new DocumentParseError(EMPTY_DOCUMENT);
    if (untexted.length === pdf.numPages && !options.ocr) throw new DocumentParseError(PDF_NO_TEXT);
    const ocr = scanned && options.ocr ? await readScannedPages(bytes, untexted, options, deadline) : [];
    const title = await metadataTitle(pdf);
    const blocks = [...buildPdfBlocks(pages), ...ocrBlocks(ocr)].sort(
      (a, b) => (a.page ?? 0) - (b.page ?? 0),
    );
    if (blocks.length === 0) throw new DocumentParseError(PDF_OCR_NOTHING);
    return {
      ...finishDocument(blocks, { title, pageCount: pdf.numPages }),
      ...(ocr.length > 0 ? { ocr: ocr.map((p) => ({ page: p.page, confidence: p.confidence })) } : {}),
    };
  } catch (error) {
    throw toParseError(error);
  } finally {
    await pdf.loadingTask.destroy().catch(() => undefined);
  }
}

export const PDF_OCR_NOTHING = 'no text: OCR found nothing readable on the scanned pages';

/**
 * OCRs the pages without a text layer (src/ingestion/ocr/), within OCR_MAX_PAGES and the parse's
 * deadline. @throws DocumentParseError when there are more such pages than allowed, or on timeout
 */
async function readScannedPages(
  bytes: Uint8Array,
  pageNumbers: number[],
  options: PdfParseOptions,
  deadline: number,
): Promise<OcrPage[]> {
  const { maxPages, dpi } = options.ocr!;
  if (pageNumbers.length > maxPages) {
    throw new DocumentParseError(
      `the PDF has ${pageNumbers.length} scanned pages; OCR reads at most ${maxPages} (OCR_MAX_PAGES)`,
    );
  }
  return withDeadline(
    ocrPdfPages(bytes, pageNumbers, {
      maxPages,
      dpi,
      language: options.language,
      // Only once the page count is within OCR_MAX_PAGES (above), so the time granted is bounded.
      ...(options.onProgress ? { onPage: (ocrPage: number) => options.onProgress!({ ocrPage }) } : {}),
    }),
    deadline,
  );
}

/** OCR text as paragraph blocks (blank lines separate paragraphs; lines inside one are joined). */
function ocrBlocks(pages: OcrPage[]): DocumentBlock[] {
  return pages.flatMap((p) =>
    p.text
      .split(/\n\s*\n/)
      .map((paragraph) => normaliseInline(paragraph))
      .filter((text) => hasWordCharacters(text))
      .map((text): DocumentBlock => ({ kind: 'paragraph', text, page: p.page })),
  );
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
