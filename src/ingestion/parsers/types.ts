/**
 * The parser contract: every format parser turns the original bytes into an ordered list of
 * structural blocks, which the chunker (src/ingestion/chunker.ts) packs into token-sized chunks.
 */
import type { Chunk, ChunkingOptions } from '../chunking/chunk.ts';

/** Formats recognised from the file's bytes (never from its name). */
export type DocumentFormat =
  | 'pdf'
  | 'docx'
  | 'xlsx'
  | 'ods'
  | 'csv'
  | 'pptx'
  | 'odp'
  | 'odt'
  | 'rtf'
  | 'epub'
  | 'eml'
  | 'msg'
  | 'image'
  | 'html'
  | 'markdown'
  | 'text';

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
  /** Spreadsheet formats: the sheet's name. */
  sheet?: string;
  /** Spreadsheet formats: the 1-based row number in its sheet (as the spreadsheet shows it). */
  row?: number;
  /** Slide formats (PPTX, ODP): the 1-based slide number. */
  slide?: number;
}

export interface ParsedDocument {
  blocks: DocumentBlock[];
  /** Number of pages for paged formats (PDF), else null. */
  pageCount: number | null;
  /** Title from the document's metadata or first heading, when there is one. */
  title: string | null;
  /**
   * Files carried inside the document (e-mail attachments); each is ingested as a child
   * document of this one. Absent when the format carries none.
   */
  attachments?: { name: string; bytes: Uint8Array }[];
  /** OCR figures per page that was read by OCR (mean word confidence 0–100); absent without OCR. */
  ocr?: { page: number; confidence: number }[];
  /**
   * The chunks, when the parse was asked for them (`ParseOptions.chunking`) and made them where it
   * ran (the sandbox's child: src/ingestion/sandbox/parse-child.ts); absent otherwise.
   */
  chunks?: Chunk[];
}

/** Per-document inputs a parser may use beyond the bytes. */
export interface ParseOptions {
  /** The company's language setting (`en`, `fr`, …): OCR language, text decoding hints. */
  language?: string;
  /** OCR of pages without a text layer (OCR_* variables); absent = no OCR. */
  ocr?: { maxPages: number; dpi: number };
  /**
   * Output limits checked while parsing, before the work they bound (PARSE_MAX_CHARS,
   * PARSE_MAX_PAGES; the sandbox passes its own). Absent: the defaults of the configuration.
   */
  limits?: { maxChars: number; maxPages: number };
  /**
   * Chunk the document where it is parsed, with these sizes; stop past `maxChunks` chunks
   * (INGEST_MAX_CHUNKS: the result then holds maxChunks + 1). Only the sandbox honours it
   * (it has the tokenizer); a parser alone ignores it.
   */
  chunking?: { options: ChunkingOptions; maxChunks?: number };
  /**
   * Told of work as it starts, so a caller can grant time for it (the ingestion budget grants
   * INGEST_BUDGET_OCR_PAGE_SECONDS per page read by OCR: src/ingestion/budget.ts). The sandbox
   * relays its child's calls over IPC; a parser alone calls it in-process. Must not throw.
   */
  onProgress?: (progress: ParseProgress) => void;
}

/** Work a parse has started: `ocrPage`, the 1-based page about to be read by OCR (an image is page 1). */
export interface ParseProgress {
  ocrPage: number;
}

/** PARSE_MAX_CHARS and PARSE_MAX_PAGES defaults, for a parse called without the sandbox's limits. */
export const DEFAULT_PARSE_LIMITS = { maxChars: 10_000_000, maxPages: 5_000 } as const;

/** A parser takes the original bytes and resolves to the blocks, or throws DocumentParseError. */
export type DocumentParser = (bytes: Uint8Array, options?: ParseOptions) => Promise<ParsedDocument>;

/**
 * A document that cannot be parsed, with a reason fit to show the user
 * ("the PDF is encrypted", "no extractable text (scanned pages need OCR)", …).
 */
export class DocumentParseError extends Error {
  override name = 'DocumentParseError';
}
