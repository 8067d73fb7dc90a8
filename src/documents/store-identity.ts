import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { FileStore } from './file-store.ts';

/** The object every store holds to name itself; never a document key (those are `<company>/<doc>`). */
export const STORE_ID_KEY = '.cograg-store-id';

/** This process reaches another file store than the one the install's other processes use. */
export class FileStoreMismatchError extends Error {
  override name = 'FileStoreMismatchError';
}

/**
 * The start-up check that every process (API replicas, workers) reaches the same store of
 * originals: the store names itself with a random id written once (`putIfAbsent`), and the
 * database, which every process shares, records the first id it is told. A process whose store
 * carries another id — a DATA_DIR that is not shared, another bucket or prefix — would take
 * uploads the worker cannot read (documents ending ERROR long after, for a reason that hides the
 * cause), so it refuses to start instead, naming both stores.
 * @returns the store's id.
 * @throws FileStoreMismatchError naming the fix; store or database errors as they come.
 */
export async function verifySharedStore(db: Kysely<DB>, files: FileStore): Promise<string> {
  const stored = await files.putIfAbsent(
    STORE_ID_KEY,
    new TextEncoder().encode(`${randomUUID()}\n${files.location}\n`),
  );
  const [id = '', firstLocation = ''] = new TextDecoder().decode(stored).split('\n');
  await db
    .insertInto('installation')
    .values({ key: 'file_store_id', value: `${id}\n${files.location}` })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db
    .selectFrom('installation')
    .select('value')
    .where('key', '=', 'file_store_id')
    .executeTakeFirstOrThrow();
  const [expected = '', expectedLocation = ''] = row.value.split('\n');
  if (expected !== id) {
    throw new FileStoreMismatchError(
      `This process's file store (${files.location}, id ${id.slice(0, 8)}…, first written at ${firstLocation}) ` +
        `is not the one the other processes of this install use (${expectedLocation}, id ${expected.slice(0, 8)}…). ` +
        'API and worker must reach the same store of originals: mount one shared DATA_DIR on every process, ' +
        'or set the same FILE_STORE=s3 with S3_BUCKET and S3_PREFIX everywhere (docs/deployment.md "Originals").',
    );
  }
  return id;
}
