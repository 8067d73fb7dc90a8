import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { Principal } from '../auth/principal.ts';

/**
 * Whose reading a query serves (docs/auth.md "Who may read what"), the one policy every query that
 * reads documents or their text takes. Decided in SQL against the current grants, so a changed
 * grant or group applies to the very next query; only the role rides in the cached session.
 * - `company`: every document of the company (admins; the service's own jobs).
 * - `member`: an editor or reader: documents without a topic, topics whose "all members" access is
 *   not 'none', and topics granted to a group of theirs.
 * - `apiKey`: the key's topics, or every document when the key has `all_documents`; a signed
 *   visitor's `visitorTopics` narrow that further.
 */
export type AccessScope =
  | { kind: 'company'; companyId: string }
  | { kind: 'member'; companyId: string; userId: string }
  | { kind: 'apiKey'; companyId: string; apiKeyId: string; visitorTopics?: readonly string[] };

/** The principal's scope: admins read the whole company. */
export function accessScopeOf(principal: Principal): AccessScope {
  if (principal.kind === 'apiKey') {
    const topics = principal.visitor?.topics;
    return {
      kind: 'apiKey',
      companyId: principal.companyId,
      apiKeyId: principal.apiKeyId,
      ...(topics ? { visitorTopics: topics } : {}),
    };
  }
  return principal.role === 'COMPANY_ADMIN'
    ? { kind: 'company', companyId: principal.companyId }
    : { kind: 'member', companyId: principal.companyId, userId: principal.userId };
}

/**
 * SQL: may `scope` read a document whose topic id is `topic` (a column reference or expression;
 * null = a document without a topic)? Company filtering stays the caller's `where company_id`.
 */
export function canRead(scope: AccessScope, topic: RawBuilder<unknown>): RawBuilder<SqlBool> {
  if (scope.kind === 'company') return sql<SqlBool>`true`;
  if (scope.kind === 'member') {
    return sql<SqlBool>`(${topic} is null or exists (
      select 1 from topics tp where tp.id = ${topic} and tp.company_id = ${scope.companyId}
        and (tp.member_access <> 'none' or exists (
          select 1 from topic_grants tg join group_members gm on gm.group_id = tg.group_id
          where tg.topic_id = tp.id and gm.user_id = ${scope.userId}))))`;
  }
  const key = sql<SqlBool>`(exists (
      select 1 from api_keys k where k.id = ${scope.apiKeyId} and k.company_id = ${scope.companyId}
        and k.all_documents)
    or ${topic} in (select kt.topic_id from api_key_topics kt where kt.api_key_id = ${scope.apiKeyId}))`;
  return scope.visitorTopics
    ? sql<SqlBool>`(${key} and ${topic} = any(${[...scope.visitorTopics]}::text[]))`
    : key;
}

/**
 * SQL: may `scope` add, change or delete documents of topic `topic`? Editors: unfiled documents,
 * topics whose "all members" access is 'edit', and topics granted 'edit' to a group of theirs.
 * The role's own permission (`documents:write`) is checked by the route; keys never write.
 */
export function canEdit(scope: AccessScope, topic: RawBuilder<unknown>): RawBuilder<SqlBool> {
  if (scope.kind === 'company') return sql<SqlBool>`true`;
  if (scope.kind === 'apiKey') return sql<SqlBool>`false`;
  return sql<SqlBool>`(${topic} is null or exists (
    select 1 from topics tp where tp.id = ${topic} and tp.company_id = ${scope.companyId}
      and (tp.member_access = 'edit' or exists (
        select 1 from topic_grants tg join group_members gm on gm.group_id = tg.group_id
        where tg.topic_id = tp.id and gm.user_id = ${scope.userId} and tg.access = 'edit'))))`;
}

/** `documents.topic_id`-style column reference for canRead/canEdit. */
export const topicColumn = (ref: string) => sql.ref(ref);

/**
 * The topics a retrieval may read, resolved once per query for the search legs that cannot take
 * a subquery (Qdrant's payload filter, BM25's pruned postings). `unfiled`: documents without a
 * topic are included.
 */
export interface TopicFilter {
  topicIds: readonly string[];
  unfiled: boolean;
}

/**
 * Resolves `scope` (narrowed to `topicId` when given) into a TopicFilter in one query; null when
 * the scope reads the whole company, so the legs keep their unfiltered (faster) plans. A topicId
 * the scope may not read gives an empty filter: nothing matches, as for a topic with no documents.
 */
export async function resolveTopicFilter(
  db: Kysely<DB>,
  scope: AccessScope,
  topicId?: string,
): Promise<TopicFilter | null> {
  if (scope.kind === 'company' && !topicId) return null;
  let query = db
    .selectFrom('topics as t')
    .select([
      sql<string[]>`coalesce(array_agg(t.id) filter (where ${canRead(scope, sql.ref('t.id'))}), '{}')`.as(
        'ids',
      ),
      sql<string>`count(*)`.as('total'),
      sql<boolean>`coalesce(${canRead(scope, sql`null::text`)}, false)`.as('unfiled'),
    ])
    .where('t.company_id', '=', scope.companyId);
  if (topicId) query = query.where('t.id', '=', topicId);
  const row = await query.executeTakeFirstOrThrow();
  const unfiled = !topicId && row.unfiled;
  if (!topicId && unfiled && row.ids.length === Number(row.total)) return null;
  return { topicIds: row.ids, unfiled };
}

/** SQL: is `topic` (a column) inside `filter`? */
export function inTopicFilter(filter: TopicFilter, topic: RawBuilder<unknown>): RawBuilder<SqlBool> {
  const listed = sql<SqlBool>`${topic} = any(${[...filter.topicIds]}::text[])`;
  return filter.unfiled ? sql<SqlBool>`(${listed} or ${topic} is null)` : listed;
}
