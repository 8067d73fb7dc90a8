/**
 * A cross-encoder reranker run in-process with transformers.js: each (query, passage) pair is
 * tokenized together (`[CLS] query [SEP] passage [SEP]`, token types 0/1) and the model's
 * sequence-classification logit is the relevance score (Nogueira & Cho 2019, "Passage Re-ranking
 * with BERT"; the ms-marco-MiniLM cross-encoders of sentence-transformers output one logit).
 *
 * Bounded twice: only the `topN` best hybrid candidates are scored, and scoring stops between
 * batches once `budgetMs` is spent — the pairs left unscored keep their hybrid order after the
 * scored ones (see retriever.ts), so a slow machine degrades to hybrid instead of timing out.
 */
import path from 'node:path';
import {
  AutoModelForSequenceClassification,
  AutoTokenizer,
  env,
  type PreTrainedModel,
  type PreTrainedTokenizer,
  type Tensor,
} from '@huggingface/transformers';
import type { Reranker } from '../retriever.ts';
import { holdsQuantizedOnnx } from '../../embeddings/embedder.ts';

/** RERANK_* settings. */
export interface CrossEncoderOptions {
  /** Candidates re-scored per query (the hybrid pool's best). */
  topN: number;
  /** Time for scoring one query's candidates, ms; checked between batches. */
  budgetMs: number;
  /** Pairs per ONNX run. */
  batchSize: number;
  /** Longest pair, tokens; longer passages are truncated (the model's window is 512). */
  maxTokens: number;
}

export const DEFAULT_CROSS_ENCODER_OPTIONS: CrossEncoderOptions = Object.freeze({
  topN: 20,
  budgetMs: 2000,
  batchSize: 8,
  maxTokens: 256,
});

/**
 * The cross-encoder's folder (`<modelsDir>/<modelId>`, or `modelId` when absolute) and whether it
 * holds the int8 model (preferred) or only fp32.
 * @throws ModelNotFoundError when neither ONNX file exists
 */
export function crossEncoderFiles(
  modelsDir: string,
  modelId: string,
): { folder: string; quantized: boolean } {
  const folder = path.isAbsolute(modelId) ? modelId : path.join(modelsDir, modelId);
  const quantized = holdsQuantizedOnnx(
    folder,
    `reranker ${modelId} not found: no onnx/model_quantized.onnx or onnx/model.onnx in ${folder} (docs/models.md: installing a reranker)`,
  );
  return { folder, quantized };
}

/**
 * Loads a cross-encoder on the calling thread (the server loads it on a thread of its own:
 * cross-encoder-thread.ts) from `<modelsDir>/<modelId>` (or from `modelId` itself when it is an
 * absolute folder) in the transformers.js layout: config.json, tokenizer.json,
 * tokenizer_config.json and onnx/model_quantized.onnx (int8, preferred) or onnx/model.onnx.
 * Nothing is fetched: remote models are off.
 * @throws ModelNotFoundError when neither ONNX file exists.
 */
export async function loadCrossEncoder(
  modelsDir: string,
  modelId: string,
  options: CrossEncoderOptions = DEFAULT_CROSS_ENCODER_OPTIONS,
): Promise<Reranker & { readonly options: CrossEncoderOptions }> {
  const { folder, quantized } = crossEncoderFiles(modelsDir, modelId);
  // transformers.js resolves ids under one global folder: point it at the model's parent.
  env.allowRemoteModels = false;
  env.localModelPath = path.dirname(folder) + path.sep;
  const id = path.basename(folder);
  const tokenizer: PreTrainedTokenizer = await AutoTokenizer.from_pretrained(id);
  const model: PreTrainedModel = await AutoModelForSequenceClassification.from_pretrained(id, {
    dtype: quantized ? 'q8' : 'fp32',
    session_options: { intraOpNumThreads: 1, interOpNumThreads: 1 },
  });

  async function scoreBatch(query: string, passages: string[]): Promise<number[]> {
    const inputs = tokenizer(new Array<string>(passages.length).fill(query), {
      text_pair: passages,
      padding: true,
      truncation: true,
      max_length: options.maxTokens,
    });
    const { logits } = (await model(inputs)) as { logits: Tensor };
    const [rows, labels] = logits.dims as [number, number];
    const values = logits.data as Float32Array;
    // One logit: the relevance. Two (not-relevant, relevant): the second.
    return Array.from({ length: rows }, (_, i) => values[i * labels + labels - 1]!);
  }

  return {
    modelId,
    options,
    async score(query, passages) {
      const started = performance.now();
      const scores: number[] = [];
      const wanted = passages.slice(0, options.topN);
      for (let i = 0; i < wanted.length; i += options.batchSize) {
        if (i > 0 && performance.now() - started > options.budgetMs) break;
        scores.push(...(await scoreBatch(query, wanted.slice(i, i + options.batchSize))));
      }
      return scores;
    },
  };
}
