import type { Kysely } from 'kysely';

/**
 * Where a chunk sits beyond its pages, for citations: the spreadsheet sheet and row range, or the
 * slide number (src/ingestion/chunking/chunk.ts `ChunkLocation`). Null for formats without them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('chunks')
    .addColumn('sheet', 'text')
    .addColumn('row_start', 'integer')
    .addColumn('row_end', 'integer')
    .addColumn('slide', 'integer')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('chunks')
    .dropColumn('sheet')
    .dropColumn('row_start')
    .dropColumn('row_end')
    .dropColumn('slide')
    .execute();
}
