import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { Principal } from '../auth/principal.ts';
import { newId } from '../lib/ids.ts';
import { notFound } from '../lib/errors.ts';
import { recordEvent } from '../outbox/outbox.ts';
import { UNTITLED } from './conversations.repository.ts';
import { effectiveMode, retrieve, type RetrieverDeps } from '../retrieval/retriever.ts';
import { expandWithNeighbours } from '../retrieval/expand.ts';
import type { ChatTurn, LlmProvider, Source } from './llm/provider.ts';
import { buildCitationMap, type Citation } from './citations.ts';
import type { WebResult } from '../search/web/provider.ts';
import { webSources } from './web-sources.ts';
import { withSourceUrls } from '../connectors/source-urls.ts';
import { sourcesOf, type SourceView } from './sources.ts';
import { SourceSupport } from './attribution.ts';
import { GroundedAnswer } from './grounding.ts';
import { isSessionOf, newSessionId } from './widget-sessions.ts';
import { assess, DEFAULT_ANSWER_THRESHOLD } from './answering/assess.ts';
import { followUpQuestion } from './answering/follow-up.ts';
import { REFUSAL_SENTENCE } from './prompt.ts';
import { accessScopeOf } from '../access/scope.ts';

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

/** The spec's stream events, plus `error` after the stream started (ARCHITECTURE.md step 5). */
export type ChatEvent =
  | { type: 'token'; content: string }
  | { type: 'sources'; sources: SourceView[] }
  | {
      type: 'done';
      citationMap: Record<string, Citation>;
      conversationId: string;
      messageId: string;
      /** Public (widget) routes: the session to send back with the next question. */
      sessionId?: string;
    }
  | { type: 'error'; error: { code: string; message: string; retryAfter?: number } };

export interface ChatRequest {
  message: string;
  conversationId?: string;
  topicId?: string;
  sessionId?: string;
  /** Web results to cite after the company's documents (fetched by the route before streaming). */
  webResults?: WebResult[];
}

export interface ChatDeps extends RetrieverDeps {
  db: Kysely<DB>;
  llm: LlmProvider;
}

/** A conversation's title from its first question: whitespace collapsed, 80 characters. */
const titleOf = (message: string) => message.replace(/\s+/g, ' ').trim().slice(0, 80);

/** Chunks given to the model as numbered sources. */
export const SOURCES_PER_ANSWER = 6;
const HISTORY_TURNS = 6;

/** A stored message as a turn: an answer keeps the names of the documents it cited (follow-up.ts). */
function turnOf(m: { role: ChatTurn['role']; content: string; sources: unknown }): ChatTurn {
  const cited = Array.isArray(m.sources) ? (m.sources as { kind?: string; name?: unknown }[]) : [];
  const documents = cited
    .filter((s) => s.kind !== 'web' && typeof s.name === 'string')
    .map((s) => s.name as string);
  return { role: m.role, content: m.content, ...(documents.length ? { documents } : {}) };
}

/** The conversation's last answer ('' when none). */
const previousAnswerOf = (history: readonly ChatTurn[]): string =>
  history.findLast((t) => t.role === 'assistant')?.content ?? '';

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
  return { conversationId: id, history: [], create, ...(sessionId ? { sessionId } : {}) };
}

/**
 * What an evaluation (src/evaluations/runner.ts) sees besides the events: every retrieved source,
 * numbered as the answer cites them, though the `sources` event lists only the cited ones.
 */
export interface AnswerObserver {
  retrieved?: (sources: readonly Source[]) => void;
}

/** The company's "Cog-RAG configuration" (PUT /api/companies/:id settings). */
export async function companySettings(
  db: Kysely<DB>,
  companyId: string,
): Promise<{
  topK?: number;
  systemPrompt?: string;
  temperature?: number;
  rerank: boolean;
  answerThreshold?: number;
}> {
  const row = await db
    .selectFrom('companies')
    .select('settings')
    .where('id', '=', companyId)
    .executeTakeFirst();
  const s = (row?.settings ?? {}) as Record<string, unknown>;
  return {
    topK: typeof s.topK === 'number' ? s.topK : undefined,
    systemPrompt: typeof s.systemPrompt === 'string' && s.systemPrompt.trim() ? s.systemPrompt : undefined,
    temperature: typeof s.temperature === 'number' ? s.temperature : undefined,
    rerank: s.rerank === true,
    answerThreshold: typeof s.answerThreshold === 'number' ? s.answerThreshold : undefined,
  };
}

/**
 * Answers one message: retrieve within the caller's company, generate with the provider,
 * filter citations, ground the answer (grounding.ts: an uncited, unsupported answer becomes the
 * refusal), persist both turns as shown. Yields `token`* → `sources` → `done`.
 * @throws LlmUnavailableError (or any other) — callers turn it into an `error` event or a 503.
 */
