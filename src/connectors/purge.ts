import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { FileStore } from '../documents/file-store.ts';

/** Archives purged per statement: one short transaction each, so a purge never holds locks long. */
const PURGE_BATCH = 200;

/**
 * Ends the recoverable state of documents a sync removed (removed.ts): deletes the archives older
 * than `retentionDays`, and those whose connector no longer exists (deleted: nothing can bring
 * them back), with their chunks, then their originals (and their attachments') from the file
 * store. Rows go first, files after they commit: a restore that claims an archive (row lock) and
 * a purge never both get it, so a restored document never loses its file; a crash between the
 * two leaves orphan files, never a document without its file. Safe to run from several workers.
 * @returns archives purged.
 * @throws on database errors (the next pass retries); a file that cannot be deleted is skipped.
 */
export async function purgeRemoved(
  deps: { db: Kysely<DB>; files: FileStore },
  retentionDays: number,
): Promise<number> {
  let purged = 0;
  for (;;) {
    const { rows } = await sql<{ documents: { storage_key?: string }[] }>`
      delete from removed_documents where id in (
        select r.id from removed_documents r
         where r.removed_at < now() - make_interval(days => ${retentionDays})
            or not exists (select 1 from connectors c where c.id = r.connector_id)
         limit ${PURGE_BATCH}
         for update skip locked)
      returning documents`.execute(deps.db);
    const keys = rows.flatMap((r) => r.documents.flatMap((d) => (d.storage_key ? [d.storage_key] : [])));
    await Promise.all(keys.map((k) => deps.files.delete(k).catch(() => {})));
    purged += rows.length;
    if (rows.length < PURGE_BATCH) return purged;
  }
}
