/**
 * The parser contract: every format parser turns the original bytes into an ordered list of
 * structural blocks, which the chunker (src/ingestion/chunker.ts) packs into token-sized chunks.
 */

/** Formats recognised from the file's bytes (never from its name). */
export type DocumentFormat = 'pdf' | 'docx' | 'html' | 'markdown' | 'text';

export type BlockKind = 'heading' | 'paragraph' | 'list-item' | 'table-row' | 'code';

/** One structural unit of a document, in reading order. */
export interface DocumentBlock {
  kind: BlockKind;
  /** Plain text, whitespace-normalised; table rows as cells joined by " | ". */
  text: string;
  /** Heading level 1–6, only for `heading`. */
  level?: number;
  /** 1-based page number where the format has pages (PDF). */
  page?: number;
}

export interface ParsedDocument {
  blocks: DocumentBlock[];
  /** Number of pages for paged formats (PDF), else null. */
  pageCount: number | null;
  /** Title from the document's metadata or first heading, when there is one. */
  title: string | null;
}

/** A parser takes the original bytes and resolves to the blocks, or throws DocumentParseError. */
export type DocumentParser = (bytes: Uint8Array) => Promise<ParsedDocument>;

/**
 * A document that cannot be parsed, with a reason fit to show the user
 * ("the PDF is encrypted", "no extractable text (scanned pages need OCR)", …).
 */
export class DocumentParseError extends Error {
  override name = 'DocumentParseError';
}
