/**
 * The conversation a chat message is answered in: the caller's own conversation, a widget
 * session's, or a new one written together with the answer (chat.service.ts answers in it).
 */
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { Principal } from '../auth/principal.ts';
import { newId } from '../lib/ids.ts';
import { notFound } from '../lib/errors.ts';
import { recordEvent } from '../outbox/outbox.ts';
import { UNTITLED } from './conversations.repository.ts';
import type { ChatTurn } from './llm/provider.ts';
import type { WebResult } from '../search/web/provider.ts';
import { isSessionOf, newSessionId } from './widget-sessions.ts';

/** A conversation to answer in: its id, recent turns and, for an API key, the widget session. */
export interface OpenConversation {
  conversationId: string;
  history: ChatTurn[];
  sessionId?: string;
  /**
   * A new conversation's row, written in the transaction that stores the answer: its id is first
   * shown in the `done` event, so nothing before the first token waits for the insert.
   */
  create?: (trx: Transaction<DB>) => Promise<void>;
}

/** A chat message as the routes accept it (POST /api/chat/message, the public chat). */
export interface ChatRequest {
  message: string;
  conversationId?: string;
  topicId?: string;
  sessionId?: string;
  /** Web results to cite after the company's documents (fetched by the route before streaming). */
  webResults?: WebResult[];
  /**
   * Earlier turns the client keeps itself (the OpenAI-compatible route: the request's messages),
   * for a new conversation; its last HISTORY_TURNS are used, as a stored conversation's are.
   */
  history?: ChatTurn[];
}

/** A conversation's title from its first question: whitespace collapsed, 80 characters. */
const titleOf = (message: string) => message.replace(/\s+/g, ' ').trim().slice(0, 80);

/** Earlier messages a follow-up and the model see. */
const HISTORY_TURNS = 6;

/** A stored message as a turn: an answer keeps the names of the documents it cited (follow-up.ts). */
function turnOf(m: { role: ChatTurn['role']; content: string; sources: unknown }): ChatTurn {
  const cited = Array.isArray(m.sources) ? (m.sources as { kind?: string; name?: unknown }[]) : [];
  const documents = cited
    .filter((s) => s.kind !== 'web' && typeof s.name === 'string')
    .map((s) => s.name as string);
  return { role: m.role, content: m.content, ...(documents.length ? { documents } : {}) };
}

/**
 * Finds the conversation to continue, or prepares a new one (written with the answer: `create`),
 * before any byte is streamed, so a bad conversationId is a clean 404. Users see only their own conversations. An API key's widget
 * sessions are keyed by `sessionId`, which only the server makes (widget-sessions.ts, keyed by
 * `sessionKey`): an id it did not make for this key, or one with no conversation, starts a new
 * session with a new id instead of joining one.
 * @throws 404 NOT_FOUND for a conversation that is not the caller's.
 */
export async function openConversation(
  db: Kysely<DB>,
  principal: Principal,
  request: ChatRequest,
  sessionKey?: Buffer,
): Promise<OpenConversation> {
  let conversation;
  if (request.conversationId) {
    let q = db
      .selectFrom('conversations')
      .select('id')
      .where('id', '=', request.conversationId)
      .where('company_id', '=', principal.companyId);
    q =
      principal.kind === 'user'
        ? q.where('user_id', '=', principal.userId)
        : q.where('api_key_id', '=', principal.apiKeyId);
    conversation = await q.executeTakeFirst();
    if (!conversation) throw notFound('Conversation');
  } else if (
    request.sessionId &&
    principal.kind === 'apiKey' &&
    sessionKey &&
    isSessionOf(sessionKey, principal.apiKeyId, request.sessionId)
  ) {
    conversation = await db
      .selectFrom('conversations')
      .select('id')
      .where('session_id', '=', request.sessionId)
      .where('api_key_id', '=', principal.apiKeyId)
      .executeTakeFirst();
  }
  if (conversation) {
    const conversationId = conversation.id;
    // A conversation created empty (POST /api/conversations) is titled by its first question.
    await db
      .updateTable('conversations')
      .set({ title: titleOf(request.message) })
      .where('id', '=', conversationId)
      .where('title', '=', UNTITLED)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('messages').select('id').where('conversation_id', '=', conversationId))),
      )
      .execute();
    const turns = await db
      .selectFrom('messages')
      .select(['role', 'content', 'sources'])
      .where('conversation_id', '=', conversation.id)
      .orderBy('created_at', 'desc')
      .limit(HISTORY_TURNS)
      .execute();
    return {
      conversationId: conversation.id,
      history: turns.reverse().map(turnOf),
      ...(principal.kind === 'apiKey' && request.sessionId ? { sessionId: request.sessionId } : {}),
    };
  }
  const id = newId('conv');
  const sessionId =
    principal.kind === 'apiKey' && sessionKey ? newSessionId(sessionKey, principal.apiKeyId) : undefined;
  const create = async (trx: Transaction<DB>) => {
    await trx
      .insertInto('conversations')
      .values({
        id,
        company_id: principal.companyId,
        user_id: principal.kind === 'user' ? principal.userId : null,
        api_key_id: principal.kind === 'apiKey' ? principal.apiKeyId : null,
        session_id: sessionId ?? null,
        title: titleOf(request.message),
      })
      .execute();
    await recordEvent(trx, principal.companyId, 'conversation.created', { conversationId: id });
  };
  const history = (request.history ?? []).slice(-HISTORY_TURNS);
  return { conversationId: id, history, create, ...(sessionId ? { sessionId } : {}) };
}
