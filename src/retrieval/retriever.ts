import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { toPgVector, type Embedder } from '../embeddings/embedder.ts';
import { reciprocalRankFusion } from './fusion.ts';
import type { RetrievalQuery, RetrievedChunk } from './types.ts';

export interface RetrieverDeps {
  db: Kysely<DB>;
  embedder: Embedder;
  vectorEnabled: boolean;
  textSearchConfig?: string;
}

/** Candidates taken from each leg before fusion. */
const CANDIDATES_PER_LEG = 50;

/**
 * Dense top-k by cosine distance (pgvector HNSW with iterative scan, so the company filter
 * cannot starve the result — pgvector 0.8 "iterative index scans").
 */
async function denseLeg(deps: RetrieverDeps, q: RetrievalQuery, limit: number): Promise<string[]> {
  if (!deps.vectorEnabled) return [];
  const vector = toPgVector(await deps.embedder.embedQuery(q.query));
  return deps.db.transaction().execute(async (trx) => {
    await sql`set local hnsw.iterative_scan = relaxed_order`.execute(trx);
    await sql`set local hnsw.ef_search = 100`.execute(trx);
    let query = trx
      .selectFrom('chunks')
      .select('chunks.id')
      .where('chunks.company_id', '=', q.companyId)
      .where('chunks.embedding', 'is not', null);
    if (q.topicId) {
      query = query
        .innerJoin('documents', 'documents.id', 'chunks.document_id')
        .where('documents.topic_id', '=', q.topicId);
    }
    const rows = await query
      .orderBy(sql`chunks.embedding <=> ${vector}::vector`)
      .limit(limit)
      .execute();
    return rows.map((r) => r.id);
  });
}

/**
 * Lexical top-k: any query term may match (the AND of websearch_to_tsquery starves natural
 * questions), ranked by ts_rank_cd with length normalisation.
 */
async function lexicalLeg(deps: RetrieverDeps, q: RetrievalQuery, limit: number): Promise<string[]> {
  const cfg = deps.textSearchConfig ?? 'english';
  const tsquery = sql`replace(plainto_tsquery(${cfg}::regconfig, ${q.query})::text, '&', '|')::tsquery`;
  let query = deps.db
    .selectFrom('chunks')
    .select('chunks.id')
    .where('chunks.company_id', '=', q.companyId)
    .where(sql<boolean>`chunks.tsv @@ ${tsquery}`);
  if (q.topicId) {
    query = query
      .innerJoin('documents', 'documents.id', 'chunks.document_id')
      .where('documents.topic_id', '=', q.topicId);
  }
  const rows = await query
    .orderBy(sql`ts_rank_cd(chunks.tsv, ${tsquery}, 1)`, 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Hybrid retrieval restricted to the company (and topic): dense and lexical legs fused by RRF.
 * @returns up to `limit` chunks, best first, with fused scores.
 */
export async function retrieve(deps: RetrieverDeps, q: RetrievalQuery): Promise<RetrievedChunk[]> {
  if (!q.query.trim()) return [];
  const [dense, lexical] = await Promise.all([
    denseLeg(deps, q, CANDIDATES_PER_LEG),
    lexicalLeg(deps, q, CANDIDATES_PER_LEG),
  ]);
  const fused = reciprocalRankFusion([dense, lexical]).slice(0, q.limit);
  if (fused.length === 0) return [];
  const rows = await deps.db
    .selectFrom('chunks')
    .innerJoin('documents', 'documents.id', 'chunks.document_id')
    .select([
      'chunks.id',
      'chunks.document_id',
      'documents.name',
      'chunks.text',
      'chunks.page_start',
      'chunks.page_end',
      'chunks.heading_path',
    ])
    .where(
      'chunks.id',
      'in',
      fused.map((f) => f.id),
    )
    .where('chunks.company_id', '=', q.companyId)
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return fused.flatMap(({ id, score }) => {
    const r = byId.get(id);
    if (!r) return [];
    return [
      {
        chunkId: r.id,
        documentId: r.document_id,
        documentName: r.name,
        text: r.text,
        pageStart: r.page_start,
        pageEnd: r.page_end,
        headingPath: r.heading_path,
        score,
      },
    ];
  });
}