export async function* answerStream(
  deps: ChatDeps,
  principal: Principal,
  request: ChatRequest,
  conversation: OpenConversation,
  signal: AbortSignal,
  observer?: AnswerObserver,
): AsyncGenerator<ChatEvent> {
  const startedAt = new Date();
  const settings = await companySettings(deps.db, principal.companyId);
  // Follow-ups are searched as standalone questions: rewritten by a model when there is one,
  // else joined with the previous question and its answer's entities (follow-up.ts).
  const followUp =
    conversation.history.length > 0 ? followUpQuestion(request.message, conversation.history) : null;
  const query =
    conversation.history.length > 0 && deps.llm.condense
      ? await deps.llm.condense(request.message, conversation.history, signal)
      : (followUp ?? request.message);
  const documents = await retrieve(
    deps,
    {
      companyId: principal.companyId,
      access: accessScopeOf(principal),
      query,
      topicId: request.topicId,
      limit: settings.topK ?? SOURCES_PER_ANSWER,
    },
    { mode: effectiveMode(deps, settings.rerank ? 'rerank' : undefined) },
  );
  // An LLM reads each source with its neighbouring chunks; the extractive answerer quotes only
  // from the cited chunk itself, so every quote is inside the chunk its [n] points at.
  const web = webSources(request.webResults ?? []);
  const sources: Source[] = [...documents, ...web];
  observer?.retrieved?.(sources);
  const context =
    deps.llm.name === 'extractive'
      ? sources
      : [...(await expandWithNeighbours(deps.db, principal.companyId, documents, 1)), ...web];
  // The extractive answerer quotes cited sentences or refuses by itself: only a generating model's
  // answer is held back until it is grounded (grounding.ts).
  const extractive = deps.llm.name === 'extractive';
  const answer = new GroundedAnswer(sources.length, extractive ? null : new SourceSupport(context));
  const threshold = settings.answerThreshold ?? DEFAULT_ANSWER_THRESHOLD;
  // A generating model answers only what the extractive answerer's calibrated answerability
  // would answer: the same decision guards every provider (docs/chat.md "The extractive answer").
  const answerable =
    extractive || documents.length === 0
      ? true
      : (await assess(deps.embedder, query, documents)).answerable >= threshold;
  const fragments = answerable
    ? deps.llm.generate({
        question: extractive ? (followUp ?? request.message) : request.message,
        sources: context,
        history: conversation.history,
        ...(extractive && followUp ? { previousAnswer: previousAnswerOf(conversation.history) } : {}),
        signal,
        settings: {
          systemPrompt: settings.systemPrompt,
          temperature: settings.temperature,
          answerThreshold: settings.answerThreshold,
        },
      })
    : [REFUSAL_SENTENCE];
  for await (const fragment of fragments) {
    const text = answer.push(fragment);
    if (text) yield { type: 'token', content: text };
  }
  const rest = answer.finish();
  if (rest) yield { type: 'token', content: rest };
  const sourceViews = await withSourceUrls(
    deps.db,
    principal.companyId,
    sourcesOf(sources, answer.used),
    principal.kind === 'apiKey',
  );
  yield { type: 'sources', sources: sourceViews };
  const citationMap = buildCitationMap(answer.used, sources);
  const messageId = newId('msg');
  await deps.db.transaction().execute(async (trx) => {
    await conversation.create?.(trx);
    await trx
      .insertInto('messages')
      .values([
        {
          id: newId('msg'),
          conversation_id: conversation.conversationId,
          company_id: principal.companyId,
          role: 'user',
          content: request.message,
          created_at: startedAt,
          citation_map: '{}',
          sources: '[]',
        },
        {
          id: messageId,
          conversation_id: conversation.conversationId,
          company_id: principal.companyId,
          role: 'assistant',
          // What the user was shown: a replaced answer is stored as the refusal.
          content: answer.shown,
          created_at: new Date(),
          citation_map: JSON.stringify(citationMap),
          sources: JSON.stringify(sourceViews),
          // No citation: nothing in the documents answered it (the insights' unanswered questions).
          refused: Object.keys(citationMap).length === 0,
        },
      ])
      .execute();
    await trx
      .updateTable('conversations')
      .set({ updated_at: new Date() })
      .where('id', '=', conversation.conversationId)
      .execute();
  });
  yield {
    type: 'done',
    citationMap,
    conversationId: conversation.conversationId,
    messageId,
    ...(conversation.sessionId ? { sessionId: conversation.sessionId } : {}),
  };
}
