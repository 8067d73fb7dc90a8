import { existsSync } from 'node:fs';
import { join } from 'node:path';

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

/**
 * Whether a model folder in the transformers.js layout holds int8 weights
 * (`onnx/model_quantized.onnx`, preferred) or only fp32 ones (`onnx/model.onnx`).
 * @param missing the error's message when it holds neither
 * @throws ModelNotFoundError when it holds neither
 */
export function holdsQuantizedOnnx(folder: string, missing: string): boolean {
  if (existsSync(join(folder, 'onnx', 'model_quantized.onnx'))) return true;
  if (existsSync(join(folder, 'onnx', 'model.onnx'))) return false;
  throw new ModelNotFoundError(missing);
}

/** Formats a vector as a pgvector literal `[x,y,…]`. */
export function toPgVector(vector: number[]): string {
  return `[${vector.join(',')}]`;
}

/**
 * A vector in pgvector's binary input format (`vector_recv`, pgvector src/vector.c): int16
 * dimensions, int16 0, then each element as a big-endian float4. node-postgres sends a Buffer
 * parameter in binary, so neither side formats or parses 384 decimal numbers (the text literal
 * cost a new question ≈ 0.4 ms of the API thread under load). Each element is rounded to the
 * nearest float4, as pgvector's parse of the text form rounds it (test/retrieval/pgvector-binary.test.ts).
 */
export function toPgVectorBinary(vector: readonly number[]): Buffer {
  const bytes = Buffer.allocUnsafe(4 + 4 * vector.length);
  bytes.writeInt16BE(vector.length, 0);
  bytes.writeInt16BE(0, 2);
  for (let i = 0; i < vector.length; i++) bytes.writeFloatBE(vector[i]!, 4 + 4 * i);
  return bytes;
}
