import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';

/** Pause between two tries of giving an attempt back while the database is away, ms. */
const RETRY_MS = 1000;

/**
 * Gives back attempt `attempt` of a document (`documents.attempts` − 1) that a shutdown or a lost
 * database cut off, so INGEST_MAX_ATTEMPTS counts only attempts the document itself ended. Only
 * while that attempt is still the last one: a newer attempt (another worker took the job over)
 * keeps its count. While the database is unavailable it tries again every second, for up to
 * `waitMs` (default 60 s); the job is retried afterwards either way.
 * @returns true when the attempt was given back.
 * @throws never for an unavailable database; other database errors as they come.
 */
export async function giveBackAttempt(
  db: Kysely<DB>,
  documentId: string,
  attempt: number,
  waitMs = 60_000,
): Promise<boolean> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      const result = await db
        .updateTable('documents')
        .set({ attempts: attempt - 1 })
        .where('id', '=', documentId)
        .where('attempts', '=', attempt)
        .where('status', '=', 'PROCESSING')
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    } catch (err) {
      if (!isDatabaseUnavailable(err) || Date.now() >= deadline) {
        if (isDatabaseUnavailable(err)) return false;
        throw err;
      }
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
    }
  }
}
