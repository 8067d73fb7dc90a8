import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { Embedder } from '../embeddings/embedder.ts';
import { toPgVector } from '../embeddings/embedder.ts';
import type { FileStore } from '../documents/file-store.ts';
import { newId } from '../lib/ids.ts';
import { recordEvent } from '../outbox/outbox.ts';
import { parseDocument } from './parsers/index.ts';
import { DocumentParseError, type DocumentFormat } from './parsers/types.ts';
import { chunkDocument, chunkTextForEmbedding, type ChunkingOptions } from './chunker.ts';
import { analyzeChunk, companyLanguage, insertPostings, lexicalText } from '../retrieval/lexical/bm25.ts';

export interface IngestDeps {
  db: Kysely<DB>;
  files: FileStore;
  embedder: Embedder;
  vectorEnabled: boolean;
  chunking: ChunkingOptions;
}

export type IngestOutcome = 'vectorized' | 'error' | 'skipped';

/** Rows per INSERT: keeps each statement well under Postgres' 65,535 bind parameters. */
const INSERT_BATCH = 200;

/**
 * Runs one document through parse → chunk → embed → index. Idempotent: a VECTORIZED or deleted
 * document is skipped, and the chunks are replaced in the same transaction that marks the
 * document VECTORIZED, so a crash at any point leaves no duplicate or orphan chunks.
 * A document that cannot be parsed ends ERROR with the parser's reason.
 * @throws on infrastructure failures (database, model), so the queue retries the job.
 */
export async function ingestDocument(deps: IngestDeps, documentId: string): Promise<IngestOutcome> {
  const { db } = deps;
  const doc = await db.selectFrom('documents').selectAll().where('id', '=', documentId).executeTakeFirst();
  if (!doc || doc.status === 'VECTORIZED' || doc.status === 'ERROR') return 'skipped';
  await db
    .updateTable('documents')
    .set({ status: 'PROCESSING', updated_at: new Date() })
    .where('id', '=', documentId)
    .execute();

  let parsed;
  try {
    const bytes = await deps.files.get(doc.storage_key);
    parsed = await parseDocument(doc.format as DocumentFormat, bytes);
  } catch (err) {
    if (!(err instanceof DocumentParseError)) throw err;
    await failDocument(db, doc.company_id, documentId, err.message);
    return 'error';
  }
  const chunks = chunkDocument(parsed, deps.embedder, deps.chunking);
  if (chunks.length === 0) {
    await failDocument(db, doc.company_id, documentId, 'no extractable text');
    return 'error';
  }
  const title = parsed.title ?? doc.name;
  const vectors = await deps.embedder.embedDocuments(chunks.map((c) => chunkTextForEmbedding(c, title)));
  // BM25 postings, analyzed with the company's language before the transaction opens.
  const language = await companyLanguage(db, doc.company_id);
  const lexical = chunks.map((c) =>
    analyzeChunk(newId('chk'), lexicalText(title, c.headingPath, c.text), language),
  );

  await db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('documents')
      .select('status')
      .where('id', '=', documentId)
      .forUpdate()
      .executeTakeFirst();
    if (!current) return;
    await trx.deleteFrom('chunks').where('document_id', '=', documentId).execute();
    for (let i = 0; i < chunks.length; i += INSERT_BATCH) {
      const rows = chunks.slice(i, i + INSERT_BATCH).map((c, j) => {
        return {
          id: lexical[i + j]!.id,
          company_id: doc.company_id,
          document_id: documentId,
          chunk_index: c.index,
          text: c.text,
          token_count: c.tokenCount,
          page_start: c.pageStart,
          page_end: c.pageEnd,
          heading_path: JSON.stringify(c.headingPath),
          lexical_length: lexical[i + j]!.length,
          embedding: deps.vectorEnabled ? toPgVector(vectors[i + j]!) : null,
        };
      });
      await trx.insertInto('chunks').values(rows).execute();
      await insertPostings(trx, doc.company_id, lexical.slice(i, i + INSERT_BATCH));
    }
    const content = parsed.blocks.map((b: { text: string }) => b.text).join('\n');
    await trx
      .updateTable('documents')
      .set({
        status: 'VECTORIZED',
        error: null,
        chunk_count: chunks.length,
        page_count: parsed.pageCount,
        title: parsed.title,
        content,
        updated_at: new Date(),
        vectorized_at: new Date(),
      })
      .where('id', '=', documentId)
      .execute();
    await recordEvent(trx, doc.company_id, 'document.vectorized', { documentId, chunkCount: chunks.length });
  });
  return 'vectorized';
}

/** Marks the document ERROR with a reason fit for the user, and records `document.error`. */
export async function failDocument(db: Kysely<DB>, companyId: string, documentId: string, reason: string) {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('chunks').where('document_id', '=', documentId).execute();
    await trx
      .updateTable('documents')
      .set({ status: 'ERROR', error: reason, updated_at: new Date() })
      .where('id', '=', documentId)
      .execute();
    await recordEvent(trx, companyId, 'document.error', { documentId, error: reason });
  });
}
