import type { Kysely } from 'kysely';

/**
 * Verifiable citations (issue 40, docs/widget.md "Opening the original"): `allow_originals` lets a
 * key's visitors open the original files of the documents it answers from, through short-lived
 * signed links (GET /api/public/documents/:id/file). Off by default: an existing key keeps
 * showing only the cited passage. Structure only: frozen history, imports no live code.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('api_keys')
    .addColumn('allow_originals', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('api_keys').dropColumn('allow_originals').execute();
}
