import type { Kysely } from 'kysely';

/**
 * `documents.attempts`: processing attempts started, written before each parse, so a document
 * whose processing kills the worker process is not retried forever (INGEST_MAX_ATTEMPTS).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('documents')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('documents').dropColumn('attempts').execute();
}
