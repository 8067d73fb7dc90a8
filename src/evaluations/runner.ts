/**
 * Asks an evaluation's questions exactly as `POST /api/chat/message` answers them: the same
 * `openConversation` + `answerStream` (chat.service.ts), so the company's settings (topK,
 * rerank, system prompt), its retrieval, any access rule retrieval applies to the principal, and
 * the current answerer are what is measured.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { Principal } from '../auth/principal.ts';
import { answerStream, openConversation, type ChatDeps, type ChatEvent } from '../chat/chat.service.ts';
import type { SourceView } from '../chat/sources.ts';
import type { RetrievedChunk } from '../retrieval/types.ts';
import { newId } from '../lib/ids.ts';
import type { Question } from './question-set.ts';
import { scoreQuestion, type Observation } from './metrics.ts';
import type { QuestionResult } from './totals.ts';

/** The signed-in user a run answers as (its retrieval sees what this user may read). */
export type UserPrincipal = Extract<Principal, { kind: 'user' }>;

/** What one question's answer showed: the observation, the `sources` event as sent, and the retrieval. */
export interface Answered extends Observation {
  sources: SourceView[];
  /** The chunks retrieval returned for the question, best first (what the answerer was given). */
  retrieved: RetrievedChunk[];
}

/** Title of the conversations a run asks in (they are deleted after each question). */
export const EVALUATION_CONVERSATION_TITLE = 'Evaluation';

/**
 * A conversation row of the principal's own, so `openConversation` loads its history as it does
 * for a continued chat; written here rather than by `openConversation` so no
 * `conversation.created` webhook event announces a run's scratch conversations.
 */
async function scratchConversation(db: Kysely<DB>, principal: UserPrincipal): Promise<string> {
  const id = newId('conv');
  await db
    .insertInto('conversations')
    .values({
      id,
      company_id: principal.companyId,
      user_id: principal.userId,
      title: EVALUATION_CONVERSATION_TITLE,
    })
    .execute();
  return id;
}

/** One message through the chat service, timed from the request to the first token and to `done`. */
async function ask(
  deps: ChatDeps,
  principal: UserPrincipal,
  message: string,
  conversationId: string,
  signal: AbortSignal,
): Promise<Answered> {
  const started = performance.now();
  const conversation = await openConversation(deps.db, principal, { message, conversationId });
  let answer = '';
  let ttftMs: number | null = null;
  let sources: SourceView[] = [];
  let retrieved: RetrievedChunk[] = [];
  let done: Extract<ChatEvent, { type: 'done' }> | null = null;
  for await (const event of answerStream(
    deps,
    principal,
    { message, conversationId },
    conversation,
    signal,
    // Every retrieved chunk, not only the cited ones the `sources` event lists: hit@k and the
    // baselines read what retrieval found, also for refused questions.
    { retrieved: (all) => (retrieved = all.filter((s) => !s.web)) },
  )) {
    if (event.type === 'token') {
      ttftMs ??= performance.now() - started;
      answer += event.content;
    } else if (event.type === 'sources') sources = event.sources;
    else if (event.type === 'done') done = event;
  }
  const latencyMs = performance.now() - started;
  const used = new Set(Object.keys(done?.citationMap ?? {}).map(Number));
  const documents = sources.filter((s) => s.kind !== 'web');
  return {
    answer,
    refused: used.size === 0,
    citedDocuments: [
      ...new Set(documents.filter((s) => s.chunks.some((c) => used.has(c.citation))).map((s) => s.name)),
    ],
    retrievedDocuments: [...new Set(retrieved.map((c) => c.documentName))],
    latencyMs,
    ttftMs,
    sources,
    retrieved,
  };
}

/**
 * Asks one question: its `history` first, in order, in one conversation, then the question in
 * the same conversation; only the question is timed and scored. The conversation is deleted
 * afterwards (its messages go with it), so runs leave no chats or insights behind.
 * A failure (the model unreachable, busy) is recorded in `error` and counts as a refusal.
 */
export async function answerQuestion(
  deps: ChatDeps,
  principal: UserPrincipal,
  question: Question,
  signal: AbortSignal = new AbortController().signal,
): Promise<Answered> {
  let conversationId: string | null = null;
  try {
    conversationId = await scratchConversation(deps.db, principal);
    for (const earlier of question.history) await ask(deps, principal, earlier, conversationId, signal);
    return await ask(deps, principal, question.question, conversationId, signal);
  } catch (err) {
    if (signal.aborted) throw err;
    const message = err instanceof Error ? err.message : String(err);
    return {
      answer: '',
      refused: true,
      citedDocuments: [],
      retrievedDocuments: [],
      latencyMs: 0,
      ttftMs: null,
      sources: [],
      retrieved: [],
      error: message.slice(0, 500),
    };
  } finally {
    if (conversationId)
      await deps.db
        .deleteFrom('conversations')
        .where('id', '=', conversationId)
        .where('company_id', '=', principal.companyId)
        .execute();
  }
}

/** Answers and scores one question; `sources` and `retrieved` as in Answered (not part of the stored result). */
export async function runQuestion(
  deps: ChatDeps,
  principal: UserPrincipal,
  question: Question,
  signal?: AbortSignal,
): Promise<QuestionResult & Pick<Answered, 'sources' | 'retrieved'>> {
  const answered = await answerQuestion(deps, principal, question, signal);
  return { ...answered, question, scores: scoreQuestion(question, answered) };
}

/**
 * The principal a run answers as: the user who started it, as the auth cache would hold them.
 * @returns null when the user is gone or disabled (the run then cannot answer for anyone).
 */
export async function principalOfUser(
  db: Kysely<DB>,
  companyId: string,
  userId: string,
): Promise<UserPrincipal | null> {
  const row = await db
    .selectFrom('users')
    .innerJoin('companies', 'companies.id', 'users.company_id')
    .select(['users.id', 'users.email', 'users.name', 'users.role', 'companies.name as companyName'])
    .where('users.id', '=', userId)
    .where('users.company_id', '=', companyId)
    .where('users.disabled', '=', false)
    .executeTakeFirst();
  if (!row) return null;
  return {
    kind: 'user',
    userId: row.id,
    companyId,
    role: row.role,
    email: row.email,
    name: row.name,
    companyName: row.companyName,
    // No login session: a run is a job, not a request.
    sessionId: '',
  };
}
