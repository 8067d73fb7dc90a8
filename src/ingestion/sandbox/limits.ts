import type { ParsedDocument } from '../parsers/types.ts';
import { DocumentParseError } from '../parsers/types.ts';

/** What one parse may use and produce (PARSE_* variables; docs/ingestion.md). */
export interface SandboxLimits {
  /**
   * V8 heap of the parser process, MB (`--max-old-space-size`); a document may add 1.5× that to
   * the process's resident memory once loaded (child-pool.ts).
   */
  memoryMb: number;
  /** Wall-clock time for one document, ms. */
  timeoutMs: number;
  /** Characters of text a document may yield. */
  maxChars: number;
  /** Blocks (paragraphs, rows, headings…) a document may yield. */
  maxBlocks: number;
  /** Pages a paged document may have. */
  maxPages: number;
}

/**
 * Refuses a parse result beyond the output limits, so one document cannot flood the chunker,
 * the embedder and the index.
 * @throws DocumentParseError naming the limit
 */
export function checkOutput(parsed: ParsedDocument, limits: SandboxLimits): void {
  if (parsed.pageCount !== null && parsed.pageCount > limits.maxPages) {
    throw new DocumentParseError(
      `the document has ${parsed.pageCount} pages; at most ${limits.maxPages} are accepted`,
    );
  }
  if (parsed.blocks.length > limits.maxBlocks) {
    throw new DocumentParseError(
      `the document has more than ${limits.maxBlocks.toLocaleString('en')} paragraphs, rows or headings`,
    );
  }
  let chars = 0;
  for (const block of parsed.blocks) chars += block.text.length;
  if (chars > limits.maxChars) {
    throw new DocumentParseError(
      `the document has more than ${limits.maxChars.toLocaleString('en')} characters of text`,
    );
  }
}
