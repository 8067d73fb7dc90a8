import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { canRead, type AccessScope } from '../access/scope.ts';

/** Title of a conversation created without one; the first question replaces it. */
export const UNTITLED = 'New conversation';

/** A question or an answer as stored, in the API's shape. */
export interface MessageView {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  sources: { id: string; name: string; score: number }[];
  citationMap: Record<string, { documentId: string; chunkId: string }>;
  /** An answer that cites nothing. */
  refused: boolean;
  feedback: 'up' | 'down' | null;
  createdAt: string;
}

/**
 * One of the user's own conversations with all its messages, oldest first; undefined for
 * anyone else's (another user's or another company's). An answer's sources and citations keep
 * only documents `scope` may read now (web results stay): one citing a document since restricted
 * or deleted shows neither its name nor its snippets. Decided in the query (src/access/scope.ts).
 */
export async function findConversation(db: Kysely<DB>, scope: AccessScope, userId: string, id: string) {
  const { companyId } = scope;
  const readable = (documentId: ReturnType<typeof sql>) =>
    sql`exists (select 1 from documents d where d.id = ${documentId} and d.company_id = ${companyId}
      and ${canRead(scope, sql.ref('d.topic_id'))})`;
  const conversation = await db
    .selectFrom('conversations')
    .select(['id', 'title', 'created_at', 'updated_at'])
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!conversation) return undefined;
  const rows = await db
    .selectFrom('messages')
    .select(['id', 'role', 'content', 'refused', 'feedback', 'created_at'])
    .select([
      sql<MessageView['sources']>`coalesce((select jsonb_agg(s.value order by s.n)
        from jsonb_array_elements(messages.sources) with ordinality as s(value, n)
        where s.value->>'kind' = 'web' or ${readable(sql`s.value->>'id'`)}), '[]'::jsonb)`.as('sources'),
      sql<MessageView['citationMap']>`coalesce((select jsonb_object_agg(c.key, c.value)
        from jsonb_each(messages.citation_map) as c
        where c.value->>'documentId' is null or ${readable(sql`c.value->>'documentId'`)}), '{}'::jsonb)`.as(
        'citation_map',
      ),
    ])
    .where('conversation_id', '=', id)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
  const messages: MessageView[] = rows.map((m) => ({
    id: m.id,
    role: m.role,
    content: m.content,
    sources: m.sources,
    citationMap: m.citation_map,
    refused: m.refused,
    feedback: m.feedback,
    createdAt: m.created_at.toISOString(),
  }));
  return {
    id: conversation.id,
    title: conversation.title,
    messageCount: messages.length,
    createdAt: conversation.created_at.toISOString(),
    updatedAt: conversation.updated_at.toISOString(),
    messages,
  };
}
