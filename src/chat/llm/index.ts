import type { Config } from '../../config/index.ts';
import type { Embedder } from '../../embeddings/embedder.ts';
import { extractiveProvider } from './extractive.ts';
import { ollamaProvider } from './ollama.ts';
import type { LlmProvider } from './provider.ts';

/** The provider named by LLM_PROVIDER; add a backend here and in src/chat/llm/. */
export function createLlmProvider(config: Config, embedder: Embedder): LlmProvider {
  switch (config.llmProvider) {
    case 'ollama':
      return ollamaProvider({ url: config.ollamaUrl, model: config.ollamaModel });
    case 'extractive':
      return extractiveProvider(embedder);
  }
}

export type { LlmProvider } from './provider.ts';
