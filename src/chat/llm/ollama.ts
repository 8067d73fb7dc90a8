import { Ollama } from 'ollama';
import { buildCondenseMessages, buildMessages } from '../prompt.ts';
import { LlmUnavailableError, type ChatTurn, type GenerationRequest, type LlmProvider } from './provider.ts';

/**
 * Streams from Ollama's /api/chat (https://github.com/ollama/ollama/blob/main/docs/api.md),
 * through the official `ollama` client.
 */
export function ollamaProvider(options: { url: string; model: string; temperature?: number }): LlmProvider {
  return {
    name: 'ollama',
    model: options.model,
    async condense(question: string, history: ChatTurn[], signal: AbortSignal) {
      const client = new Ollama({ host: options.url });
      const onAbort = () => client.abort();
      signal.addEventListener('abort', onAbort, { once: true });
      try {
        const response = await client.chat({
          model: options.model,
          messages: buildCondenseMessages(question, history),
          stream: false,
          options: { temperature: 0 },
        });
        const standalone = response.message?.content?.trim();
        // A model that rambles is ignored: the original question still retrieves something.
        return standalone && standalone.length <= 4 * question.length + 200 ? standalone : question;
      } catch (err) {
        throw new LlmUnavailableError(
          `Ollama at ${options.url} is not reachable: ${(err as Error).message}`,
          { cause: err },
        );
      } finally {
        signal.removeEventListener('abort', onAbort);
      }
    },
    async *generate(request: GenerationRequest) {
      const client = new Ollama({ host: options.url });
      let stream;
      try {
        stream = await client.chat({
          model: options.model,
          messages: buildMessages(
            request.question,
            request.sources,
            request.history,
            request.settings?.systemPrompt,
          ),
          stream: true,
          options: { temperature: request.settings?.temperature ?? options.temperature ?? 0.1 },
        });
      } catch (err) {
        throw new LlmUnavailableError(
          `Ollama at ${options.url} is not reachable: ${(err as Error).message}`,
          {
            cause: err,
          },
        );
      }
      const onAbort = () => stream.abort();
      request.signal.addEventListener('abort', onAbort, { once: true });
      try {
        for await (const part of stream) {
          if (part.message?.content) yield part.message.content;
          if (part.done) break;
        }
      } catch (err) {
        if (request.signal.aborted) return;
        throw new LlmUnavailableError(`Ollama failed mid-answer: ${(err as Error).message}`, { cause: err });
      } finally {
        request.signal.removeEventListener('abort', onAbort);
      }
    },
  };
}
