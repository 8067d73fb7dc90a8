/**
 * The chunk types, owned by the chunking folder so the chunker (../chunker.ts) and the packer
 * (./packer.ts) both import them from here instead of from each other.
 */

/** One retrievable, citable unit of a document. */
export interface Chunk extends ChunkLocation {
  /** Position in the document, 0..n-1. */
  index: number;
  /** The blocks' text joined by newlines (fragments of one split block by their own separator). */
  text: string;
  /** Tokens of `text` as counted by the `TokenCounter` on the final text; ≤ maxTokens. */
  tokenCount: number;
  /** First and last 1-based page of the blocks in the chunk; null when the format has no pages. */
  pageStart: number | null;
  pageEnd: number | null;
  /** Texts of the enclosing headings, outermost first; [] before the first heading. */
  headingPath: string[];
}

/**
 * Where a chunk sits beyond its pages, for citations: the spreadsheet sheet and row range, or
 * the slide. Taken from the blocks the chunk's own text came from (a repeated table header or
 * overlap does not widen it); null where the format has no such thing.
 */
export interface ChunkLocation {
  sheet: string | null;
  rowStart: number | null;
  rowEnd: number | null;
  slide: number | null;
}

/** Chunk size limits, in tokens of the embedding model (see `TokenCounter` in ../chunker.ts). */
export interface ChunkingOptions {
  /** Hard upper bound of a chunk's `tokenCount`. At least 16. */
  maxTokens: number;
  /**
   * Budget of repeated text at the start of a chunk that continues a section; ≤ maxTokens / 2.
   * 0 disables overlap, table header repetition included.
   */
  overlapTokens: number;
}
