import { sql, type Kysely } from 'kysely';

/**
 * A company's own answerer (issue 40, docs/chat.md "Per-company answerer"): which provider answers
 * its questions instead of the installation's LLM_PROVIDER, at which of the operator's
 * ANSWERER_ENDPOINTS, with which model; the API key encrypted (AES-GCM, as webhook secrets), never
 * returned. No row: the installation's answerer. Structure only: frozen history, imports no live
 * code.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('company_answerers')
    .addColumn('company_id', 'text', (c) => c.primaryKey().references('companies.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('endpoint', 'text')
    .addColumn('model', 'text')
    .addColumn('secret_ciphertext', 'text')
    .addColumn('updated_by', 'text')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('company_answerers').ifExists().execute();
}
