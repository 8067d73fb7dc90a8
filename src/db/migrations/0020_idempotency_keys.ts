/**
 * `idempotency_keys` (issue 25, docs/api.md "Safe retries"): one row per `Idempotency-Key` a
 * caller sent on a creating request (IETF draft-ietf-httpapi-idempotency-key-header), scoped by
 * company and principal (`user:<id>` or `apiKey:<id>`). `fingerprint` is the SHA-256 of the
 * request (method, path and body); `status_code`/`response_body` are null while the first request
 * is still being processed, then hold the response replayed to every retry. Rows older than 24 h
 * are ignored and deleted (src/idempotency/store.ts). Structure only.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('principal', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('response_body', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('idempotency_keys_pkey', ['company_id', 'principal', 'key'])
    .execute();
  await db.schema
    .createIndex('idempotency_keys_expiry_idx')
    .on('idempotency_keys')
    .columns(['company_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('idempotency_keys').execute();
}
