import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { fromKysely, type PgBoss } from 'pg-boss';
import type { DB } from '../db/schema.ts';
import { newId } from '../lib/ids.ts';
import { conflict, forbidden, notFound, unsupportedMediaType, validationError } from '../lib/errors.ts';
import { canEdit, canRead, type AccessScope } from '../access/scope.ts';
import { recordEvent } from '../outbox/outbox.ts';
import { enqueueIngest } from '../ingestion/queue.ts';
import { sniffFormat } from '../ingestion/sniff.ts';
import type { VectorStore } from '../retrieval/vector-store/index.ts';
import { fileKey, type FileStore } from './file-store.ts';
import { findDocument, type DocumentView } from './documents.repository.ts';
import { assertWithinQuota, companyUsage, type CompanyQuota } from './quotas.ts';

export interface UploadInput {
  /** The upload request's id (X-Request-Id), carried into the worker's log lines for the job. */
  requestId?: string;
  /** Who uploads: the topic must be one they may edit (src/access/scope.ts). */
  scope: AccessScope;
  userId: string | null;
  filename: string;
  bytes: Uint8Array;
  name?: string;
  topicId?: string;
}

/**
 * Checks that `scope` may read (or, with `need` 'edit', change the documents of) the topic.
 * @throws 404 NOT_FOUND for a topic of another company or one `scope` may not read (invisible
 *   alike); 403 FORBIDDEN for a readable topic `scope` may not edit.
 */
export async function assertTopic(
  db: Kysely<DB>,
  scope: AccessScope,
  topicId: string,
  need: 'read' | 'edit' = 'read',
): Promise<void> {
  const topic = await db
    .selectFrom('topics')
    .select([canEdit(scope, sql.ref('topics.id')).as('editable')])
    .where('id', '=', topicId)
    .where('company_id', '=', scope.companyId)
    .where(canRead(scope, sql.ref('topics.id')))
    .executeTakeFirst();
  if (!topic) throw notFound('Topic');
  if (need === 'edit' && !topic.editable)
    throw forbidden('You may read this topic but not change its documents');
}

/**
 * Checks that `scope` may change the document (its topic's edit grant; src/access/scope.ts).
 * @throws 404 NOT_FOUND when the document is not one `scope` may read; 403 FORBIDDEN when it may
 *   read but not edit it.
 */
export async function assertEditable(db: Kysely<DB>, scope: AccessScope, id: string): Promise<void> {
  const doc = await db
    .selectFrom('documents')
    .select([canEdit(scope, sql.ref('documents.topic_id')).as('editable')])
    .where('id', '=', id)
    .where('company_id', '=', scope.companyId)
    .where(canRead(scope, sql.ref('documents.topic_id')))
    .executeTakeFirst();
  if (!doc) throw notFound('Document');
  if (!doc.editable) throw forbidden('You may read this document but not change it');
}

/**
 * Accepts an upload: sniffs the real type from the bytes, stores the original, and in one
 * transaction checks the company's quota and inserts the document (UPLOADED), its
 * `document.uploaded` event and its ingestion job — so either all three exist or none.
 * The job's priority is minus the company's documents already waiting: each company's k-th
 * waiting document runs alongside the others' k-th (fair queueing with equal weights, as in
 * Demers, Keshav & Shenker, "Analysis and Simulation of a Fair Queueing Algorithm", 1989), so one
 * company's 500-file upload does not hold up another's single file.
 * @throws 400 for an empty file or unknown topic, 415 for a type that is not supported,
 *   409 / 413 past the company's document / storage quota.
 */
export async function uploadDocument(
  deps: { db: Kysely<DB>; files: FileStore; boss: PgBoss; quota?: CompanyQuota },
  input: UploadInput,
): Promise<DocumentView> {
  if (input.bytes.length === 0)
    throw validationError('The file is empty', [{ field: 'file', reason: 'is empty' }]);
  const sniffed = await sniffFormat(input.bytes, input.filename);
  if (!sniffed) {
    throw unsupportedMediaType(
      'Unsupported file type: upload PDF, DOCX, XLSX, ODS, CSV, PPTX, ODP, ODT, RTF, EPUB, an e-mail (EML, MSG), an image (PNG, JPEG, WebP, TIFF), HTML, Markdown or plain text',
    );
  }
  const { companyId } = input.scope;
  if (input.topicId) await assertTopic(deps.db, input.scope, input.topicId, 'edit');
  const id = newId('doc');
  const storageKey = fileKey(companyId, id);
  await deps.files.put(storageKey, input.bytes);
  const name = (input.name ?? input.filename).trim().slice(0, 255) || 'untitled';
  try {
    await deps.db.transaction().execute(async (trx) => {
      const usage = await companyUsage(trx, companyId, { lock: true });
      if (deps.quota) assertWithinQuota(usage, deps.quota, input.bytes.length);
      await trx
        .insertInto('documents')
        .values({
          id,
          company_id: companyId,
          topic_id: input.topicId ?? null,
          name,
          format: sniffed.format,
          mime_type: sniffed.mimeType,
          size_bytes: input.bytes.length,
          sha256: createHash('sha256').update(input.bytes).digest('hex'),
          storage_key: storageKey,
          status: 'UPLOADED',
          metadata: JSON.stringify({ originalFilename: input.filename }),
          created_by: input.userId,
        })
        .execute();
      await recordEvent(trx, companyId, 'document.uploaded', { documentId: id, name });
      await enqueueIngest(deps.boss, id, fromKysely(trx), -usage.pending, input.requestId);
    });
  } catch (err) {
    await deps.files.delete(storageKey).catch(() => {});
    throw err;
  }
  const doc = await findDocument(deps.db, { kind: 'company', companyId }, id);
  if (!doc) throw notFound('Document');
  return doc;
}

