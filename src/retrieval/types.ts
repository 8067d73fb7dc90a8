/** One chunk returned by the retriever, with what a citation needs. */
export interface RetrievedChunk {
  chunkId: string;
  documentId: string;
  documentName: string;
  text: string;
  pageStart: number | null;
  pageEnd: number | null;
  /** Spreadsheet sheet and 1-based row range, or slide number; null/absent where not applicable. */
  sheet?: string | null;
  rowStart?: number | null;
  rowEnd?: number | null;
  slide?: number | null;
  headingPath: string[];
  /** Fused relevance, higher is better; comparable within one result list only. */
  score: number;
}

export interface RetrievalQuery {
  companyId: string;
  query: string;
  topicId?: string;
  /** Chunks to return. */
  limit: number;
}
