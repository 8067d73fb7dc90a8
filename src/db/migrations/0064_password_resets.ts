import { sql, type Kysely } from 'kysely';

/**
 * One-time password-reset links (issue 40, docs/auth.md "Forgotten passwords"): requested by the
 * person (`POST /api/auth/forgot-password`, e-mailed) or issued by an admin
 * (`POST /api/users/{id}/password-reset`). Only the token's SHA-256 is stored; `used_at` makes it
 * single-use (a conditional update), `expires_at` short-lived. Rows go with their user (cascade).
 * Structure only: frozen history, imports no live code.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('password_resets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('password_resets_user_idx').on('password_resets').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('password_resets').ifExists().execute();
}
