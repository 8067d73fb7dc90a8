import type { RetrievedChunk } from '../../retrieval/types.ts';

export interface ChatTurn {
  role: 'user' | 'assistant';
  content: string;
  /** An assistant turn's cited documents, by name (the conversation's topic for follow-up.ts). */
  documents?: string[];
}

/**
 * A numbered source: the retrieved chunk (what `[n]` cites) and, when expanded, the text around
 * it that an LLM should read (src/retrieval/expand.ts).
 */
export type Source = RetrievedChunk & {
  contextText?: string;
  /** Set for a web search result (src/chat/web-sources.ts): external, not a company document. */
  web?: { url: string; title: string; source: string };
};

/** What a provider gets: the question, the numbered sources ([1] = sources[0]) and the history. */
export interface GenerationRequest {
  question: string;
  sources: Source[];
  history: ChatTurn[];
  signal: AbortSignal;
  /** The company's generation settings ("Cog-RAG configuration"); unset = provider defaults. */
  settings?: GenerationSettings;
  /**
   * Set when `question` is a follow-up completed from the conversation (answering/follow-up.ts):
   * the previous answer, which the follow-up asks beyond (the extractive answerer does not repeat it).
   */
  previousAnswer?: string;
  /**
   * Set with `previousAnswer`: the person's own words before completion. Answerability reads the
   * constraints (a year, a place, a name) of these only: the earlier question's were the earlier
   * answer's to meet ("And the flight number?" after a question about October 2018 asks nothing
   * about a date).
   */
  message?: string;
  /**
   * Set with `previousAnswer` when the follow-up could be condensed into a question of its own
   * (answering/condense.ts): what the reader reads instead of the completion, which carries the
   * earlier question's words for retrieval and the rules.
   */
  readerQuestion?: string;
}

export interface GenerationSettings {
  /** Replaces the default system prompt's instructions (the citation rules are always kept). */
  systemPrompt?: string;
  temperature?: number;
  /**
   * Least calibrated answerability (0..1) for an answer: the reader's gate (src/chat/reader/
   * answerability.ts; unset: DEFAULT_GATE_THRESHOLD), or without a reader the rules' own
   * (src/chat/answering/assess.ts; unset: DEFAULT_ANSWER_THRESHOLD). Below it: the refusal.
   */
  answerThreshold?: number;
}

/**
 * An answer generator. `generate` yields text fragments as they are produced; citation markers
 * `[n]` refer to `sources[n-1]`. Implementations: src/chat/llm/extractive.ts, ollama.ts.
 */
export interface LlmProvider {
  readonly name: string;
  /** The model behind it, for /api/health. */
  readonly model: string | null;
  generate(request: GenerationRequest): AsyncIterable<string>;
  /**
   * Rewrites a follow-up ("and for the MAX 9?") into a standalone question for retrieval, from
   * the conversation so far. Providers without a language model leave it out.
   */
  condense?(question: string, history: ChatTurn[], signal: AbortSignal): Promise<string>;
  /** Frees what the provider holds (an in-process model); called when the app shuts down. */
  close?(): Promise<void>;
}

/** The LLM backend cannot be reached or failed mid-answer. */
export class LlmUnavailableError extends Error {
  override name = 'LlmUnavailableError';
}

/** Every generation slot is taken and the wait queue is full; try again after `retryAfterSeconds`. */
export class LlmBusyError extends LlmUnavailableError {
  override name = 'LlmBusyError';
  readonly retryAfterSeconds: number;
  constructor(message: string, retryAfterSeconds: number) {
    super(message);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}
