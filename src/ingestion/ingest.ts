import { sql, type Kysely, type Selectable } from 'kysely';
import type { DB, DocumentsTable } from '../db/schema.ts';
import type { Embedder } from '../embeddings/embedder.ts';
import { FileMissingError, type FileStore } from '../documents/file-store.ts';
import { newId } from '../lib/ids.ts';
import { recordEvent } from '../outbox/outbox.ts';
import {
  DocumentParseError,
  type DocumentFormat,
  type ParsedDocument,
  type ParseOptions,
} from './parsers/types.ts';
import { chunkDocumentAsync, chunkTextForEmbedding, type ChunkingOptions } from './chunker.ts';
import { beginAttempt, lockOwned, writeChunks, yieldToLoop } from './chunk-writer.ts';
import { insertAttachments, prepareAttachments, type PreparedAttachment } from './attachments.ts';
import type { PgBoss } from 'pg-boss';
import type { CompanyQuota } from '../documents/quotas.ts';
import { analyzeChunk, companyLanguage, lexicalText, type AnalyzedChunk } from '../retrieval/lexical/bm25.ts';
import type { VectorStore } from '../retrieval/vector-store/index.ts';
import { companyAvgdl } from '../retrieval/vector-store/sparse.ts';

export interface IngestDeps {
  db: Kysely<DB>;
  files: FileStore;
  embedder: Embedder;
  vectorEnabled: boolean;
  /** A store other than pgvector gets the document's points before it turns VECTORIZED. */
  vectorStore?: VectorStore;
  chunking: ChunkingOptions;
  /** Parses original bytes, in the sandbox (src/ingestion/sandbox/sandbox.ts) in production. */
  /** `signal` aborts a parse in progress (ParseCancelledError): the document was deleted. */
  parse: (
    format: DocumentFormat,
    bytes: Uint8Array,
    options: ParseOptions,
    signal?: AbortSignal,
  ) => Promise<ParsedDocument>;
  /** How often a running attempt checks that its document still exists, ms (default 1000). */
  cancelPollMs?: number;
  /** Attempts before a document ends ERROR (INGEST_MAX_ATTEMPTS). */
  maxAttempts: number;
  /** OCR limits for scanned pages (OCR_*); null = no OCR. */
  ocr?: { maxPages: number; dpi: number } | null;
  /** Queue and quota for e-mail attachments' child documents; without a queue they are only named. */
  boss?: PgBoss;
  quota?: CompanyQuota;
  /** Child documents one upload may become in all (ATTACHMENTS_MAX_PER_UPLOAD); unset = no budget. */
  maxAttachmentsPerUpload?: number;
  /**
   * Called after each committed change of a document's row a list shows (PROCESSING, VECTORIZED
   * with its chunk count and attachments' children, ERROR): the list cache's `bump`.
   */
  listsChanged?: (companyId: string) => void;
  /**
   * Told the attempt number once an attempt is counted (`documents.attempts`), so the worker can
   * give it back when the attempt is cut off by a shutdown or a lost database (worker.ts).
   */
  onAttemptBegun?: (documentId: string, attempt: number) => void;
}

export type IngestOutcome = 'vectorized' | 'error' | 'skipped';

/** Chunks per embedding call: its tokenization runs on the event loop, so it stays short. */
const EMBED_GROUP = 64;

/**
 * Runs one document through parse → chunk → embed → index. Idempotent: a VECTORIZED or deleted
 * document is skipped. Chunks are written in short transactions while the document is
 * PROCESSING and it turns VECTORIZED in a last one (chunk-writer.ts: crash safety, no duplicate
 * or orphan chunks). CPU-bound steps give the event loop back every few milliseconds, as the API
 * may share it. A document that cannot be parsed ends ERROR with the parser's reason.
 * @throws on infrastructure failures (database, model), so the queue retries the job.
 */
export async function ingestDocument(deps: IngestDeps, documentId: string): Promise<IngestOutcome> {
  const touched: { companyId: string | null } = { companyId: null };
  try {
    return await ingestOnce(deps, documentId, touched);
  } finally {
    // Whatever the way out (VECTORIZED, ERROR, superseded, a thrown infrastructure error).
    if (touched.companyId) deps.listsChanged?.(touched.companyId);
  }
}

