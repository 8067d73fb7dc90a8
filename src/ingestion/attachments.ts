/**
 * E-mail attachments become child documents of their message: same company and topic, their own
 * type sniffed from their bytes as an upload's is, counted against the company's quota, queued for
 * ingestion like an upload (so they are parsed in the sandbox under the same limits), listed by
 * the document API with `parentId`, and deleted with the message (ON DELETE CASCADE, migration
 * 0007). Nested messages are bounded: at most MAX_ATTACHMENTS per message (mail.ts),
 * MAX_ATTACHMENT_DEPTH messages deep, and ATTACHMENTS_MAX_PER_UPLOAD documents per upload in all
 * (the audit's 246 kB message of 20 messages of 20 attachments became 420 documents; issue 22).
 */
import { createHash } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import { fromKysely, type PgBoss } from 'pg-boss';
import type { DB } from '../db/schema.ts';
import { newId } from '../lib/ids.ts';
import { AppError } from '../lib/errors.ts';
import { recordEvent } from '../outbox/outbox.ts';
import { fileKey, type FileStore } from '../documents/file-store.ts';
import { assertWithinQuota, companyUsage, type CompanyQuota } from '../documents/quotas.ts';
import { enqueueIngest } from './queue.ts';
import { sniffFormat, type SniffResult } from './sniff.ts';

/**
 * Messages deep an attachment may sit: a message's attachments (depth 1) and the attachments of a
 * message attached to it (depth 2) are ingested; deeper ones are only named. Two levels cover a
 * forwarded thread; a deeper nest is a "nested bomb" more often than a document set.
 */
export const MAX_ATTACHMENT_DEPTH = 2;

/** What became of one attachment, kept in the message's `metadata.attachments`. */
export interface AttachmentOutcome {
  index: number;
  name: string;
  /** The child document, or null when it was not ingested (see `skipped`). */
  documentId: string | null;
  /** Why it was not ingested: unsupported type, too deep, past the quota. */
  skipped?: string;
}

/** A parent message as ingestion read it. */
export interface ParentDocument {
  id: string;
  company_id: string;
  topic_id: string | null;
  created_by: string | null;
  /** The message this one is attached to; null for an upload. */
  parent_id: string | null;
  attachment_depth: number;
}

/** An attachment sniffed and stored, waiting for the parent's transaction. */
export interface PreparedAttachment {
  outcome: AttachmentOutcome;
  child: { id: string; storageKey: string; sniffed: SniffResult; bytes: Uint8Array } | null;
}

/**
 * Sniffs and stores each attachment's bytes before the parent's transaction opens (file writes
 * do not belong inside one). Unsupported or too-deep attachments are only named.
 */
export async function prepareAttachments(
  files: FileStore,
  parent: ParentDocument,
  attachments: { name: string; bytes: Uint8Array }[],
): Promise<PreparedAttachment[]> {
  const prepared: PreparedAttachment[] = [];
  for (const [index, { name, bytes }] of attachments.entries()) {
    const outcome: AttachmentOutcome = { index, name, documentId: null };
    if (parent.attachment_depth + 1 > MAX_ATTACHMENT_DEPTH) {
      outcome.skipped = `attachments nested more than ${MAX_ATTACHMENT_DEPTH} messages deep are not ingested`;
      prepared.push({ outcome, child: null });
      continue;
    }
    const sniffed = await sniffFormat(bytes, name);
    if (!sniffed) {
      outcome.skipped = 'unsupported file type';
      prepared.push({ outcome, child: null });
      continue;
    }
    const id = newId('doc');
    const storageKey = fileKey(parent.company_id, id);
    await files.put(storageKey, bytes);
    prepared.push({ outcome, child: { id, storageKey, sniffed, bytes } });
  }
  return prepared;
}

/**
 * Documents already descended from `uploadId` (its attachments and theirs; MAX_ATTACHMENT_DEPTH is
 * 2), after locking the upload's row so that sibling messages ingested at once count in turn.
 */
