/** The retrieval settings a run answers with: the company's, as the chat service reads them. */
import { companySettings, SOURCES_PER_ANSWER, type ChatDeps } from '../chat/chat.service.ts';
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

/** The settings the company's chat answers with now (chat.service.ts `companySettings`). */
export async function settingsSnapshot(deps: ChatDeps, companyId: string): Promise<RunSettings> {
  const settings = await companySettings(deps.db, companyId);
  return {
    topK: settings.topK ?? SOURCES_PER_ANSWER,
    retrievalMode: effectiveMode(deps, settings.rerank ? 'rerank' : undefined),
    provider: deps.llm.name,
    model: deps.llm.model ?? null,
  };
}
