import { sql, type Kysely, type Transaction } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { fromKysely, type PgBoss } from 'pg-boss';
import type { DB } from '../db/schema.ts';
import { recordEvent } from '../outbox/outbox.ts';
import { enqueueIngest } from '../ingestion/queue.ts';
import { assertWithinQuota, companyUsage, type CompanyQuota } from '../documents/quotas.ts';
import { analyzeChunk, companyLanguage, indexChunkTerms, lexicalText } from '../retrieval/lexical/bm25.ts';
import { companyAvgdl } from '../retrieval/vector-store/sparse.ts';
import type { VectorStore } from '../retrieval/vector-store/index.ts';

// Documents a sync removes stay recoverable (docs/connectors.md "Removed documents", migration
// 0060): their rows move to `removed_documents` / `removed_chunks` in the transaction that deletes
// them, their original stays in the file store, and an item that comes back within the retention
// gets the same document back. Moving the rows out, rather than flagging them, keeps every read
// path (list, get, search, chat, citations, quotas) unchanged: a removed document is not there.

/** Days a removed document stays recoverable when CONNECTOR_RETENTION_DAYS is not set. */
export const DEFAULT_RETENTION_DAYS = 30;

/** Where a removed item is archived from and restored to. */
export interface RemovedScope {
  companyId: string;
  connectorId: string;
}

/**
 * Moves the connector's document `documentId` (and its attachments' child documents, nested
 * ones included) with their chunks into the archive, inside `trx`, then deletes the document
 * (cascading to chunks, BM25 postings and children; the usage triggers count it gone). The
 * originals stay in the file store until `purgeRemoved`. A document already gone, or not the
 * connector's, archives nothing.
 * @param itemKey, sha256: the source item and its content hash, to find the archive again.
 * @returns the ids removed (root first), for the caller to drop their vector-store points once
 *   the transaction commits; empty when there was nothing to archive.
 */
export async function archiveDocument(
  trx: Transaction<DB>,
  scope: RemovedScope,
  documentId: string,
  itemKey: string,
  sha256: string | null,
): Promise<string[]> {
  const { rows } = await sql<{ documents: { id: string }[] }>`
    with recursive tree as (
      select d.id, 0 as depth from documents d
       where d.id = ${documentId} and d.company_id = ${scope.companyId}
         and d.connector_id = ${scope.connectorId}
      union all
      select d.id, t.depth + 1 from documents d join tree t on d.parent_id = t.id
    )
    insert into removed_documents (id, company_id, connector_id, item_key, sha256, documents)
    select ${documentId}, ${scope.companyId}, ${scope.connectorId}, ${itemKey}, ${sha256},
           jsonb_agg(to_jsonb(d) order by t.depth, d.id)
      from tree t join documents d on d.id = t.id
    having count(*) > 0
    returning documents`.execute(trx);
  const ids = rows[0]?.documents.map((d) => d.id) ?? [];
  if (!ids.length) return [];
  await sql`insert into removed_chunks (removed_id, chunk)
    select ${documentId}, to_jsonb(c) from chunks c
     where c.document_id = any(${ids}::text[]) and c.company_id = ${scope.companyId}`.execute(trx);
  await trx
    .deleteFrom('documents')
    .where('id', '=', documentId)
    .where('company_id', '=', scope.companyId)
    .execute();
  return ids;
}

/** An archive that an item coming back may take: its document id and the content hash it had. */
export interface RemovedMatch {
  id: string;
  sha256: string | null;
}

/**
 * The connector's archive for an item listed now, removed less than `retentionDays` ago: the one
 * of the same key (the file came back where it was), else one with the same bytes (it came back
 * elsewhere: moved out and in again); the newest when several match.
 * @returns undefined when none matches.
 */
