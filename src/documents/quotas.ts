import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';
import { AppError } from '../lib/errors.ts';

/** Per-company limits (QUOTA_MAX_DOCUMENTS, QUOTA_MAX_STORAGE_MB). */
export interface CompanyQuota {
  maxDocuments: number;
  maxStorageBytes: number;
}

/** What a company holds now: documents and the bytes of their originals. */
export interface CompanyUsage {
  documents: number;
  storageBytes: number;
  /** Documents waiting for or in processing. */
  pending: number;
}

/**
 * Current usage of `companyId`: its row of `company_usage`, kept by triggers on `documents`
 * (migration 0050), so reading it costs the same at any number of documents.
 * `lock`: the row is locked until the transaction `db` ends (taken before a new document is
 * checked against the quota and inserted there), so two uploads of one company are checked one
 * after the other and cannot both take its last place. Without it: a plain read (the console's
 * figures, a fair-queue rank).
 */
export async function companyUsage(
  db: Kysely<DB> | Transaction<DB>,
  companyId: string,
  options: { lock?: boolean } = {},
): Promise<CompanyUsage> {
  const read = () => {
    const q = db
      .selectFrom('company_usage')
      .select(['documents', 'storage_bytes', 'pending'])
      .where('company_id', '=', companyId);
    return (options.lock ? q.forUpdate() : q).executeTakeFirst();
  };
  let row = await read();
  if (!row && options.lock) {
    // A company's first document: its row is made here, so that there is one to lock.
    await db
      .insertInto('company_usage')
      .values({ company_id: companyId })
      .onConflict((oc) => oc.column('company_id').doNothing())
      .execute();
    row = await read();
  }
  if (!row) return { documents: 0, storageBytes: 0, pending: 0 };
  return { documents: row.documents, storageBytes: Number(row.storage_bytes), pending: row.pending };
}

/**
 * Refuses an upload of `sizeBytes` that would take the company past its quota. The figures go
 * in the error's details so a client can tell the user what to delete.
 * @throws 409 CONFLICT when the document count is reached, 413 PAYLOAD_TOO_LARGE when the bytes would be
 */
export function assertWithinQuota(usage: CompanyUsage, quota: CompanyQuota, sizeBytes: number): void {
  if (usage.documents + 1 > quota.maxDocuments) {
    throw new AppError(
      409,
      'CONFLICT',
      `The company already has ${usage.documents} of the ${quota.maxDocuments} documents allowed; delete some first`,
      { extra: { usage: { documents: usage.documents }, limit: { documents: quota.maxDocuments } } },
    );
  }
  if (usage.storageBytes + sizeBytes > quota.maxStorageBytes) {
    throw new AppError(
      413,
      'PAYLOAD_TOO_LARGE',
      `This file (${sizeBytes} bytes) would take the company past its ${quota.maxStorageBytes} bytes of document storage (${usage.storageBytes} used)`,
      {
        extra: {
          usage: { storageBytes: usage.storageBytes },
          limit: { storageBytes: quota.maxStorageBytes },
        },
      },
    );
  }
}
