/**
 * The embedding contract (shaped after vercel/ai's EmbeddingModelV2): vectors come back in input
 * order, L2-normalised, `dimensions` long; batches are split internally.
 */
export interface Embedder {
  readonly modelId: string;
  readonly dimensions: number;
  /** Longest input in tokens; longer inputs are truncated. */
  readonly maxTokens: number;
  /** Tokens of `text` under the model's tokenizer, without special tokens. */
  count(text: string): number;
  /** Embeds passages (document chunks), in order. */
  embedDocuments(texts: string[]): Promise<number[][]>;
  /** Embeds one search query (models with a query instruction get it here). */
  embedQuery(text: string): Promise<number[]>;
}

/** The embedding model files are not in MODELS_DIR. */
export class ModelNotFoundError extends Error {
  override name = 'ModelNotFoundError';
}

/** Formats a vector as a pgvector literal `[x,y,…]`. */
export function toPgVector(vector: number[]): string {
  return `[${vector.join(',')}]`;
}
