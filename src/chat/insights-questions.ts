import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { notFound } from '../lib/errors.ts';

const DAY_MS = 86_400_000;
/** How many questions each list of the insights holds, newest first. */
export const QUESTION_LIST = 50;
/** How many messages of one conversation the insights show (its first ones). */
const TRANSCRIPT = 500;
/** An answer's excerpt in the thumbs-down list: enough to recognise it. */
const EXCERPT = 300;

export type Channel = 'console' | 'widget';

/**
 * A conversation's channel, from its owner: nothing else records it. `widget` when an API key
 * asked (the widget, or a server with the key), `console` when a signed-in user did.
 */
export const CHANNEL = sql<Channel>`(select case when c.api_key_id is null then 'console' else 'widget' end
  from conversations c where c.id = messages.conversation_id)`;

/** The first instant (UTC midnight) of a window of `days` days ending today. */
export function firstDayOf(days: number, now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - (days - 1) * DAY_MS);
}

// The question is the conversation's last user message before the answer.
const QUESTION = sql<string | null>`(select q.content from messages q
  where q.conversation_id = messages.conversation_id and q.role = 'user'
    and q.created_at <= messages.created_at
  order by q.created_at desc, q.id desc limit 1)`;

/**
 * The questions that need an admin's attention since `firstDay`, newest first, at most
 * `QUESTION_LIST` each: `unanswered` (answered with a refusal) and `thumbsDown` (the asker rated
 * the answer down; `ratedAt` is when). Each names its conversation and channel; `askedAt` is the
 * answer's time (ISO 8601). Only `companyId`'s messages are read.
 */
export async function questionLists(db: Kysely<DB>, companyId: string, firstDay: Date) {
  const answers = db
    .selectFrom('messages')
    .where('company_id', '=', companyId)
    .where('role', '=', 'assistant')
    .where('created_at', '>=', firstDay)
    .select(['id', 'conversation_id', 'created_at', 'content', 'feedback_at', QUESTION.as('question')])
    .select(CHANNEL.as('channel'))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(QUESTION_LIST);
  const [refused, down] = await Promise.all([
    answers.where('refused', '=', true).execute(),
    answers.where('feedback', '=', 'down').execute(),
  ]);
  const item = (r: (typeof refused)[number]) => ({
    messageId: r.id,
    conversationId: r.conversation_id,
    question: r.question ?? '',
    askedAt: r.created_at.toISOString(),
    channel: r.channel,
  });
  return {
    unanswered: refused.map(item),
    thumbsDown: down.map((r) => ({
      ...item(r),
      answer: r.content.slice(0, EXCERPT),
      ratedAt: (r.feedback_at ?? r.created_at).toISOString(),
    })),
  };
}

/**
 * One conversation of the company, read-only, for an admin following a question from the
 * insights: its title, channel, and its first `TRANSCRIPT` messages in order (role, text, time,
 * whether an answer was a refusal, its rating).
 * @throws 404 NOT_FOUND when the conversation is not `companyId`'s (or does not exist).
 */
export async function conversationTranscript(db: Kysely<DB>, companyId: string, id: string) {
  const conversation = await db
    .selectFrom('conversations')
    .select(['id', 'title', 'created_at', 'api_key_id'])
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  if (!conversation) throw notFound('Conversation');
  const messages = await db
    .selectFrom('messages')
    .select(['id', 'role', 'content', 'created_at', 'refused', 'feedback'])
    .where('conversation_id', '=', id)
    .where('company_id', '=', companyId)
    .orderBy('created_at')
    .orderBy('id')
    .limit(TRANSCRIPT)
    .execute();
  return {
    id: conversation.id,
    title: conversation.title,
    channel: (conversation.api_key_id ? 'widget' : 'console') as Channel,
    createdAt: conversation.created_at.toISOString(),
    messages: messages.map((m) => ({
      id: m.id,
      role: m.role,
      content: m.content,
      createdAt: m.created_at.toISOString(),
      refused: m.role === 'assistant' ? m.refused : false,
      feedback: m.feedback,
    })),
  };
}
