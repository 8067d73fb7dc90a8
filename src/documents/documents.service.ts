import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { fromKysely, type PgBoss } from 'pg-boss';
import type { DB } from '../db/schema.ts';
import { newId } from '../lib/ids.ts';
import { notFound, unsupportedMediaType, validationError } from '../lib/errors.ts';
import { recordEvent } from '../outbox/outbox.ts';
import { enqueueIngest } from '../ingestion/queue.ts';
import { sniffFormat } from '../ingestion/sniff.ts';
import { fileKey, type FileStore } from './file-store.ts';
import { findDocument, type DocumentView } from './documents.repository.ts';

export interface UploadInput {
  companyId: string;
  userId: string | null;
  filename: string;
  bytes: Uint8Array;
  name?: string;
  topicId?: string;
}

/** Throws 400 unless the topic belongs to the company. */
export async function assertTopic(db: Kysely<DB>, companyId: string, topicId: string): Promise<void> {
  const topic = await db
    .selectFrom('topics')
    .select('id')
    .where('id', '=', topicId)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  if (!topic) throw validationError('Unknown topic', [{ field: 'topicId', reason: 'no such topic' }]);
}

/**
 * Accepts an upload: sniffs the real type from the bytes, stores the original, and in one
 * transaction inserts the document (UPLOADED), its `document.uploaded` event and its ingestion
 * job — so either all three exist or none.
 * @throws 400 for an empty file or unknown topic, 415 for a type that is not supported.
 */
export async function uploadDocument(
  deps: { db: Kysely<DB>; files: FileStore; boss: PgBoss },
  input: UploadInput,
): Promise<DocumentView> {
  if (input.bytes.length === 0)
    throw validationError('The file is empty', [{ field: 'file', reason: 'is empty' }]);
  const sniffed = await sniffFormat(input.bytes, input.filename);
  if (!sniffed) {
    throw unsupportedMediaType('Unsupported file type: upload PDF, DOCX, HTML, Markdown or plain text');
  }
  if (input.topicId) await assertTopic(deps.db, input.companyId, input.topicId);
  const id = newId('doc');
  const storageKey = fileKey(input.companyId, id);
  await deps.files.put(storageKey, input.bytes);
  const name = (input.name ?? input.filename).trim().slice(0, 255) || 'untitled';
  try {
    await deps.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('documents')
        .values({
          id,
          company_id: input.companyId,
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
      await recordEvent(trx, input.companyId, 'document.uploaded', { documentId: id, name });
      await enqueueIngest(deps.boss, id, fromKysely(trx));
    });
  } catch (err) {
    await deps.files.delete(storageKey).catch(() => {});
    throw err;
  }
  const doc = await findDocument(deps.db, input.companyId, id);
  if (!doc) throw notFound('Document');
  return doc;
}

/** Deletes the document, its chunks (cascade) and its original. @throws 404 when not the company's. */
export async function deleteDocument(
  deps: { db: Kysely<DB>; files: FileStore },
  companyId: string,
  id: string,
): Promise<void> {
  const row = await deps.db
    .deleteFrom('documents')
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .returning('storage_key')
    .executeTakeFirst();
  if (!row) throw notFound('Document');
  await deps.files.delete(row.storage_key).catch(() => {});
}
