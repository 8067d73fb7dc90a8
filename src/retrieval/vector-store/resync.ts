import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Embedder } from '../../embeddings/embedder.ts';
import { chunkTextForEmbedding } from '../../ingestion/chunker.ts';
import type { Chunk } from '../../ingestion/chunking/chunk.ts';
import { analyzeChunk, companyLanguage, lexicalText } from '../lexical/bm25.ts';
import type { VectorStore } from './index.ts';
import { companyAvgdl } from './sparse.ts';

/** What one re-sync did: points written (chunks of the company) and stale points removed. */
export interface ResyncReport {
  written: number;
  removed: number;
}

/** `chunks.embedding` as stored: pgvector's or the text column's `[x,y,…]`. */
const parseVector = (text: string): number[] => JSON.parse(text) as number[];

/**
 * Makes the store's points of a company equal to its relational chunks: every chunk of a
 * VECTORIZED document is written again (same point ids, so repeating it changes nothing), with
 * BM25 weights at the company's current avgdl and language; points whose chunk no longer exists
 * (a delete that could not reach the store, a crash between the two writes) are removed.
 * Vectors come from `chunks.embedding`; chunks without one are embedded again.
 * Run after a store outage, a restore, a language change (the worker does it after the lexical
 * re-index), or to switch an existing deployment to Qdrant.
 * @returns counts; {0, 0} for pgvector, whose rows are the index.
 * @throws on store or database errors (a later run picks up where it failed: it is idempotent).
 */
export async function resyncCompany(
  deps: { db: Kysely<DB>; store: VectorStore; embedder: Embedder },
  companyId: string,
): Promise<ResyncReport> {
  const { db, store } = deps;
  if (store.kind === 'pgvector') return { written: 0, removed: 0 };
  // Inventory first: a chunk created while this runs is not in it, so it cannot be removed below.
  const before = await store.listChunkIds(companyId);
  const language = await companyLanguage(db, companyId);
  const avgdl = await companyAvgdl(db, companyId, []);
  const documents = await db
    .selectFrom('documents')
    .select(['id', 'name', 'title'])
    .where('company_id', '=', companyId)
    .where('status', '=', 'VECTORIZED')
    .execute();
  const live = new Set<string>();
  for (const doc of documents) {
    const rows = await db
      .selectFrom('chunks')
      .select(['id', 'text', 'heading_path', 'embedding'])
      .where('document_id', '=', doc.id)
      .orderBy('chunk_index')
      .execute();
    const missing = rows.filter((r) => r.embedding === null);
    const embedded = missing.length
      ? await deps.embedder.embedDocuments(
          missing.map((r) =>
            chunkTextForEmbedding(
              { text: r.text, headingPath: r.heading_path } as Chunk,
              doc.title ?? doc.name,
            ),
          ),
        )
      : [];
    const fresh = new Map(missing.map((r, i) => [r.id, embedded[i]!]));
    const points = rows.map((r) => {
      const analyzed = analyzeChunk(
        r.id,
        lexicalText(doc.title ?? doc.name, r.heading_path, r.text),
        language,
      );
      live.add(r.id);
      return {
        chunkId: r.id,
        vector: r.embedding === null ? fresh.get(r.id)! : parseVector(r.embedding),
        termFrequencies: analyzed.termFrequencies,
        length: analyzed.length,
      };
    });
    await store.writeDocument({ companyId, documentId: doc.id, points, avgdl }, { replace: false });
  }
  const stale = before.filter((id) => !live.has(id));
  await store.deleteChunks(companyId, stale);
  return { written: live.size, removed: stale.length };
}
