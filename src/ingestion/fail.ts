import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { recordEvent } from '../outbox/outbox.ts';
import type { VectorStore } from '../retrieval/vector-store/index.ts';

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
