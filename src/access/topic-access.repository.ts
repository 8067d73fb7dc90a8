import type { Kysely } from 'kysely';
import type { DB, TopicAccess } from '../db/schema.ts';
import { notFound, validationError } from '../lib/errors.ts';

/** Who may read and edit a topic's documents (admins always may). */
export interface TopicAccessView {
  topicId: string;
  /** The company-wide "all members" group's access; 'none' restricts the topic to its groups. */
  allMembers: TopicAccess | 'none';
  groups: { groupId: string; name: string; access: TopicAccess }[];
}

/** @throws 404 when the topic is not the company's. */
export async function topicAccess(
  db: Kysely<DB>,
  companyId: string,
  topicId: string,
): Promise<TopicAccessView> {
  const topic = await db
    .selectFrom('topics')
    .select('member_access')
    .where('id', '=', topicId)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  if (!topic) throw notFound('Topic');
  const groups = await db
    .selectFrom('topic_grants as tg')
    .innerJoin('groups as g', 'g.id', 'tg.group_id')
    .select(['g.id', 'g.name', 'tg.access'])
    .where('tg.topic_id', '=', topicId)
    .orderBy('g.name')
    .orderBy('g.id')
    .execute();
  return {
    topicId,
    allMembers: topic.member_access,
    groups: groups.map((g) => ({ groupId: g.id, name: g.name, access: g.access })),
  };
}

/**
 * Sets the "all members" access and/or replaces the topic's group grants, in one transaction.
 * Takes effect on the next query of every session: access is decided in SQL (src/access/scope.ts).
 * @throws 404 when the topic is not the company's; 400 naming group ids that are not the company's.
 */
export async function setTopicAccess(
  db: Kysely<DB>,
  companyId: string,
  topicId: string,
  patch: { allMembers?: TopicAccess | 'none'; groups?: { groupId: string; access: TopicAccess }[] },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const topic = await trx
      .updateTable('topics')
      .set({
        ...(patch.allMembers !== undefined ? { member_access: patch.allMembers } : {}),
        updated_at: new Date(),
      })
      .where('id', '=', topicId)
      .where('company_id', '=', companyId)
      .executeTakeFirst();
    if (Number(topic.numUpdatedRows) === 0) throw notFound('Topic');
    if (!patch.groups) return;
    const grants = new Map(patch.groups.map((g) => [g.groupId, g.access]));
    const ids = [...grants.keys()];
    const known = ids.length
      ? new Set(
          (
            await trx
              .selectFrom('groups')
              .select('id')
              .where('company_id', '=', companyId)
              .where('id', 'in', ids)
              .execute()
          ).map((g) => g.id),
        )
      : new Set<string>();
    const unknown = ids.filter((id) => !known.has(id));
    if (unknown.length > 0) {
      throw validationError(
        'Unknown group',
        unknown.map(() => ({ field: 'groups', reason: 'is not a group of this company' })),
      );
    }
    await trx.deleteFrom('topic_grants').where('topic_id', '=', topicId).execute();
    if (grants.size > 0) {
      await trx
        .insertInto('topic_grants')
        .values(
          [...grants].map(([groupId, access]) => ({
            topic_id: topicId,
            group_id: groupId,
            company_id: companyId,
            access,
          })),
        )
        .execute();
    }
  });
}
