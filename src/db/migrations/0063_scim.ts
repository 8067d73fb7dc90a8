import { sql, type Kysely } from 'kysely';

/**
 * SCIM 2.0 provisioning (issue 39, docs/auth.md "SCIM provisioning").
 * - `scim_tokens`: a company's bearer tokens for `/scim/v2` (only their SHA-256 is stored, like
 *   API keys); rotating replaces the hash in place, revoking deletes the row.
 * - `users.scim_user_name` / `scim_external_id` / `given_name` / `family_name`: what the identity
 *   provider calls the user (`userName`, `externalId`, `name.*`); a user no SCIM client created
 *   has none, and its `userName` is its e-mail. `userName` is unique in a company, case-insensitive
 *   (RFC 7643 §4.1.1: caseExact false).
 * - `groups.scim_external_id`: the identity provider's id of a group it pushed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('scim_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('token_prefix', 'text', (c) => c.notNull())
    .addColumn('token_last4', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('rotated_at', 'timestamptz')
    .addColumn('last_used_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('scim_tokens_company_idx').on('scim_tokens').column('company_id').execute();
  await db.schema
    .alterTable('users')
    .addColumn('scim_user_name', 'text')
    .addColumn('scim_external_id', 'text')
    .addColumn('given_name', 'text')
    .addColumn('family_name', 'text')
    .execute();
  await sql`create unique index users_scim_user_name_idx on users (company_id, lower(scim_user_name))
    where scim_user_name is not null`.execute(db);
  await sql`create index users_scim_external_id_idx on users (company_id, scim_external_id)
    where scim_external_id is not null`.execute(db);
  await db.schema.alterTable('groups').addColumn('scim_external_id', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('groups').dropColumn('scim_external_id').execute();
  await sql`drop index if exists users_scim_external_id_idx`.execute(db);
  await sql`drop index if exists users_scim_user_name_idx`.execute(db);
  await db.schema
    .alterTable('users')
    .dropColumn('scim_user_name')
    .dropColumn('scim_external_id')
    .dropColumn('given_name')
    .dropColumn('family_name')
    .execute();
  await db.schema.dropTable('scim_tokens').ifExists().execute();
}
