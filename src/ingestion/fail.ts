import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { recordEvent } from '../outbox/outbox.ts';
import type { VectorStore } from '../retrieval/vector-store/index.ts';

/**
 * Marks the document ERROR with a reason fit for the user, and records `document.error`. Points
 * an earlier attempt wrote to `store` are removed best-effort (re-sync removes any left). With
 * `attempt`, only while that attempt still owns the document (it exists, is PROCESSING and carries
 * that number): a budget's end must not overwrite a delete or a newer attempt.
 * @returns whether the document was marked ERROR.
 */
export async function failDocument(
  db: Kysely<DB>,
  companyId: string,
  documentId: string,
  reason: string,
  store?: VectorStore,
  attempt?: number,
): Promise<boolean> {
  const failed = await db.transaction().execute(async (trx) => {
    let update = trx
      .updateTable('documents')
      .set({ status: 'ERROR', error: reason, updated_at: new Date() })
      .where('id', '=', documentId);
    if (attempt !== undefined)
      update = update.where('attempts', '=', attempt).where('status', '=', 'PROCESSING');
    const { numUpdatedRows } = await update.executeTakeFirst();
    if (numUpdatedRows === 0n && attempt !== undefined) return false;
    await trx.deleteFrom('chunks').where('document_id', '=', documentId).execute();
    await recordEvent(trx, companyId, 'document.error', { documentId, error: reason });
    return true;
  });
  if (failed) await store?.deleteDocument(companyId, documentId).catch(() => {});
  return failed;
}
