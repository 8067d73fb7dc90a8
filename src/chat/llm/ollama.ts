import { Ollama } from 'ollama';
import { buildCondenseMessages, buildMessages } from '../prompt.ts';
import { LlmUnavailableError, type ChatTurn, type GenerationRequest, type LlmProvider } from './provider.ts';

export interface OllamaOptions {
  url: string;
  model: string;
  temperature?: number;
  /** Ollama's `keep_alive`: how long the model stays loaded after a request (`5m`, `1h`, `-1`). */
  keepAlive?: string;
  /** Largest answer, tokens (Ollama's `num_predict`). */
  maxTokens?: number;
  /** Whole-request limit, ms (loading the model counts): past it the request is aborted. */
  timeoutMs?: number;
}

/** A reason fit for the log and the `error` event, naming the fix when the model is missing. */
function unavailable(options: OllamaOptions, err: unknown, timedOut: boolean): LlmUnavailableError {
  const status = (err as { status_code?: number }).status_code;
  const message = (err as Error).message ?? String(err);
  if (timedOut) {
    return new LlmUnavailableError(`Ollama did not answer within ${options.timeoutMs} ms`, { cause: err });
  }
  if (status === 404 || /model .* not found/i.test(message)) {
    return new LlmUnavailableError(
      `the model "${options.model}" is not on the Ollama server at ${options.url}: run "ollama pull ${options.model}" there`,
      { cause: err },
    );
  }
  return new LlmUnavailableError(`Ollama at ${options.url} failed: ${message}`, { cause: err });
}

/**
 * Streams from Ollama's /api/chat (https://github.com/ollama/ollama/blob/main/docs/api.md),
 * through the official `ollama` client; `num_predict` caps the answer and a timer aborts a
 * request that outlives `timeoutMs`.
 */
export function ollamaProvider(options: OllamaOptions): LlmProvider {
  /**
   * A client whose requests end when `signal` aborts or the time limit passes. The signal goes
   * into every fetch, so it also ends a request still waiting for its response headers (the
   * client's own abort() reaches only streams already under way).
   */
  function guardedClient(signal: AbortSignal) {
    const controller = new AbortController();
    const state = { timedOut: false };
    const abort = () => controller.abort();
    signal.addEventListener('abort', abort, { once: true });
    const timer = options.timeoutMs
      ? setTimeout(() => {
          state.timedOut = true;
          controller.abort();
        }, options.timeoutMs)
      : null;
    const client = new Ollama({
      host: options.url,
      fetch: (input, init) =>
        fetch(input, {
          ...init,
          signal: init?.signal ? AbortSignal.any([init.signal, controller.signal]) : controller.signal,
        }),
    });
    const release = () => {
      signal.removeEventListener('abort', abort);
      if (timer) clearTimeout(timer);
    };
    return { client, state, release };
  }

  return {
    name: 'ollama',
    model: options.model,
    async condense(question: string, history: ChatTurn[], signal: AbortSignal) {
      const { client, state, release } = guardedClient(signal);
      try {
        const response = await client.chat({
          model: options.model,
          messages: buildCondenseMessages(question, history),
          stream: false,
          keep_alive: options.keepAlive,
          options: { temperature: 0, num_predict: 200 },
        });
        const standalone = response.message?.content?.trim();
        // A model that rambles is ignored: the original question still retrieves something.
        return standalone && standalone.length <= 4 * question.length + 200 ? standalone : question;
      } catch (err) {
        throw unavailable(options, err, state.timedOut);
      } finally {
        release();
      }
    },
    async *generate(request: GenerationRequest) {
      const { client, state, release } = guardedClient(request.signal);
      try {
        const stream = await client.chat({
          model: options.model,
          messages: buildMessages(
            request.question,
            request.sources,
            request.history,
            request.settings?.systemPrompt,
          ),
          stream: true,
          keep_alive: options.keepAlive,
          options: {
            temperature: request.settings?.temperature ?? options.temperature ?? 0.1,
            ...(options.maxTokens ? { num_predict: options.maxTokens } : {}),
          },
        });
        for await (const part of stream) {
          if (part.message?.content) yield part.message.content;
          if (part.done) break;
        }
      } catch (err) {
        if (request.signal.aborted) return;
        throw unavailable(options, err, state.timedOut);
      } finally {
        release();
      }
    },
  };
}
