import { sql, type Kysely } from 'kysely';

/**
 * E-mail domains that belong to a company (issue 21): one row per domain, so a domain belongs to
 * at most one company (primary key), with the proof it was claimed with. `microsoft_tenant_id`
 * binds the claim to the Entra tenant whose users may join by it. `user_identities.hosted_domain`
 * keeps a Google account's verified Workspace domain (`hd`), the proof a Google claim checks.
 * Structure only: `settings.ssoDomains` claims made before this migration had no proof and are
 * not carried over (docs/auth.md "Domains that belong to a company"); admins claim them again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('company_domains')
    .addColumn('domain', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('proof', 'text', (c) => c.notNull().check(sql`proof in ('google', 'microsoft', 'operator')`))
    .addColumn('microsoft_tenant_id', 'text')
    .addColumn('claimed_by', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('company_domains_company_idx')
    .on('company_domains')
    .column('company_id')
    .execute();
  await db.schema.alterTable('user_identities').addColumn('hosted_domain', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('user_identities').dropColumn('hosted_domain').execute();
  await db.schema.dropTable('company_domains').ifExists().execute();
}