async function ingestOnce(
  deps: IngestDeps,
  documentId: string,
  touched: { companyId: string | null },
): Promise<IngestOutcome> {
  const { db } = deps;
  const doc = await db.selectFrom('documents').selectAll().where('id', '=', documentId).executeTakeFirst();
  if (!doc || doc.status === 'VECTORIZED' || doc.status === 'ERROR') return 'skipped';
  touched.companyId = doc.company_id;
  if (doc.attempts >= deps.maxAttempts) {
    // Each earlier attempt was counted before it began and never finished: it crashed or was cut off.
    await failDocument(
      db,
      doc.company_id,
      documentId,
      `processing was interrupted ${doc.attempts} times (the process handling it stopped); giving up`,
    );
    return 'error';
  }
  const attempt = await beginAttempt(db, documentId);
  if (attempt === null) return 'skipped';
  deps.onAttemptBegun?.(documentId, attempt);
  // A delete (or a newer attempt) cancels this one within cancelPollMs: the parse's child process
  // is killed and the embedding stops at its next group, so the slot is free for others at once.
  const cancel = watchForCancel(db, documentId, attempt, deps.cancelPollMs ?? 1000);
  try {
    return await ingestAttempt(deps, doc, attempt, cancel.signal);
  } finally {
    cancel.stop();
  }
}

/**
 * Aborts `signal` once the document's row is gone or another attempt owns it, checked every
 * `pollMs` (one indexed read; the attempt's own queries would notice only at its very end).
 */
function watchForCancel(db: Kysely<DB>, documentId: string, attempt: number, pollMs: number) {
  const controller = new AbortController();
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    db.selectFrom('documents')
      .select('attempts')
      .where('id', '=', documentId)
      .executeTakeFirst()
      .then((row) => {
        if (!row || row.attempts !== attempt) controller.abort();
      })
      .catch(() => {}) // a database hiccup is not a cancellation
      .finally(() => (busy = false));
  }, pollMs);
  timer.unref();
  return { signal: controller.signal, stop: () => clearInterval(timer) };
}

