/**
 * The chunk-writing path of ingestion, cut into short transactions. On PGlite every query runs on
 * the API's own thread and single connection, so one transaction holding a long document's
 * chunks kept every API read waiting for minutes (docs/benchmarks.md "Request path"). Chunks are
 * written a few at a time while the document is PROCESSING — search, chat and the chunk list
 * serve only VECTORIZED documents, so they stay invisible — and the document turns VECTORIZED in
 * a final short transaction.
 *
 * Crash safety: each attempt owns its `documents.attempts` number. The attempt's first
 * transaction counts it and deletes what an earlier attempt left; every later transaction locks
 * the document row and goes on only while the document exists, is PROCESSING and still carries
 * that number. A crash leaves at most the rows the next attempt deletes first; an attempt that
 * lost the document to a newer one (a job handed over by the queue) writes nothing more.
 */
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';
import { toPgVector } from '../embeddings/embedder.ts';
import { insertPostings, type AnalyzedChunk } from '../retrieval/lexical/bm25.ts';
import type { Chunk } from './chunker.ts';

/**
 * Chunks per write transaction. Each chunk costs an HNSW insertion and ~100–200 postings, and
 * PGlite runs a statement synchronously on the API's thread. On a loaded 2-core machine 16
 * chunks took 75–780 ms per transaction, 4 took 30–50 ms (docs/benchmarks.md "Request path").
 */
export const CHUNKS_PER_TRANSACTION = 4;

/** Why an attempt stopped writing: the document was deleted, or a newer attempt owns it. */
export type Ownership = 'owned' | 'deleted' | 'superseded';

/** Gives the event loop to waiting requests (and their queries) between two write transactions. */
export const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Starts an attempt: PROCESSING, `attempts` + 1 (committed before any parse, so an attempt that
 * takes the process down still counts) and an earlier attempt's chunks deleted, in one transaction.
 * @returns the attempt's number (the new `attempts`), or null when the document is gone.
 */
export async function beginAttempt(db: Kysely<DB>, documentId: string): Promise<number | null> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('documents')
      .set((eb) => ({ status: 'PROCESSING', attempts: eb('attempts', '+', 1), updated_at: new Date() }))
      .where('id', '=', documentId)
      .returning('attempts')
      .executeTakeFirst();
    if (!row) return null;
    await trx.deleteFrom('chunks').where('document_id', '=', documentId).execute();
    return row.attempts;
  });
}

/**
 * Locks the document row for the rest of `trx` and tells whether attempt `attempt` still owns it.
 */
export async function lockOwned(
  trx: Transaction<DB>,
  documentId: string,
  attempt: number,
): Promise<Ownership> {
  const row = await trx
    .selectFrom('documents')
    .select(['status', 'attempts'])
    .where('id', '=', documentId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) return 'deleted';
  return row.status === 'PROCESSING' && row.attempts === attempt ? 'owned' : 'superseded';
}

/** What `writeChunks` writes: chunks with their postings (same order) and vectors (or none). */
export interface ChunkRows {
  companyId: string;
  documentId: string;
  attempt: number;
  chunks: Chunk[];
  lexical: AnalyzedChunk[];
  /** One vector per chunk, or null when no relational copy is kept (no pgvector, no Qdrant). */
  vectors: number[][] | null;
}

/**
 * Inserts chunks and their BM25 postings, `CHUNKS_PER_TRANSACTION` per transaction, yielding to
 * the event loop between transactions.
 * @returns 'owned' when every chunk was written, else why it stopped.
 * @throws database errors (the job is retried; the next attempt deletes what was written).
 */
export async function writeChunks(db: Kysely<DB>, input: ChunkRows): Promise<Ownership> {
  const { chunks, lexical, vectors } = input;
  for (let i = 0; i < chunks.length; i += CHUNKS_PER_TRANSACTION) {
    const end = Math.min(chunks.length, i + CHUNKS_PER_TRANSACTION);
    const rows = chunks.slice(i, end).map((c, j) => ({
      id: lexical[i + j]!.id,
      company_id: input.companyId,
      document_id: input.documentId,
      chunk_index: c.index,
      text: c.text,
      token_count: c.tokenCount,
      page_start: c.pageStart,
      page_end: c.pageEnd,
      sheet: c.sheet,
      row_start: c.rowStart,
      row_end: c.rowEnd,
      slide: c.slide,
      heading_path: JSON.stringify(c.headingPath),
      lexical_length: lexical[i + j]!.length,
      embedding: vectors ? toPgVector(vectors[i + j]!) : null,
    }));
    const ownership = await db.transaction().execute(async (trx) => {
      const owned = await lockOwned(trx, input.documentId, input.attempt);
      if (owned !== 'owned') return owned;
      await trx.insertInto('chunks').values(rows).execute();
      await insertPostings(trx, input.companyId, lexical.slice(i, end));
      return owned;
    });
    if (ownership !== 'owned') return ownership;
    await yieldToLoop();
  }
  return 'owned';
}
