import type { TopicFilter } from '../access/scope.ts';

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
  /** Only this topic's documents (legs called directly; `retrieve` resolves it into `topics`). */
  topicId?: string;
  /**
   * The topics the caller may read, as `retrieve` resolved them from its access scope and
   * `topicId` (src/access/scope.ts); null: the whole company. When set, the legs use it instead
   * of `topicId`.
   */
  topics?: TopicFilter | null;
  /** Chunks to return. */
  limit: number;
}

/** The topic filter a leg applies: `q.topics` when resolved, else `q.topicId` alone, else none. */
export function topicFilterOf(q: RetrievalQuery): TopicFilter | null {
  if (q.topics !== undefined) return q.topics;
  return q.topicId ? { topicIds: [q.topicId], unfiled: false } : null;
}
