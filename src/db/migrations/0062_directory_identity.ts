import type { Kysely } from 'kysely';

/**
 * Sign-in with the operator's directory (issue 39, docs/auth.md "OpenID Connect", "LDAP"):
 * - `group_members.source`: null for a membership an admin made; the directory's key
 *   (`oidc:<provider id>`, `ldap`) for one the directory sync made. A sync replaces only the
 *   memberships of its own source, so hand-made ones survive it.
 * - `user_identities.directory_dn`: the LDAP entry's DN, for the periodic group sync (null for
 *   OpenID Connect identities); `directory_groups`: the external groups seen at the last sync;
 *   `directory_synced_at`: when.
 * `user_identities.provider` is plain text already: `oidc:<id>` and `ldap` join `google` and
 * `microsoft` without a schema change.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('group_members').addColumn('source', 'text').execute();
  await db.schema
    .alterTable('user_identities')
    .addColumn('directory_dn', 'text')
    .addColumn('directory_groups', 'jsonb')
    .addColumn('directory_synced_at', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('user_identities')
    .dropColumn('directory_dn')
    .dropColumn('directory_groups')
    .dropColumn('directory_synced_at')
    .execute();
  await db.schema.alterTable('group_members').dropColumn('source').execute();
}
