import { createHash } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import { fromKysely, type PgBoss } from 'pg-boss';
import type { DB } from '../db/schema.ts';
import { newId } from '../lib/ids.ts';
import { withoutUserinfo } from '../lib/redact.ts';
import { recordEvent } from '../outbox/outbox.ts';
import { enqueueIngest, INGEST_QUEUE, queueSchemaOf } from '../ingestion/queue.ts';
import { sniffFormat } from '../ingestion/sniff.ts';
import { fileKey, type FileStore } from '../documents/file-store.ts';
import { assertWithinQuota, companyUsage, type CompanyQuota } from '../documents/quotas.ts';
import { SourceItemError, type SourceItem } from './types.ts';

/** A fetched item, ready to become (or replace) a document. */
export interface FetchedItem {
  item: SourceItem;
  bytes: Uint8Array;
  sha256: string;
  format: string;
  mimeType: string;
}

export const sha256Of = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/**
 * Sniffs the item as an upload would (same formats, same refusals).
 * @throws SourceItemError for an empty file or an unsupported type.
 */
export async function prepareItem(item: SourceItem, bytes: Uint8Array): Promise<FetchedItem> {
  if (bytes.length === 0) throw new SourceItemError('the file is empty');
  const sniffed = await sniffFormat(bytes, item.name);
  if (!sniffed) throw new SourceItemError('unsupported file type');
  return { item, bytes, sha256: sha256Of(bytes), format: sniffed.format, mimeType: sniffed.mimeType };
}

export interface MirrorTarget {
  connectorId: string;
  companyId: string;
  topicId: string | null;
}

/** A document's metadata; its `sourceUrl` (shown in citations) never carries a `user:password@`. */
const metadataOf = (target: MirrorTarget, item: SourceItem) =>
  JSON.stringify({
    originalFilename: item.name,
    sourceUrl: withoutUserinfo(item.sourceUrl),
    connectorId: target.connectorId,
  });

const nameOf = (item: SourceItem) => item.name.trim().slice(0, 255) || 'untitled';

/**
 * Inserts the connector-managed document (UPLOADED), its `document.uploaded` event and its
 * ingestion job inside `trx`; the original must already be stored at `fileKey(companyId, id)`.
 * The job's priority is minus the company's waiting documents, as for uploads: a big sync queues
 * behind no one else's single upload (documents.service.ts, fair queueing).
 * @throws AppError 409/413 past the company's quota.
 */
export async function insertMirrored(
  trx: Transaction<DB>,
  boss: PgBoss,
  quota: CompanyQuota | undefined,
  target: MirrorTarget,
  id: string,
  fetched: FetchedItem,
): Promise<void> {
  const usage = await companyUsage(trx, target.companyId, { lock: true });
  if (quota) assertWithinQuota(usage, quota, fetched.bytes.length);
  await trx
    .insertInto('documents')
    .values({
      id,
      company_id: target.companyId,
      topic_id: target.topicId,
      name: nameOf(fetched.item),
      format: fetched.format,
      mime_type: fetched.mimeType,
      size_bytes: fetched.bytes.length,
      sha256: fetched.sha256,
      storage_key: fileKey(target.companyId, id),
      status: 'UPLOADED',
      metadata: metadataOf(target, fetched.item),
      created_by: null,
      connector_id: target.connectorId,
    })
    .execute();
  await recordEvent(trx, target.companyId, 'document.uploaded', {
    documentId: id,
    name: nameOf(fetched.item),
  });
  await enqueueIngest(boss, id, fromKysely(trx), -usage.pending);
}

/**
 * Points the document at new content (stored already at its key): back to UPLOADED with attempts
 * cleared and a new ingestion job; its old chunks stay searchable until the new ones replace them.
 */
export async function replaceMirrored(
  trx: Transaction<DB>,
  boss: PgBoss,
  target: MirrorTarget,
  id: string,
  fetched: FetchedItem,
): Promise<void> {
  // Queued behind the company's other waiting documents, as a new one is (fair queueing).
  const usage = await companyUsage(trx, target.companyId);
  await trx
    .updateTable('documents')
    .set({
      name: nameOf(fetched.item),
      format: fetched.format,
      mime_type: fetched.mimeType,
      size_bytes: fetched.bytes.length,
      sha256: fetched.sha256,
      status: 'UPLOADED',
      error: null,
      attempts: 0,
      topic_id: target.topicId,
      metadata: metadataOf(target, fetched.item),
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .where('company_id', '=', target.companyId)
    .execute();
  await enqueueIngest(boss, id, fromKysely(trx), -usage.pending);
}

/**
 * A moved (or restored, removed.ts) item keeps its document (and chunks); only its name and
 * source change. What ingestion added to the metadata (attachments' outcomes, OCR) is kept.
 */
export async function renameMirrored(
  trx: Transaction<DB>,
  target: MirrorTarget,
  id: string,
  item: SourceItem,
) {
  await trx
    .updateTable('documents')
    .set({
      name: nameOf(item),
      metadata: sql`metadata || ${metadataOf(target, item)}::jsonb`,
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .where('company_id', '=', target.companyId)
    .execute();
}

/** Stores the bytes under the document's key, before the transaction that refers to them. */
export async function storeOriginal(files: FileStore, companyId: string, id: string, bytes: Uint8Array) {
  await files.put(fileKey(companyId, id), bytes);
}

/** A new document id. */
export const newDocumentId = () => newId('doc');

/**
 * Connector documents left UPLOADED without an ingestion job (e.g. replaced while an attempt ran:
 * the queue's `exclusive` policy dropped the new job, and the superseded attempt gave up), queued
 * again. Only those with no job waiting, retrying or running are sent: during a large sync
 * thousands of documents wait UPLOADED behind ingestion for far longer than `olderThanMs`, and
 * sending each of them again (a no-op under the `exclusive` policy, but one round trip each) kept
 * PGlite's single connection busy with up to 500 of them per poll (docs/benchmarks.md, issue 26).
 * Each document's job is looked up in pg-boss's unique index of live `exclusive` jobs (name,
 * singleton key) by a lateral subquery, one index probe per waiting document whatever the
 * planner's statistics (PGlite has no autovacuum to gather them: a plain NOT EXISTS was planned as
 * a nested loop over every pair, 71 s at 6,000 waiting documents).
 */
export async function requeueStranded(db: Kysely<DB>, boss: PgBoss, olderThanMs: number): Promise<number> {
  const jobs = sql.table(`${queueSchemaOf(boss)}.job`);
  const { rows } = await sql<{ id: string }>`
    select d.id from documents d
    left join lateral (
      select 1 as live from ${jobs} j
       where j.name = ${INGEST_QUEUE} and coalesce(j.singleton_key, '') = d.id
         and j.state <= 'active' and j.policy = 'exclusive'
       limit 1) job on true
    where d.connector_id is not null and d.status = 'UPLOADED'
      and d.updated_at < ${new Date(Date.now() - olderThanMs)} and job.live is null
    limit 500`.execute(db);
  for (const { id } of rows) await enqueueIngest(boss, id);
  return rows.length;
}
