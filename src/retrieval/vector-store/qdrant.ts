import { createHash } from 'node:crypto';
import { QdrantClient } from '@qdrant/js-client-rest';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { normalizedScoreFusion, type ScoredId } from '../fusion.ts';
import { queryLanguage } from '../lexical/bm25.ts';
import { topicFilterOf, type RetrievalQuery } from '../types.ts';
import { inTopicFilter } from '../../access/scope.ts';
import type { DocumentPoints, HybridRequest, VectorStore } from './types.ts';
import { documentSparseVector, querySparseVector } from './sparse.ts';

/** Named vectors of the collection: the dense embedding and the BM25 sparse vector. */
export const DENSE = 'dense';
export const SPARSE = 'bm25';
/** Points per upsert request (≈ 1.6 kB of JSON per 384-d vector). */
const UPSERT_BATCH = 256;
/** Points per scroll page when listing a company's points. */
const SCROLL_PAGE = 1000;

/**
 * The point id of a chunk: Qdrant takes only unsigned integers or UUIDs, so the chunk id is
 * hashed (SHA-256, first 128 bits, as a UUID string). Deterministic: re-writing a chunk
 * overwrites its point, which is what makes re-sync idempotent. The chunk id is kept in payload.
 */
export function pointId(chunkId: string): string {
  const h = createHash('sha256').update(chunkId).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

type Filter = { must: Record<string, unknown>[] };

/** Every request is scoped to one company (tenant); a topic narrows to its documents. */
function scope(companyId: string, documentIds?: string[]): Filter {
  const must: Record<string, unknown>[] = [{ key: 'company_id', match: { value: companyId } }];
  if (documentIds) must.push({ key: 'document_id', match: { any: documentIds } });
  return { must };
}

export interface QdrantStoreOptions {
  url: string;
  apiKey: string | null;
  collection: string;
  db: Kysely<DB>;
  /** Dense vector length (the embedder's). */
  dimensions: number;
}

/**
 * Qdrant as the vector store: one collection shared by every company, `company_id` a tenant
 * payload index (`is_tenant: true`: points stored grouped per tenant) and in every request's
 * filter; dense cosine vectors plus BM25 sparse vectors with the IDF modifier (sparse.ts).
 * Topics are resolved to document ids in the relational database at query time, since a
 * document's topic can change without re-indexing.
 */
export function qdrantStore(
  options: QdrantStoreOptions,
): VectorStore & { ensureCollection(): Promise<void> } {
  const { collection, db } = options;
  const client = new QdrantClient({
    url: options.url,
    ...(options.apiKey ? { apiKey: options.apiKey } : {}),
    checkCompatibility: false,
    timeout: 30_000,
  });

  /**
   * The filter for `q`, or null when its readable topics have no document (nothing can match).
   * Access is resolved to document ids in the relational database (src/access/scope.ts).
   */
  async function filterFor(q: RetrievalQuery): Promise<Filter | null> {
    const topics = topicFilterOf(q);
    if (!topics) return scope(q.companyId);
    const docs = await db
      .selectFrom('documents')
      .select('id')
      .where('company_id', '=', q.companyId)
      .where(inTopicFilter(topics, sql.ref('topic_id')))
      .execute();
    return docs.length
      ? scope(
          q.companyId,
          docs.map((d) => d.id),
        )
      : null;
  }

  const hits = (points: { score: number; payload?: Record<string, unknown> | null }[]): ScoredId[] =>
    points.map((p) => ({ id: String(p.payload?.chunk_id), score: p.score }));

  const denseRequest = (vector: number[], filter: Filter, limit: number) => ({
    query: vector,
    using: DENSE,
    filter,
    limit,
    // ef as on pgvector: at least 100, at least k.
    params: { hnsw_ef: Math.min(1000, Math.max(100, limit)) },
    with_payload: ['chunk_id'],
  });

  return {
    kind: 'qdrant',
    enabled: true,

    async ensureCollection() {
      const { exists } = await client.collectionExists(collection);
      if (!exists) {
        await client.createCollection(collection, {
          vectors: { [DENSE]: { size: options.dimensions, distance: 'Cosine' } },
          sparse_vectors: { [SPARSE]: { modifier: 'idf' } },
          // Qdrant's multitenancy guide: no global graph (every search filters by tenant),
          // one HNSW graph per tenant instead.
          hnsw_config: { m: 0, payload_m: 16 },
        });
      } else {
        const info = await client.getCollection(collection);
        const vectors = info.config.params.vectors as Record<string, { size?: number }> | undefined;
        const size = vectors?.[DENSE]?.size;
        if (size !== options.dimensions) {
          throw new Error(
            `Qdrant collection "${collection}" holds ${size ?? 'no'}-d "${DENSE}" vectors; the embedder makes ${options.dimensions}-d ones`,
          );
        }
      }
      // Idempotent: Qdrant accepts re-creating an identical index.
      await client.createPayloadIndex(collection, {
        field_name: 'company_id',
        field_schema: { type: 'keyword', is_tenant: true },
        wait: true,
      });
      await client.createPayloadIndex(collection, {
        field_name: 'document_id',
        field_schema: 'keyword',
        wait: true,
      });
    },

    async denseSearch(q, vector, limit) {
      const filter = await filterFor(q);
      if (!filter) return [];
      const res = await client.query(collection, denseRequest(vector, filter, limit));
      return hits(res.points);
    },

    async hybridSearch(q, r: HybridRequest) {
      const filter = await filterFor(q);
      if (!filter) return [];
      const sparse = querySparseVector(q.query, await queryLanguage(db, q.companyId));
      const dense = denseRequest(r.vector, filter, r.candidates);
      const lexical = sparse.indices.length
        ? { query: sparse, using: SPARSE, filter, limit: r.candidates, with_payload: ['chunk_id'] }
        : null;
      if (r.fusion === 'rrf') {
        // Qdrant scores a 0-based position p as 1/(p + k); ours (fusion.ts) is 1/(k + rank) with
        // rank = p + 1, so k + 1 gives the same numbers (Qdrant lib/segment reciprocal_rank_fusion.rs).
        // A prefetch takes no with_payload: only the fused result carries payload.
        const prefetch = (lexical ? [dense, lexical] : [dense]).map(({ with_payload: _, ...leg }) => leg);
        const res = await client.query(collection, {
          prefetch,
          query: { rrf: { k: r.rrfK + 1 } },
          filter,
          limit: r.candidates,
          with_payload: ['chunk_id'],
        });
        return hits(res.points);
      }
      // Qdrant fuses by rank (rrf) or by mean ± 3σ (dbsf), not by min-max with a weight: both legs
      // come back in one batch request and are fused here, exactly as on PostgreSQL.
      const legs = await client.queryBatch(collection, { searches: lexical ? [dense, lexical] : [dense] });
      return normalizedScoreFusion([
        { hits: hits(legs[0]?.points ?? []), weight: r.denseWeight },
        { hits: hits(legs[1]?.points ?? []), weight: 1 - r.denseWeight },
      ]);
    },

    async writeDocument(doc: DocumentPoints, { replace = true } = {}) {
      if (replace) {
        await client.delete(collection, { wait: true, filter: scope(doc.companyId, [doc.documentId]) });
      }
      for (let i = 0; i < doc.points.length; i += UPSERT_BATCH) {
        const points = doc.points.slice(i, i + UPSERT_BATCH).map((p) => ({
          id: pointId(p.chunkId),
          vector: {
            [DENSE]: p.vector,
            [SPARSE]: documentSparseVector(p.termFrequencies, p.length, doc.avgdl),
          },
          payload: { company_id: doc.companyId, document_id: doc.documentId, chunk_id: p.chunkId },
        }));
        await client.upsert(collection, { wait: true, points });
      }
    },

    async deleteDocument(companyId, documentId) {
      await client.delete(collection, { wait: true, filter: scope(companyId, [documentId]) });
    },

    async listChunkIds(companyId) {
      const ids: string[] = [];
      let offset: string | number | Record<string, unknown> | null | undefined = undefined;
      do {
        const page = await client.scroll(collection, {
          filter: scope(companyId),
          limit: SCROLL_PAGE,
          with_payload: ['chunk_id'],
          with_vector: false,
          ...(offset !== undefined && offset !== null ? { offset: offset as string | number } : {}),
        });
        for (const p of page.points) ids.push(String(p.payload?.chunk_id));
        offset = page.next_page_offset;
      } while (offset !== undefined && offset !== null);
      return ids;
    },

    async deleteChunks(companyId, chunkIds) {
      if (chunkIds.length === 0) return;
      const filter = { must: [...scope(companyId).must, { has_id: chunkIds.map(pointId) }] };
      await client.delete(collection, { wait: true, filter });
    },
  };
}
