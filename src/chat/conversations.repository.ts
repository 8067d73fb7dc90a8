import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

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
 * anyone else's (another user's or another company's).
 */
export async function findConversation(db: Kysely<DB>, companyId: string, userId: string, id: string) {
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
    .select(['id', 'role', 'content', 'sources', 'citation_map', 'refused', 'feedback', 'created_at'])
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