/**
 * Deletes the document, its chunks and its attachments' child documents, nested ones included
 * (cascade), all their originals, and their points in a separate vector store. The rows go
 * first: a store that cannot be reached leaves points whose chunks no longer exist, which search
 * never returns (hits are read back from `chunks`) and re-sync removes.
 * `options.connectorId`: the connector deleting its own document (sync.ts); anyone else is refused.
 * @throws 404 when not a document `scope` may read, 403 when it may not edit it, 409 CONFLICT for
 *   a connector-managed document.
 */
export async function deleteDocument(
  deps: { db: Kysely<DB>; files: FileStore; vectorStore?: VectorStore; log?: FastifyBaseLogger },
  scope: AccessScope,
  id: string,
  options: { connectorId?: string } = {},
): Promise<void> {
  const { companyId } = scope;
  const tree = await deps.db.transaction().execute(async (trx) => {
    await assertEditable(trx, scope, id);
    // A connector's document is deleted by its connector alone (docs/connectors.md).
    const owner = await trx
      .selectFrom('documents')
      .select('connector_id')
      .where('id', '=', id)
      .where('company_id', '=', companyId)
      .executeTakeFirst();
    if (owner?.connector_id && owner.connector_id !== options.connectorId)
      throw conflict(
        `This document is managed by connector ${owner.connector_id}: remove it at its source, or delete the connector`,
      );
    const tree = await sql<{ id: string; storage_key: string }>`
      with recursive tree as (
        select id, storage_key from documents where id = ${id} and company_id = ${companyId}
        union all
        select d.id, d.storage_key from documents d join tree t on d.parent_id = t.id
      )
      select id, storage_key from tree`.execute(trx);
    const row = await trx
      .deleteFrom('documents')
      .where('id', '=', id)
      .where('company_id', '=', companyId)
      .returning('storage_key')
      .executeTakeFirst();
    if (!row) throw notFound('Document');
    return tree.rows;
  });
  await Promise.all(tree.map((r) => deps.files.delete(r.storage_key).catch(() => {})));
  for (const { id: documentId } of tree) {
    await deps.vectorStore?.deleteDocument(companyId, documentId).catch((err: unknown) => {
      deps.log?.warn({ err, documentId }, 'vector store delete failed; re-sync removes the points');
    });
  }
}

/**
 * Runs a finished document (VECTORIZED or ERROR) through ingestion again, e.g. after a parser or
 * chunking change or a transient failure: back to UPLOADED with its attempts and error cleared,
 * and a new ingestion job, in one transaction. Its chunks stay searchable until the new ones
 * replace them (ingestDocument swaps them in one transaction). Attachments' child documents are
 * kept: the re-run finds them by (parent, index) and does not add them twice.
 * @throws 404 when not a document `scope` may read, 403 when it may not edit it, 409 while it is
 *   UPLOADED or PROCESSING.
 */
export async function reprocessDocument(
  deps: { db: Kysely<DB>; boss: PgBoss },
  scope: AccessScope,
  id: string,
): Promise<DocumentView> {
  const { companyId } = scope;
  await deps.db.transaction().execute(async (trx) => {
    await assertEditable(trx, scope, id);
    const doc = await trx
      .selectFrom('documents')
      .select('status')
      .where('id', '=', id)
      .where('company_id', '=', companyId)
      .forUpdate()
      .executeTakeFirst();
    if (!doc) throw notFound('Document');
    if (doc.status === 'UPLOADED' || doc.status === 'PROCESSING')
      throw conflict(`The document is ${doc.status}; reprocess it once it is VECTORIZED or ERROR`);
    await trx
      .updateTable('documents')
      .set({ status: 'UPLOADED', error: null, attempts: 0, updated_at: new Date() })
      .where('id', '=', id)
      .execute();
    // No event of its own: document.vectorized or document.error follows as for an upload.
    await enqueueIngest(deps.boss, id, fromKysely(trx));
  });
  const doc = await findDocument(deps.db, scope, id);
  if (!doc) throw notFound('Document');
  return doc;
}
