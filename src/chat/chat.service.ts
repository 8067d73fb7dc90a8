import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { Principal } from '../auth/principal.ts';
import { newId } from '../lib/ids.ts';
import { notFound } from '../lib/errors.ts';
import { recordEvent } from '../outbox/outbox.ts';
import { retrieve, type RetrieverDeps } from '../retrieval/retriever.ts';
import { expandWithNeighbours } from '../retrieval/expand.ts';
import type { RetrievedChunk } from '../retrieval/types.ts';
import type { ChatTurn, LlmProvider } from './llm/provider.ts';
import { buildCitationMap, CitationFilter } from './citations.ts';

/** The spec's stream events, plus `error` after the stream started (ARCHITECTURE.md step 5). */
export type ChatEvent =
  | { type: 'token'; content: string }
  | { type: 'sources'; sources: SourceView[] }
  | {
      type: 'done';
      citationMap: Record<string, { documentId: string; chunkId: string }>;
      conversationId: string;
      messageId: string;
    }
  | { type: 'error'; error: { code: string; message: string } };

/** A `sources` item: the spec's `id` (document id), `name`, `score`, plus where it was cited. */
export interface SourceView {
  id: string;
  name: string;
  score: number;
  chunks: { citation: number; chunkId: string; page: number | null }[];
}

export interface ChatRequest {
  message: string;
  conversationId?: string;
  topicId?: string;
  sessionId?: string;
}

export interface ChatDeps extends RetrieverDeps {
  db: Kysely<DB>;
  llm: LlmProvider;
}

/** Chunks given to the model as numbered sources. */
const SOURCES_PER_ANSWER = 6;
const HISTORY_TURNS = 6;

/**
 * Finds the conversation to continue or creates one, before any byte is streamed, so a bad
 * conversationId is a clean 404. Users see only their own conversations; an API key's widget
 * sessions are keyed by `sessionId`.
 * @throws 404 NOT_FOUND for a conversation that is not the caller's.
 */
export async function openConversation(
  db: Kysely<DB>,
  principal: Principal,
  request: ChatRequest,
): Promise<{ conversationId: string; history: ChatTurn[] }> {
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
  } else if (request.sessionId && principal.kind === 'apiKey') {
    conversation = await db
      .selectFrom('conversations')
      .select('id')
      .where('session_id', '=', request.sessionId)
      .where('api_key_id', '=', principal.apiKeyId)
      .executeTakeFirst();
  }
  if (conversation) {
    const turns = await db
      .selectFrom('messages')
      .select(['role', 'content'])
      .where('conversation_id', '=', conversation.id)
      .orderBy('created_at', 'desc')
      .limit(HISTORY_TURNS)
      .execute();
    return { conversationId: conversation.id, history: turns.reverse() };
  }
  const id = newId('conv');
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('conversations')
      .values({
        id,
        company_id: principal.companyId,
        user_id: principal.kind === 'user' ? principal.userId : null,
        api_key_id: principal.kind === 'apiKey' ? principal.apiKeyId : null,
        session_id: request.sessionId ?? null,
        title: request.message.replace(/\s+/g, ' ').slice(0, 80),
      })
      .execute();
    await recordEvent(trx, principal.companyId, 'conversation.created', { conversationId: id });
  });
  return { conversationId: id, history: [] };
}

/** The company's "Cog-RAG configuration" (PUT /api/companies/:id settings). */
async function companySettings(
  db: Kysely<DB>,
  companyId: string,
): Promise<{ topK?: number; systemPrompt?: string; temperature?: number }> {
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
  };
}

/** Sources event items: one per document, best chunk score first. */
export function sourcesOf(chunks: RetrievedChunk[]): SourceView[] {
  const byDoc = new Map<string, SourceView>();
  chunks.forEach((c, i) => {
    const entry = byDoc.get(c.documentId) ?? {
      id: c.documentId,
      name: c.documentName,
      score: c.score,
      chunks: [],
    };
    entry.score = Math.max(entry.score, c.score);
    entry.chunks.push({ citation: i + 1, chunkId: c.chunkId, page: c.pageStart });
    byDoc.set(c.documentId, entry);
  });
  return [...byDoc.values()].sort((a, b) => b.score - a.score);
}

/**
 * Answers one message: retrieve within the caller's company, generate with the provider,
 * filter citations, persist both turns. Yields `token`* → `sources` → `done`.
 * @throws LlmUnavailableError (or any other) — callers turn it into an `error` event or a 503.
 */
export async function* answerStream(
  deps: ChatDeps,
  principal: Principal,
  request: ChatRequest,
  conversation: { conversationId: string; history: ChatTurn[] },
  signal: AbortSignal,
): AsyncGenerator<ChatEvent> {
  const startedAt = new Date();
  const settings = await companySettings(deps.db, principal.companyId);
  // Follow-ups are searched as standalone questions when a model can rewrite them.
  const query =
    conversation.history.length > 0 && deps.llm.condense
      ? await deps.llm.condense(request.message, conversation.history, signal)
      : request.message;
  const sources = await retrieve(deps, {
    companyId: principal.companyId,
    query,
    topicId: request.topicId,
    limit: settings.topK ?? SOURCES_PER_ANSWER,
  });
  // An LLM reads each source with its neighbouring chunks; the extractive answerer quotes only
  // from the cited chunk itself, so every quote is inside the chunk its [n] points at.
  const context =
    deps.llm.name === 'extractive'
      ? sources
      : await expandWithNeighbours(deps.db, principal.companyId, sources, 1);
  const filter = new CitationFilter(sources.length);
  let answer = '';
  for await (const fragment of deps.llm.generate({
    question: request.message,
    sources: context,
    history: conversation.history,
    signal,
    settings: { systemPrompt: settings.systemPrompt, temperature: settings.temperature },
  })) {
    const text = filter.push(fragment);
    if (text) {
      answer += text;
      yield { type: 'token', content: text };
    }
  }
  const rest = filter.flush();
  if (rest) {
    answer += rest;
    yield { type: 'token', content: rest };
  }
  const sourceViews = sourcesOf(sources);
  yield { type: 'sources', sources: sourceViews };
  const citationMap = buildCitationMap(filter.used, sources);
  const messageId = newId('msg');
  await deps.db.transaction().execute(async (trx) => {
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
          content: answer,
          created_at: new Date(),
          citation_map: JSON.stringify(citationMap),
          sources: JSON.stringify(sourceViews),
        },
      ])
      .execute();
    await trx
      .updateTable('conversations')
      .set({ updated_at: new Date() })
      .where('id', '=', conversation.conversationId)
      .execute();
  });
  yield { type: 'done', citationMap, conversationId: conversation.conversationId, messageId };
}
