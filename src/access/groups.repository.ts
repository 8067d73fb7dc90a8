import { sql, type Kysely } from 'kysely';
import type { DB, TopicAccess } from '../db/schema.ts';
import { newId } from '../lib/ids.ts';
import { conflict, notFound, validationError } from '../lib/errors.ts';

/** A group as the API shows it, with its members and topic grants. */
export interface GroupView {
  id: string;
  name: string;
  description: string | null;
  members: { id: string; name: string; email: string; role: string }[];
  grants: { topicId: string; topicName: string; access: TopicAccess }[];
  createdAt: string;
  updatedAt: string;
}

export interface GroupInput {
  name?: string;
  description?: string | null;
  /** The whole membership (replaces it); users of the company only. */
  memberIds?: string[];
}

/** The company's groups with members and grants, by name (a company has tens, not thousands). */
export async function listGroups(db: Kysely<DB>, companyId: string, id?: string): Promise<GroupView[]> {
  let q = db
    .selectFrom('groups as g')
    .where('g.company_id', '=', companyId)
    .select(['g.id', 'g.name', 'g.description', 'g.created_at', 'g.updated_at'])
    .select([
      sql<GroupView['members']>`coalesce((select jsonb_agg(jsonb_build_object('id', u.id, 'name', u.name,
        'email', u.email, 'role', u.role) order by u.name, u.id)
        from group_members gm join users u on u.id = gm.user_id where gm.group_id = g.id), '[]'::jsonb)`.as(
        'members',
      ),
      sql<GroupView['grants']>`coalesce((select jsonb_agg(jsonb_build_object('topicId', t.id,
        'topicName', t.name, 'access', tg.access) order by t.name, t.id)
        from topic_grants tg join topics t on t.id = tg.topic_id where tg.group_id = g.id), '[]'::jsonb)`.as(
        'grants',
      ),
    ])
    .orderBy(sql`lower(g.name)`)
    .orderBy('g.id');
  if (id) q = q.where('g.id', '=', id);
  const rows = await q.execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    description: r.description,
    members: r.members,
    grants: r.grants,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  }));
}

/** @throws 404 when the group is not the company's. */
export async function findGroup(db: Kysely<DB>, companyId: string, id: string): Promise<GroupView> {
  const [group] = await listGroups(db, companyId, id);
  if (!group) throw notFound('Group');
  return group;
}

/**
 * Creates or changes a group (and replaces its membership when `memberIds` is given), in one
 * transaction. @throws 409 for a name another group of the company has (case-insensitive);
 * 400 naming member ids that are not users of the company (another company's user is unknown).
 */
export async function saveGroup(
  db: Kysely<DB>,
  companyId: string,
  id: string | null,
  input: GroupInput,
): Promise<string> {
  return db.transaction().execute(async (trx) => {
    if (input.name !== undefined) {
      const taken = await trx
        .selectFrom('groups')
        .select('id')
        .where('company_id', '=', companyId)
        .where(sql<boolean>`lower(name) = ${input.name.trim().toLowerCase()}`)
        .$if(id !== null, (q) => q.where('id', '!=', id!))
        .executeTakeFirst();
      if (taken) throw conflict('A group with this name already exists');
    }
    let groupId = id;
    if (groupId === null) {
      groupId = newId('grp');
      await trx
        .insertInto('groups')
        .values({
          id: groupId,
          company_id: companyId,
          name: input.name!.trim(),
          description: input.description ?? null,
        })
        .execute();
    } else {
      const updated = await trx
        .updateTable('groups')
        .set({
          ...(input.name !== undefined ? { name: input.name.trim() } : {}),
          ...(input.description !== undefined ? { description: input.description } : {}),
          updated_at: new Date(),
        })
        .where('id', '=', groupId)
        .where('company_id', '=', companyId)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) throw notFound('Group');
    }
    if (input.memberIds) await replaceMembers(trx, companyId, groupId, input.memberIds);
    return groupId;
  });
}

async function replaceMembers(db: Kysely<DB>, companyId: string, groupId: string, memberIds: string[]) {
  const wanted = [...new Set(memberIds)];
  const users = wanted.length
    ? await db
        .selectFrom('users')
        .select('id')
        .where('company_id', '=', companyId)
        .where('id', 'in', wanted)
        .execute()
    : [];
  const known = new Set(users.map((u) => u.id));
  const unknown = wanted.filter((u) => !known.has(u));
  if (unknown.length > 0) {
    throw validationError(
      'Unknown user',
      unknown.map(() => ({ field: 'memberIds', reason: 'is not a user of this company' })),
    );
  }
  await db.deleteFrom('group_members').where('group_id', '=', groupId).execute();
  if (wanted.length > 0) {
    await db
      .insertInto('group_members')
      .values(wanted.map((userId) => ({ group_id: groupId, user_id: userId, company_id: companyId })))
      .execute();
  }
}

/** Deletes the group, its memberships and grants; false when no such group in the company. */
export async function deleteGroup(db: Kysely<DB>, companyId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('groups')
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
