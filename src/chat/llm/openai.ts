import OpenAI from 'openai';
import { buildCondenseMessages, buildMessages } from '../prompt.ts';
import { LlmUnavailableError, type ChatTurn, type GenerationRequest, type LlmProvider } from './provider.ts';

export interface OpenAiCompatibleOptions {
  /** Base URL of the server's OpenAI API, e.g. `http://127.0.0.1:8000/v1` (vLLM), `…:8080/v1` (llama.cpp). */
  baseUrl: string;
  /** Bearer key; servers that check none accept any value. */
  apiKey: string;
  model: string;
  /** Largest answer, tokens (`max_tokens`). */
  maxTokens: number;
  /** Whole-request limit, ms: connecting, queueing on the server and streaming the answer. */
  timeoutMs: number;
  temperature?: number;
}

/** A reason fit for the log and the `error` event: what failed and what to check. */
function unavailable(options: OpenAiCompatibleOptions, err: unknown): LlmUnavailableError {
  if (err instanceof OpenAI.NotFoundError) {
    return new LlmUnavailableError(
      `the model "${options.model}" is not served at ${options.baseUrl} (check OPENAI_MODEL against GET ${options.baseUrl}/models)`,
      { cause: err },
    );
  }
  if (err instanceof OpenAI.AuthenticationError) {
    return new LlmUnavailableError(`${options.baseUrl} refused OPENAI_API_KEY`, { cause: err });
  }
  if (err instanceof OpenAI.APIConnectionTimeoutError) {
    return new LlmUnavailableError(`${options.baseUrl} did not answer within ${options.timeoutMs} ms`, {
      cause: err,
    });
  }
  return new LlmUnavailableError(
    `the OpenAI-compatible server at ${options.baseUrl} failed: ${(err as Error).message}`,
    { cause: err },
  );
}

/**
 * Any server speaking OpenAI's Chat Completions API (vLLM, llama.cpp server, LM Studio, LocalAI,
 * TGI): streamed with `stream: true` as server-sent `chat.completion.chunk` events ending in
 * `data: [DONE]` (https://platform.openai.com/docs/api-reference/chat/streaming), through the
 * official `openai` client. No retries: a chat answer that waits for retries is worse than an
 * error event; the whole request is bounded by `timeoutMs`.
 */
export function openAiCompatibleProvider(options: OpenAiCompatibleOptions): LlmProvider {
  const client = new OpenAI({
    baseURL: options.baseUrl,
    apiKey: options.apiKey,
    timeout: options.timeoutMs,
    maxRetries: 0,
  });
  return {
    name: 'openai',
    model: options.model,
    async condense(question: string, history: ChatTurn[], signal: AbortSignal) {
      try {
        const response = await client.chat.completions.create(
          {
            model: options.model,
            messages: buildCondenseMessages(question, history),
            temperature: 0,
            max_tokens: 200,
          },
          { signal },
        );
        const standalone = response.choices[0]?.message?.content?.trim();
        // A model that rambles is ignored: the original question still retrieves something.
        return standalone && standalone.length <= 4 * question.length + 200 ? standalone : question;
      } catch (err) {
        throw unavailable(options, err);
      }
    },
    async *generate(request: GenerationRequest) {
      let stream;
      try {
        stream = await client.chat.completions.create(
          {
            model: options.model,
            messages: buildMessages(
              request.question,
              request.sources,
              request.history,
              request.settings?.systemPrompt,
            ),
            stream: true,
            temperature: request.settings?.temperature ?? options.temperature ?? 0.1,
            max_tokens: options.maxTokens,
          },
          { signal: request.signal },
        );
      } catch (err) {
        if (request.signal.aborted) return;
        throw unavailable(options, err);
      }
      try {
        for await (const chunk of stream) {
          const content = chunk.choices[0]?.delta?.content;
          if (content) yield content;
        }
      } catch (err) {
        if (request.signal.aborted) return;
        throw unavailable(options, err);
      }
    },
  };
}
