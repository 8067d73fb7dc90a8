import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { toPgVectorBinary } from '../../embeddings/embedder.ts';
import type { ScoredId } from '../fusion.ts';
import { topicFilterOf, type RetrievalQuery } from '../types.ts';
import { inTopicFilter } from '../../access/scope.ts';
import type { VectorStore } from './types.ts';
import { DENSE_SEARCH_SESSION } from '../../db/index.ts';

/** HNSW candidate list at query time (pgvector's default is 40); more for deeper limits. */
const DEFAULT_EF_SEARCH = Number(new Map(DENSE_SEARCH_SESSION).get('hnsw.ef_search'));

/**
 * Dense top-k by cosine distance (pgvector HNSW with iterative scan, so the company filter
 * cannot starve the result — pgvector 0.8 "iterative index scans").
 * @returns chunk ids with cosine similarity (1 − cosine distance, −1..1), best first.
 */
async function denseSearch(
  db: Kysely<DB>,
  q: RetrievalQuery,
  embedding: number[],
  limit: number,
): Promise<ScoredId[]> {
  const vector = toPgVectorBinary(embedding);
  const efSearch = Math.min(1000, Math.max(DEFAULT_EF_SEARCH, limit));
  const search = (db: Kysely<DB>) => {
    let query = db
      .selectFrom('chunks')
      .select(['chunks.id', sql<number>`chunks.embedding <=> ${vector}::vector`.as('distance')])
      .where('chunks.company_id', '=', q.companyId)
      .where('chunks.embedding', 'is not', null);
    const topics = topicFilterOf(q);
    if (topics) {
      query = query
        .innerJoin('documents', 'documents.id', 'chunks.document_id')
        .where(inTopicFilter(topics, sql.ref('documents.topic_id')));
    }
    // Ordered by the selected distance's alias: the HNSW index still serves it (the sort key is
    // that target entry), and the vector (binary: toPgVectorBinary) is sent and parsed once.
    return query.orderBy('distance').limit(limit).execute();
  };
  // Every session already runs with iterative scan and the default ef_search (DENSE_SEARCH_SESSION).
  const rows =
    efSearch === DEFAULT_EF_SEARCH
      ? await search(db)
      : await db.transaction().execute(async (trx) => {
          await sql.raw(`set local hnsw.ef_search = ${efSearch}`).execute(trx);
          return search(trx);
        });
  // relaxed_order may return neighbours slightly out of order.
  return rows.map((r) => ({ id: r.id, score: 1 - Number(r.distance) })).sort((a, b) => b.score - a.score);
}

/**
 * The relational store: embeddings in `chunks.embedding` (written by ingestion with the row),
 * searched with pgvector; `enabled` is false when the extension is missing.
 */
export function pgvectorStore(db: Kysely<DB>, vectorEnabled: boolean): VectorStore {
  return {
    kind: 'pgvector',
    enabled: vectorEnabled,
    denseSearch: (q, vector, limit) => denseSearch(db, q, vector, limit),
    // The rows are the index: writes and deletes happen with them.
    writeDocument: async () => {},
    deleteDocument: async () => {},
    listChunkIds: async () => [],
    deleteChunks: async () => {},
  };
}
