/**
 * Signed visitors (issue 21, docs/widget.md "Signed visitors"): an API key may verify visitor
 * tokens minted by the customer's backend, with an HS256 secret (stored encrypted, shown once) or
 * RS256 keys at a JWKS URL it names; `visitor_required` refuses the key's requests without one.
 * Structure only.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('api_keys')
    .addColumn('visitor_secret_ciphertext', 'text')
    .addColumn('visitor_jwks_url', 'text')
    .addColumn('visitor_required', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('api_keys')
    .dropColumn('visitor_secret_ciphertext')
    .dropColumn('visitor_jwks_url')
    .dropColumn('visitor_required')
    .execute();
}