async function ingestAttempt(
  deps: IngestDeps,
  doc: Selectable<DocumentsTable>,
  attempt: number,
  signal: AbortSignal,
): Promise<IngestOutcome> {
  const { db } = deps;
  const documentId = doc.id;
  deps.listsChanged?.(doc.company_id); // PROCESSING shows at once, not when the attempt ends
  // The company's language: the OCR language, and the BM25 analyzer below.
  const language = await companyLanguage(db, doc.company_id);

  let parsed;
  try {
    const bytes = await deps.files.get(doc.storage_key);
    parsed = await deps.parse(
      doc.format as DocumentFormat,
      bytes,
      { language, ...(deps.ocr ? { ocr: deps.ocr } : {}) },
      signal,
    );
  } catch (err) {
    if (signal.aborted) return 'skipped';
    if (err instanceof FileMissingError) {
      // Not a passing fault: retrying cannot make the file appear (a store not shared with the API).
      await failDocument(
        db,
        doc.company_id,
        documentId,
        `the original file is missing from the file store (${deps.files.location})`,
      );
      return 'error';
    }
    if (!(err instanceof DocumentParseError)) throw err;
    await failDocument(db, doc.company_id, documentId, err.message);
    return 'error';
  }
  if (signal.aborted) return 'skipped';
  const chunks = await chunkDocumentAsync(parsed, deps.embedder, deps.chunking);
  if (chunks.length === 0) {
    await failDocument(db, doc.company_id, documentId, 'no extractable text');
    return 'error';
  }
  const title = parsed.title ?? doc.name;
  const vectors: number[][] = [];
  for (let i = 0; i < chunks.length; i += EMBED_GROUP) {
    const group = chunks.slice(i, i + EMBED_GROUP).map((c) => chunkTextForEmbedding(c, title));
    if (signal.aborted) return 'skipped';
    vectors.push(...(await deps.embedder.embedDocuments(group)));
    await yieldToLoop();
  }
  // BM25 postings, analyzed with the company's language, a slice of the event loop at a time.
  const lexical: AnalyzedChunk[] = [];
  let sliceStart = performance.now();
  for (const c of chunks) {
    lexical.push(analyzeChunk(newId('chk'), lexicalText(title, c.headingPath, c.text), language));
    if (performance.now() - sliceStart < 10) continue;
    await yieldToLoop();
    sliceStart = performance.now();
  }

  // The relational copy of each vector is kept with Qdrant too (a text column without pgvector):
  // re-sync rebuilds the collection from it without running the model again.
  const store = deps.vectorStore?.kind === 'qdrant' ? deps.vectorStore : null;
  const keepVectors = deps.vectorEnabled || store !== null;
  // Points first: the document is VECTORIZED only once they are searchable, and a failure here
  // retries the job. Points of chunks whose transaction then fails are replaced by the retry.
  if (store) {
    const lengths = lexical.map((l) => l.length);
    await store.writeDocument({
      companyId: doc.company_id,
      documentId,
      avgdl: await companyAvgdl(db, doc.company_id, lengths, documentId),
      points: lexical.map((l, i) => ({
        chunkId: l.id,
        vector: vectors[i]!,
        termFrequencies: l.termFrequencies,
        length: l.length,
      })),
    });
  }
  const written = await writeChunks(db, {
    companyId: doc.company_id,
    documentId,
    attempt,
    chunks,
    lexical,
    vectors: keepVectors ? vectors : null,
  });
  if (written !== 'owned') {
    // Deleted meanwhile (its chunks went with it), or a newer attempt owns it: nothing to keep.
    if (written === 'deleted') await store?.deleteDocument(doc.company_id, documentId);
    return 'skipped';
  }

  // Attachments' files are stored before their rows' transaction (no file writes inside one).
  const prepared: PreparedAttachment[] =
    parsed.attachments?.length && deps.boss
      ? await prepareAttachments(deps.files, doc, parsed.attachments)
      : [];
  const storedKeys = prepared.flatMap((p) => (p.child ? [p.child.storageKey] : []));
  const content = parsed.blocks.map((b: { text: string }) => b.text).join('\n');
  let orphanKeys: string[] = [];
  const ownership = await db
    .transaction()
    .execute(async (trx) => {
      const owned = await lockOwned(trx, documentId, attempt);
      if (owned !== 'owned') {
        orphanKeys = storedKeys;
        return owned;
      }
      const children =
        prepared.length > 0
          ? await insertAttachments(
              trx,
              { boss: deps.boss!, quota: deps.quota, maxDescendants: deps.maxAttachmentsPerUpload },
              doc,
              prepared,
            )
          : null;
      orphanKeys = children?.orphanKeys ?? [];
      await trx
        .updateTable('documents')
        .set({
          status: 'VECTORIZED',
          error: null,
          chunk_count: chunks.length,
          page_count: parsed.pageCount,
          title: parsed.title,
          content,
          // OCR'd pages and tesseract's confidence per page (0–100), for the user to judge the text.
          ...(children
            ? { metadata: sql`metadata || ${JSON.stringify({ attachments: children.outcomes })}::jsonb` }
            : {}),
          ...(parsed.ocr
            ? {
                metadata: sql`metadata || ${JSON.stringify({
                  ocr: {
                    pages: parsed.ocr,
                    meanConfidence: Math.round(
                      parsed.ocr.reduce((sum, p) => sum + p.confidence, 0) / parsed.ocr.length,
                    ),
                  },
                })}::jsonb`,
              }
            : {}),
          updated_at: new Date(),
          vectorized_at: new Date(),
        })
        .where('id', '=', documentId)
        .execute();
      await recordEvent(trx, doc.company_id, 'document.vectorized', {
        documentId,
        chunkCount: chunks.length,
      });
      return owned;
    })
    .catch(async (err: unknown) => {
      await Promise.all(storedKeys.map((k) => deps.files.delete(k).catch(() => {})));
      throw err;
    });
  await Promise.all(orphanKeys.map((k) => deps.files.delete(k).catch(() => {})));
  if (ownership === 'owned') return 'vectorized';
  // Deleted while it was being indexed: its points must go too.
  if (ownership === 'deleted') await store?.deleteDocument(doc.company_id, documentId);
  return 'skipped';
}

/**
 * Marks the document ERROR with a reason fit for the user, and records `document.error`. Points
 * an earlier attempt wrote to `store` are removed best-effort (re-sync removes any left).
 */
export async function failDocument(
  db: Kysely<DB>,
  companyId: string,
  documentId: string,
  reason: string,
  store?: VectorStore,
) {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('chunks').where('document_id', '=', documentId).execute();
    await trx
      .updateTable('documents')
      .set({ status: 'ERROR', error: reason, updated_at: new Date() })
      .where('id', '=', documentId)
      .execute();
    await recordEvent(trx, companyId, 'document.error', { documentId, error: reason });
  });
  await store?.deleteDocument(companyId, documentId).catch(() => {});
}
