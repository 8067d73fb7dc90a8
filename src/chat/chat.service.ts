/**
 * Answering a chat message: retrieval within what the caller may read, the answerer (extractive or
 * a model), citations, grounding and the stored turns; the conversation comes from
 * open-conversation.ts.
 */
import type { Kysely } from 'kysely';
import { chatStopwatch } from './step-timings.ts';
import type { DB } from '../db/schema.ts';
import type { Principal } from '../auth/principal.ts';
import { newId } from '../lib/ids.ts';
import type { ChatRequest, OpenConversation } from './open-conversation.ts';
import { effectiveMode, retrieve, type RetrieverDeps } from '../retrieval/retriever.ts';
import { expandWithNeighbours } from '../retrieval/expand.ts';
import type { ChatTurn, LlmProvider, Source } from './llm/provider.ts';
import { buildCitationMap, type Citation } from './citations.ts';
import { webSources } from './web-sources.ts';
import { withSourceUrls } from '../connectors/source-urls.ts';
import { sourcesOf, type SourceView } from './sources.ts';
import { SourceSupport } from './attribution.ts';
import { GroundedAnswer } from './grounding.ts';
import { assess, DEFAULT_ANSWER_THRESHOLD } from './answering/assess.ts';
import type { Reader } from './reader/reader.ts';
import { readSources } from './reader/read-sources.ts';
import { answerabilityOf } from './reader/answerability.ts';
import { condensedQuestion } from './answering/condense.ts';
import { followUpQuestion } from './answering/follow-up.ts';
import { REFUSAL_SENTENCE } from './prompt.ts';
import { accessScopeOf } from '../access/scope.ts';

export { openConversation, type ChatRequest, type OpenConversation } from './open-conversation.ts';

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

export interface ChatDeps extends RetrieverDeps {
  db: Kysely<DB>;
  /** The installation's answerer (LLM_PROVIDER). */
  llm: LlmProvider;
  /** The answerer of a company (its own choice, or `llm`); absent: `llm` for everyone. */
  llmFor?: (companyId: string) => Promise<LlmProvider>;
  /** The extractive reader: its span grounds a generated answer that states it; null or absent = none. */
  reader?: Reader | null;
  /** Retrieved chunks the reader reads per question (READER_PASSAGES). */
  readerPassages?: number;
}

/** Chunks given to the model as numbered sources. */
export const SOURCES_PER_ANSWER = 6;

/** The conversation's last answer ('' when none). */
const previousAnswerOf = (history: readonly ChatTurn[]): string =>
  history.findLast((t) => t.role === 'assistant')?.content ?? '';

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
  const watch = chatStopwatch();
  const settings = await companySettings(deps.db, principal.companyId);
  const llm = deps.llmFor ? await deps.llmFor(principal.companyId) : deps.llm;
  watch.lap('settings');
  // Follow-ups are searched as standalone questions: rewritten by a model when there is one,
  // else joined with the previous question and its answer's entities (follow-up.ts).
  const followUp =
    conversation.history.length > 0 ? followUpQuestion(request.message, conversation.history) : null;
  // Without a model to rewrite it, the reader reads a follow-up condensed into a natural question
  // by rules (condense.ts) where they can; retrieval keeps the completion's extra words.
  const condensed =
    followUp && !llm.condense ? condensedQuestion(request.message, conversation.history) : null;
  const query =
    conversation.history.length > 0 && llm.condense
      ? await llm.condense(request.message, conversation.history, signal)
      : (followUp ?? request.message);
  if (conversation.history.length > 0) watch.lap('condense');
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
  watch.lap('retrieve');
  // An LLM reads each source with its neighbouring chunks; the extractive answerer quotes only
  // from the cited chunk itself, so every quote is inside the chunk its [n] points at.
  const web = webSources(request.webResults ?? []);
  const sources: Source[] = [...documents, ...web];
  observer?.retrieved?.(sources);
  const context =
    llm.name === 'extractive'
      ? sources
      : [...(await expandWithNeighbours(deps.db, principal.companyId, documents, 1)), ...web];
  // The extractive answerer quotes cited sentences or refuses by itself: only a generating model's
  // answer is held back until it is grounded (grounding.ts).
  const extractive = llm.name === 'extractive';
  // A generating model answers only what the extractive answerer's calibrated answerability
  // would answer: the same decision guards every provider (docs/chat.md "The extractive answer"),
  // and a refusal costs no generation. The reader's span, read meanwhile, grounds a generated
  // answer that states it (docs/chat.md "The reader").
  const guarded = !extractive && documents.length > 0;
  const [assessment, reading] = guarded
    ? await Promise.all([
        assess(deps.embedder, query, documents),
        deps.reader
          ? readSources(deps.reader, condensed ?? query, documents, deps.readerPassages ?? 4)
          : null,
      ])
    : [null, null];
  const gate =
    assessment &&
    answerabilityOf(
      assessment.answerable,
      reading,
      Boolean(deps.reader),
      settings.answerThreshold,
      DEFAULT_ANSWER_THRESHOLD,
    );
  const answerable = gate === null || gate.answerable >= gate.threshold;
  if (guarded) watch.lap('assess');
  const readerAnswer =
    reading?.best && answerable ? { text: reading.best.span.text, citation: reading.best.citation } : null;
  const answer = new GroundedAnswer(
    sources.length,
    extractive ? null : new SourceSupport(context),
    readerAnswer,
  );
  const fragments = answerable
    ? llm.generate({
        question: extractive ? (followUp ?? request.message) : request.message,
        sources: context,
        history: conversation.history,
        ...(extractive && followUp
          ? {
              previousAnswer: previousAnswerOf(conversation.history),
              message: request.message,
              ...(condensed ? { readerQuestion: condensed } : {}),
            }
          : {}),
        signal,
        settings: {
          systemPrompt: settings.systemPrompt,
          temperature: settings.temperature,
          answerThreshold: settings.answerThreshold,
        },
      })
    : [REFUSAL_SENTENCE];
  let first = true;
  for await (const fragment of fragments) {
    if (first) watch.lap('first_fragment');
    first = false;
    const text = answer.push(fragment);
    if (text) yield { type: 'token', content: text };
  }
  const rest = answer.finish();
  if (rest) yield { type: 'token', content: rest };
  const sourceViews = await withSourceUrls(
    deps.db,
    principal.companyId,
    sourcesOf(sources, answer.numbering, answer.shown),
    principal.kind === 'apiKey',
  );
  yield { type: 'sources', sources: sourceViews };
  const citationMap = buildCitationMap(answer.numbering, sources);
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
