import { sql, type Kysely } from 'kysely';
import type { DB, Role } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';
import { ROLE_RANK, shortName, type GroupMapping } from './mapping.ts';

/** What a sync did: the Cog-RAG groups the user is now in by the directory, and the role. */
export interface GroupSyncResult {
  /** Names of the groups this source now puts the user in, sorted. */
  groups: string[];
  /** The role the mapping gives, or null when the mapping sets no roles (the role is kept). */
  role: Role | null;
  /** Whether memberships or the role changed (sessions then re-read the user). */
  changed: boolean;
}

/**
 * Makes the user's directory-made memberships those `mapping` derives from `externalGroups`, in
 * one transaction (docs/auth.md "Groups that follow the directory"):
 * - targets: explicitly mapped groups (created in the company when missing) and, with `byName`,
 *   existing groups whose name equals an external group's short name;
 * - memberships of `source` not in the targets are removed, missing ones added; memberships an
 *   admin made (source null) are never touched, and a target the user is already in by hand
 *   stays a hand-made membership;
 * - when the mapping has roles, the user's role becomes the highest role of their groups, else
 *   `defaultRole` (so a user removed from the admins' group loses the admin role).
 * Used at every OpenID Connect and LDAP sign-in and by the periodic LDAP sync.
 * @param input.source the directory's key: `oidc:<provider id>` or `ldap`.
 * @param input.externalGroups group names or DNs as the directory sent them.
 */
export async function syncUserGroups(
  db: Kysely<DB>,
  input: {
    companyId: string;
    userId: string;
    externalGroups: readonly string[];
    mapping: GroupMapping;
    source: string;
  },
): Promise<GroupSyncResult> {
  const { companyId, userId, mapping, source } = input;
  const external = [...new Set(input.externalGroups.map((g) => g.trim().toLowerCase()).filter(Boolean))];
  return db.transaction().execute(async (trx) => {
    const wanted = new Map<string, string>(); // group id → name
    const explicit = [...new Set(external.flatMap((g) => mapping.groups.get(g) ?? []))];
    for (const name of explicit) {
      const group = await groupNamed(trx, companyId, name);
      wanted.set(group.id, group.name);
    }
    const short = [...new Set(external.map(shortName))].filter(Boolean);
    if (mapping.byName && short.length > 0) {
      const byName = await trx
        .selectFrom('groups')
        .select(['id', 'name'])
        .where('company_id', '=', companyId)
        .where(sql<string>`lower(name)`, 'in', short)
        .execute();
      for (const g of byName) wanted.set(g.id, g.name);
    }

    const current = await trx
      .selectFrom('group_members')
      .select(['group_id', 'source'])
      .where('user_id', '=', userId)
      .where('company_id', '=', companyId)
      .execute();
    const held = new Set(current.map((m) => m.group_id));
    const stale = current
      .filter((m) => m.source === source && !wanted.has(m.group_id))
      .map((m) => m.group_id);
    const added = [...wanted.keys()].filter((id) => !held.has(id));
    if (stale.length > 0)
      await trx
        .deleteFrom('group_members')
        .where('user_id', '=', userId)
        .where('source', '=', source)
        .where('group_id', 'in', stale)
        .execute();
    if (added.length > 0)
      await trx
        .insertInto('group_members')
        .values(added.map((id) => ({ group_id: id, user_id: userId, company_id: companyId, source })))
        .onConflict((oc) => oc.columns(['group_id', 'user_id']).doNothing())
        .execute();

    let role: Role | null = null;
    let roleChanged = false;
    if (mapping.roles.size > 0) {
      role = external.reduce<Role>((best, g) => {
        const r = mapping.roles.get(g);
        return r && ROLE_RANK.indexOf(r) > ROLE_RANK.indexOf(best) ? r : best;
      }, mapping.defaultRole);
      const updated = await trx
        .updateTable('users')
        .set({ role, updated_at: new Date() })
        .where('id', '=', userId)
        .where('company_id', '=', companyId)
        .where('role', '!=', role)
        .executeTakeFirst();
      roleChanged = Number(updated.numUpdatedRows) > 0;
    }
    return {
      groups: [...wanted.values()].sort(),
      role,
      changed: stale.length > 0 || added.length > 0 || roleChanged,
    };
  });
}

/** The company's group called `name` (case-insensitive), created when there is none. */
async function groupNamed(trx: Kysely<DB>, companyId: string, name: string) {
  const found = () =>
    trx
      .selectFrom('groups')
      .select(['id', 'name'])
      .where('company_id', '=', companyId)
      .where(sql<string>`lower(name)`, '=', name.toLowerCase())
      .executeTakeFirst();
  const existing = await found();
  if (existing) return existing;
  await trx
    .insertInto('groups')
    .values({
      id: newId('grp'),
      company_id: companyId,
      name,
      description: 'Created by the directory group mapping',
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
  return (await found())!;
}
