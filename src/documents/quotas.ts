import { sql, type Kysely, type Transaction } from 'kysely';
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

/** Current usage of `companyId`, read in `db` (a transaction when called from an upload). */
export async function companyUsage(
  db: Kysely<DB> | Transaction<DB>,
  companyId: string,
): Promise<CompanyUsage> {
  const row = await db
    .selectFrom('documents')
    .select([
      sql<number>`count(*)::int`.as('documents'),
      sql<string>`coalesce(sum(size_bytes), 0)::bigint`.as('bytes'),
      sql<number>`count(*) filter (where status in ('UPLOADED', 'PROCESSING'))::int`.as('pending'),
    ])
    .where('company_id', '=', companyId)
    .executeTakeFirstOrThrow();
  return { documents: row.documents, storageBytes: Number(row.bytes), pending: row.pending };
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
