import type { Config } from '../../config/index.ts';
import type { Embedder } from '../../embeddings/embedder.ts';
import { extractiveProvider } from './extractive.ts';
import type { Reader } from '../reader/reader.ts';
import { ollamaProvider } from './ollama.ts';
import { openAiCompatibleProvider } from './openai.ts';
import { loadLlamaCppProvider } from './llamacpp.ts';
import { llamaCppModelPath } from './llamacpp-model.ts';
import type { LlmProvider } from './provider.ts';

/**
 * The provider named by LLM_PROVIDER; add a backend here and in src/chat/llm/.
 * @throws LlmUnavailableError when an in-process model cannot be loaded.
 */
export async function createLlmProvider(
  config: Config,
  embedder: Embedder,
  reader: Reader | null = null,
): Promise<LlmProvider> {
  switch (config.llmProvider) {
    case 'ollama':
      return ollamaProvider({
        url: config.ollamaUrl,
        model: config.ollamaModel,
        keepAlive: config.ollamaKeepAlive,
        maxTokens: config.llmMaxTokens,
        timeoutMs: config.llmTimeoutMs,
      });
    case 'openai':
      return openAiCompatibleProvider({
        baseUrl: config.openaiBaseUrl,
        apiKey: config.openaiApiKey,
        model: config.openaiModel,
        maxTokens: config.llmMaxTokens,
        timeoutMs: config.llmTimeoutMs,
      });
    case 'llamacpp':
      return loadLlamaCppProvider({
        modelPath: llamaCppModelPath(config.modelsDir, config.llamacppModel),
        contextSize: config.llamacppContextSize,
        maxTokens: config.llmMaxTokens,
        concurrency: config.llamacppConcurrency,
        queueLength: config.llamacppQueue,
        timeoutMs: config.llmTimeoutMs,
        threads: config.llamacppThreads,
      });
    case 'extractive':
      return extractiveProvider(embedder, { reader, passages: config.reader.passages });
  }
}

export type { LlmProvider } from './provider.ts';