export async function findRemoved(
  db: Kysely<DB>,
  connectorId: string,
  itemKey: string,
  sha256: string,
  retentionDays: number,
): Promise<RemovedMatch | undefined> {
  return db
    .selectFrom('removed_documents')
    .select(['id', 'sha256'])
    .where('connector_id', '=', connectorId)
    .where('removed_at', '>', sql<Date>`now() - make_interval(days => ${retentionDays})`)
    .where((eb) => eb.or([eb('item_key', '=', itemKey), eb('sha256', '=', sha256)]))
    .orderBy(sql`item_key = ${itemKey}`, 'desc')
    .orderBy('removed_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Whether the connector holds any removed document (of any age). */
export async function hasRemoved(db: Kysely<DB>, connectorId: string): Promise<boolean> {
  const row = await db
    .selectFrom('removed_documents')
    .select('id')
    .where('connector_id', '=', connectorId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** What a restore put back: the documents (root first), their status and chunk counts. */
export interface Restored {
  documents: { id: string; status: string; chunks: number }[];
}

/**
 * Puts archive `removedId` back inside `trx`: the documents with their ids, original timestamps,
 * `vectorized_at` and chunks (embeddings included: nothing is embedded again), in the
 * connector's current topic; BM25 postings are rebuilt from the chunks' text with the company's
 * current language. A document that was waiting for or in ingestion when removed is queued again
 * (UPLOADED, attempts cleared). Records `document.vectorized` for each VECTORIZED document (the
 * spec's event for "searchable"; the spec has no restore or delete event), except for ids in
 * `reingesting` (the caller re-ingests them: their event comes when that ends). The archive is
 * deleted. Quota: the company must have room for the root document (`sizeBytes`), as for a new one.
 * @returns null when the archive is gone (purged or restored meanwhile).
 * @throws AppError 409/413 past the company's quota (the transaction should roll back).
 */
export async function restoreRemoved(
  trx: Transaction<DB>,
  deps: { boss: PgBoss; quota?: CompanyQuota },
  scope: RemovedScope & { topicId: string | null },
  removedId: string,
  options: { sizeBytes: number; reingesting?: string[] },
): Promise<Restored | null> {
  const archive = await trx
    .selectFrom('removed_documents')
    .select('id')
    .where('id', '=', removedId)
    .where('connector_id', '=', scope.connectorId)
    .where('company_id', '=', scope.companyId)
    .forUpdate()
    .executeTakeFirst();
  if (!archive) return null;
  const usage = await companyUsage(trx, scope.companyId, { lock: true });
  if (deps.quota) assertWithinQuota(usage, deps.quota, options.sizeBytes);
  // Lateral calls: `(jsonb_populate_record(…)).*` would call the function once per column.
  const { rows: documents } = await sql<{ id: string; status: string }>`
    insert into documents
    select p.* from removed_documents r
      cross join lateral jsonb_array_elements(r.documents) with ordinality e(d, n)
      cross join lateral jsonb_populate_record(null::documents,
        e.d || jsonb_build_object('topic_id', ${scope.topicId}::text)) p
     where r.id = ${removedId}
     order by e.n
    returning id, status`.execute(trx);
  const { rows: chunks } = await sql<{
    id: string;
    document_id: string;
    text: string;
    heading_path: string[];
  }>`
    insert into chunks
    select p.* from removed_chunks c
      cross join lateral jsonb_populate_record(null::chunks, c.chunk) p
     where c.removed_id = ${removedId}
    returning id, document_id, text, heading_path`.execute(trx);
  await trx.deleteFrom('removed_documents').where('id', '=', removedId).execute();

  const titles = new Map(
    (
      await trx
        .selectFrom('documents')
        .select(['id', 'title', 'name'])
        .where(
          'id',
          'in',
          documents.map((d) => d.id),
        )
        .execute()
    ).map((d) => [d.id, d.title ?? d.name]),
  );
  await indexChunkTerms(trx, {
    companyId: scope.companyId,
    language: await companyLanguage(trx, scope.companyId),
    chunks: chunks.map((c) => ({
      id: c.id,
      text: lexicalText(titles.get(c.document_id) ?? '', c.heading_path, c.text),
    })),
  });

  const counts = new Map<string, number>();
  for (const c of chunks) counts.set(c.document_id, (counts.get(c.document_id) ?? 0) + 1);
  const reingesting = new Set(options.reingesting);
  for (const d of documents) {
    if (d.status === 'VECTORIZED' && !reingesting.has(d.id))
      await recordEvent(trx, scope.companyId, 'document.vectorized', {
        documentId: d.id,
        chunkCount: counts.get(d.id) ?? 0,
      });
    if (d.status === 'UPLOADED' || d.status === 'PROCESSING') {
      // Removed mid-ingestion: that attempt gave up when it found the document gone.
      await trx
        .updateTable('documents')
        .set({ status: 'UPLOADED', attempts: 0, error: null })
        .where('id', '=', d.id)
        .execute();
      await enqueueIngest(deps.boss, d.id, fromKysely(trx), -usage.pending);
    }
  }
  return { documents: documents.map((d) => ({ ...d, chunks: counts.get(d.id) ?? 0 })) };
}

/**
 * Writes the restored documents' chunks to a separate vector store (Qdrant), from their stored
 * embeddings, as `resyncCompany` does; no-op for pgvector (the rows are the index). Call it after
 * the restore commits. A failure is logged, not thrown: the rows are the source of truth and a
 * re-sync (resync.ts) writes the points again; chunks stored without an embedding are left to it.
 */
export async function writeRestoredPoints(
  deps: { db: Kysely<DB>; vectorStore?: VectorStore; log: FastifyBaseLogger },
  companyId: string,
  documentIds: string[],
): Promise<void> {
  const store = deps.vectorStore;
  if (!store || store.kind === 'pgvector' || !documentIds.length) return;
  try {
    const language = await companyLanguage(deps.db, companyId);
    const avgdl = await companyAvgdl(deps.db, companyId, []);
    for (const documentId of documentIds) {
      const doc = await deps.db
        .selectFrom('documents')
        .select(['name', 'title'])
        .where('id', '=', documentId)
        .where('company_id', '=', companyId)
        .executeTakeFirst();
      if (!doc) continue;
      const rows = await deps.db
        .selectFrom('chunks')
        .select(['id', 'text', 'heading_path', 'embedding'])
        .where('document_id', '=', documentId)
        .where('embedding', 'is not', null)
        .orderBy('chunk_index')
        .execute();
      if (!rows.length) continue;
      const points = rows.map((r) => {
        const analyzed = analyzeChunk(
          r.id,
          lexicalText(doc.title ?? doc.name, r.heading_path, r.text),
          language,
        );
        return {
          chunkId: r.id,
          vector: JSON.parse(r.embedding!) as number[],
          termFrequencies: analyzed.termFrequencies,
          length: analyzed.length,
        };
      });
      await store.writeDocument({ companyId, documentId, points, avgdl });
    }
  } catch (err) {
    deps.log.warn({ err, companyId }, 'vector store write of restored documents failed; re-sync writes them');
  }
}
