import type { ScoredId } from '../fusion.ts';
import type { RetrievalQuery } from '../types.ts';

// The vector store's contract, apart from the stores that implement it and the factory that
// picks one (index.ts), so neither imports the other.

/** One chunk as a vector store indexes it: its dense embedding and its BM25 statistics. */
export interface VectorPoint {
  chunkId: string;
  /** L2-normalised embedding, the embedder's `dimensions` long. */
  vector: number[];
  /** Analyzed term → term frequency, and the analyzed length dl (src/retrieval/lexical/bm25.ts). */
  termFrequencies: ReadonlyMap<string, number>;
  length: number;
}

/** A document's chunks to (re)index; `avgdl` is the company's mean chunk length (sparse.ts). */
export interface DocumentPoints {
  companyId: string;
  documentId: string;
  points: VectorPoint[];
  avgdl: number;
}

/** What hybrid search in the store needs besides the query: both legs' inputs and the fusion. */
export interface HybridRequest {
  vector: number[];
  /** Candidates per leg (prefetch limit) and fused results returned. */
  candidates: number;
  fusion: 'rrf' | 'normalized';
  /** α of `normalized` fusion (dense leg's weight); k of RRF. */
  denseWeight: number;
  rrfK: number;
}

/**
 * Where dense vectors live and are searched. The relational rows (`chunks`) stay the source of
 * truth in every store; a store other than pgvector is a derived index kept in step by ingestion,
 * deletion and `resyncCompany` (resync.ts).
 */
export interface VectorStore {
  readonly kind: 'pgvector' | 'qdrant';
  /** Dense search is possible (pgvector: the extension is installed). */
  readonly enabled: boolean;
  /**
   * Dense top-k by cosine similarity within the company (and topic) of `q`.
   * @returns chunk ids with cosine similarity (−1..1), best first, at most `limit`.
   */
  denseSearch(q: RetrievalQuery, vector: number[], limit: number): Promise<ScoredId[]>;
  /**
   * Both legs fused inside the store; absent → the retriever fuses its own legs.
   * @returns up to `request.candidates` chunk ids with fused scores, best first.
   */
  hybridSearch?(q: RetrievalQuery, request: HybridRequest): Promise<ScoredId[]>;
  /**
   * Writes `doc.points` (no-op for pgvector: rows carry vectors). `replace` (default) first
   * removes the document's other points; without it, points are only overwritten (no moment
   * where the document is missing — re-sync removes stale points itself).
   */
  writeDocument(doc: DocumentPoints, options?: { replace?: boolean }): Promise<void>;
  /** Removes every point of the document (no-op for pgvector: the rows cascade). */
  deleteDocument(companyId: string, documentId: string): Promise<void>;
  /** Chunk ids the store holds for the company (re-sync's inventory); pgvector: none. */
  listChunkIds(companyId: string): Promise<string[]>;
  /** Removes points by chunk id, within the company. */
  deleteChunks(companyId: string, chunkIds: string[]): Promise<void>;
}
