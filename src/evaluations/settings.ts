/** The retrieval settings a run answers with: the company's, as the chat service reads them. */
import type { ChatDeps } from '../chat/chat.service.ts';
import { effectiveMode, type RetrievalMode } from '../retrieval/retriever.ts';

/** What a run answered with, snapshotted when it starts (docs/evaluations.md). */
export interface RunSettings {
  /** Chunks retrieved per question (the company's topK, else the chat default). */
  topK: number;
  /** Retrieval mode that ran: `hybrid`, `dense`, `lexical` or `rerank`. */
  retrievalMode: RetrievalMode;
  /** LLM_PROVIDER of the process that ran it (`extractive`, `ollama`, …) and its model, if any. */
  provider: string;
  model: string | null;
}

/**
 * Chunks given to the answerer when the company sets no topK: SOURCES_PER_ANSWER of
 * src/chat/chat.service.ts (not exported there).
 */
const CHAT_DEFAULT_TOP_K = 6;

/** The settings the company's chat answers with now (chat.service.ts `companySettings`). */
export async function settingsSnapshot(deps: ChatDeps, companyId: string): Promise<RunSettings> {
  const row = await deps.db
    .selectFrom('companies')
    .select('settings')
    .where('id', '=', companyId)
    .executeTakeFirst();
  const s = (row?.settings ?? {}) as Record<string, unknown>;
  return {
    topK: typeof s.topK === 'number' ? s.topK : CHAT_DEFAULT_TOP_K,
    retrievalMode: effectiveMode(deps, s.rerank === true ? 'rerank' : undefined),
    provider: deps.llm.name,
    model: deps.llm.model ?? null,
  };
}
