import { availableParallelism } from 'node:os';
import {
  getLlama,
  LlamaChatSession,
  LlamaLogLevel,
  type ChatHistoryItem,
  type LlamaContextSequence,
} from 'node-llama-cpp';
import { buildMessages } from '../prompt.ts';
import { fitToContext } from './context-budget.ts';
import { LlmBusyError, LlmUnavailableError, type GenerationRequest, type LlmProvider } from './provider.ts';
import { TokenQueue } from './token-queue.ts';

export interface LlamaCppOptions {
  /** Absolute path of the GGUF file. */
  modelPath: string;
  /** Context window per generation, tokens (prompt + answer). */
  contextSize: number;
  /** Largest answer, tokens. */
  maxTokens: number;
  /** Generations running at once (one context sequence each). */
  concurrency: number;
  /** Requests allowed to wait for a free sequence; past that the provider answers busy. */
  queueLength: number;
  /** Limit on one generation, ms; past it the answer stops where it is. */
  timeoutMs: number;
  /** CPU threads for llama.cpp; 0 = half the machine's cores (at least 1), see THREADS_NOTE. */
  threads: number;
  temperature?: number;
}

/**
 * THREADS_NOTE: llama.cpp's threads spin at their barriers, so when they outnumber the free cores
 * generation collapses: on 2 busy cores SmolLM2-135M took 48 s for a 15-token answer with 2
 * threads and 1.5 s with 1. Half the cores leaves the rest to the API and the embedder.
 */
const defaultThreads = () => Math.max(1, Math.floor(availableParallelism() / 2));

/** Seconds a refused caller is told to wait: about one answer's generation. */
const BUSY_RETRY_AFTER_S = 10;

/**
 * In-process generation with llama.cpp through `node-llama-cpp`, on the CPU with its prebuilt
 * binaries (`gpu: false, build: 'never'`: nothing is compiled or downloaded at run time). One
 * model per process; `concurrency` context sequences generate at once, `queueLength` more wait,
 * and further requests get LlmBusyError (503 with retryAfter). The prompt is fitted to the
 * context window (context-budget.ts), tokens stream as llama.cpp produces them, and the
 * caller's abort signal (client disconnect) or the time limit stops generation.
 * @throws LlmUnavailableError when the model file cannot be loaded.
 */
export async function loadLlamaCppProvider(options: LlamaCppOptions): Promise<LlmProvider> {
  let llama;
  let model;
  try {
    llama = await getLlama({ gpu: false, build: 'never', logLevel: LlamaLogLevel.error });
    model = await llama.loadModel({ modelPath: options.modelPath });
  } catch (err) {
    throw new LlmUnavailableError(
      `cannot load the GGUF model ${options.modelPath}: ${(err as Error).message}`,
      {
        cause: err,
      },
    );
  }
  const context = await model.createContext({
    contextSize: options.contextSize,
    sequences: options.concurrency,
    threads: options.threads > 0 ? options.threads : defaultThreads(),
  });
  const free: LlamaContextSequence[] = Array.from({ length: options.concurrency }, () =>
    context.getSequence(),
  );
  const waiting: ((sequence: LlamaContextSequence) => void)[] = [];

  async function acquire(): Promise<LlamaContextSequence> {
    const sequence = free.pop();
    if (sequence) return sequence;
    if (waiting.length >= options.queueLength) {
      throw new LlmBusyError('every generation slot is busy', BUSY_RETRY_AFTER_S);
    }
    return new Promise((resolve) => waiting.push(resolve));
  }
  async function release(sequence: LlamaContextSequence) {
    await sequence.clearHistory();
    const next = waiting.shift();
    if (next) next(sequence);
    else free.push(sequence);
  }
  const countTokens = (text: string) => model.tokenize(text).length;

  return {
    name: 'llamacpp',
    model: options.modelPath.split('/').pop() ?? options.modelPath,
    async *generate(request: GenerationRequest) {
      const sequence = await acquire();
      const queue = new TokenQueue();
      const stop = AbortSignal.any([request.signal, AbortSignal.timeout(options.timeoutMs)]);
      try {
        const messages = fitToContext(
          (sources, history) =>
            buildMessages(request.question, sources, history, request.settings?.systemPrompt),
          request.sources,
          request.history,
          { countTokens, budget: options.contextSize - options.maxTokens },
        );
        const [system, ...rest] = messages;
        const last = rest.pop()!;
        const history: ChatHistoryItem[] = [
          { type: 'system', text: system!.content },
          ...rest.map((m): ChatHistoryItem =>
            m.role === 'user' ? { type: 'user', text: m.content } : { type: 'model', response: [m.content] },
          ),
        ];
        const session = new LlamaChatSession({ contextSequence: sequence, autoDisposeSequence: false });
        session.setChatHistory(history);
        const done = session
          .prompt(last.content, {
            maxTokens: options.maxTokens,
            temperature: request.settings?.temperature ?? options.temperature ?? 0.1,
            signal: stop,
            stopOnAbortSignal: true,
            onTextChunk: (text) => queue.push(text),
          })
          .then(
            () => queue.end(),
            (err: unknown) =>
              queue.end(
                new LlmUnavailableError(`llama.cpp failed: ${(err as Error).message}`, { cause: err }),
              ),
          )
          .finally(() => session.dispose({ disposeSequence: false }));
        try {
          for await (const text of queue) {
            if (request.signal.aborted) break;
            yield text;
          }
        } finally {
          await done;
        }
      } finally {
        await release(sequence);
      }
    },
    async close() {
      await context.dispose();
      await model.dispose();
      await llama.dispose();
    },
  };
}