async function descendantsOf(trx: Transaction<DB>, uploadId: string): Promise<number> {
  await trx.selectFrom('documents').select('id').where('id', '=', uploadId).forUpdate().execute();
  const row = await trx
    .selectFrom('documents')
    .select(sql<number>`count(*)::int`.as('n'))
    .where((eb) =>
      eb.or([
        eb('parent_id', '=', uploadId),
        eb(
          'parent_id',
          'in',
          eb.selectFrom('documents as c').select('c.id').where('c.parent_id', '=', uploadId),
        ),
      ]),
    )
    .executeTakeFirstOrThrow();
  return row.n;
}

/**
 * Inserts the prepared children in the parent's transaction, each with its `document.uploaded`
 * event and ingestion job. One past the upload's budget (`maxDescendants` documents descended
 * from the upload, at any depth) or past the company's quota (every child counts, as an upload
 * does) is skipped, its outcome naming the limit.
 * @returns the outcomes (for the parent's metadata) and the stored keys no row refers to (to delete
 *   once the transaction has committed)
 */
export async function insertAttachments(
  trx: Transaction<DB>,
  deps: { boss: PgBoss; quota?: CompanyQuota; maxDescendants?: number },
  parent: ParentDocument,
  prepared: PreparedAttachment[],
): Promise<{ outcomes: AttachmentOutcome[]; orphanKeys: string[] }> {
  const orphanKeys: string[] = [];
  const done = await trx
    .selectFrom('documents')
    .select('id')
    .where('parent_id', '=', parent.id)
    .executeTakeFirst();
  if (done) {
    // An earlier run already made the children (a retry after a crash past its commit).
    for (const p of prepared) if (p.child) orphanKeys.push(p.child.storageKey);
    return { outcomes: prepared.map((p) => p.outcome), orphanKeys };
  }
  // The upload this message belongs to: itself, or (depth 2 at most) its parent.
  const uploadId = parent.attachment_depth === 0 ? parent.id : (parent.parent_id ?? parent.id);
  let descendants = deps.maxDescendants === undefined ? 0 : await descendantsOf(trx, uploadId);
  for (const { outcome, child } of prepared) {
    if (!child) continue;
    if (deps.maxDescendants !== undefined && descendants >= deps.maxDescendants) {
      outcome.skipped = `past the upload's budget of ${deps.maxDescendants} attached documents, attachments of attachments included (ATTACHMENTS_MAX_PER_UPLOAD)`;
      orphanKeys.push(child.storageKey);
      continue;
    }
    const usage = await companyUsage(trx, parent.company_id, { lock: true });
    try {
      if (deps.quota) assertWithinQuota(usage, deps.quota, child.bytes.length);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      outcome.skipped = err.message;
      orphanKeys.push(child.storageKey);
      continue;
    }
    await trx
      .insertInto('documents')
      .values({
        id: child.id,
        company_id: parent.company_id,
        topic_id: parent.topic_id,
        parent_id: parent.id,
        attachment_index: outcome.index,
        attachment_depth: parent.attachment_depth + 1,
        name: outcome.name,
        format: child.sniffed.format,
        mime_type: child.sniffed.mimeType,
        size_bytes: child.bytes.length,
        sha256: createHash('sha256').update(child.bytes).digest('hex'),
        storage_key: child.storageKey,
        status: 'UPLOADED',
        metadata: JSON.stringify({ originalFilename: outcome.name, attachmentOf: parent.id }),
        created_by: parent.created_by,
      })
      .execute();
    await recordEvent(trx, parent.company_id, 'document.uploaded', {
      documentId: child.id,
      name: outcome.name,
      parentId: parent.id,
    });
    await enqueueIngest(deps.boss, child.id, fromKysely(trx), -usage.pending);
    outcome.documentId = child.id;
    descendants++;
  }
  return { outcomes: prepared.map((p) => p.outcome), orphanKeys };
}
