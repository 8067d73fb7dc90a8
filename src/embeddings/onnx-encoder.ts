/**
 * The embedding model run without transformers.js's feature-extraction pipeline, so that each
 * text is tokenized once: the pipeline tokenizes every batch again, after the embedder already
 * tokenized every text to plan length-sorted batches (batching.ts). Here the ids of that one pass
 * are padded into int64 tensors per batch, the model gives `last_hidden_state` [batch, seq, dim],
 * and pooling (mean over the attention mask, or the [CLS] vector) and L2 normalisation run over
 * the Float32Array in place (the sentence-transformers pooling: Reimers & Gurevych 2019).
 */
import { Tensor, type PreTrainedModel, type PreTrainedTokenizer } from '@huggingface/transformers';

/** Token ids of each text with the model's special tokens, truncated to `maxTokens`. */
export function tokenizeAll(tokenizer: PreTrainedTokenizer, texts: string[], maxTokens: number): number[][] {
  if (texts.length === 0) return [];
  const encoded = tokenizer(texts, {
    padding: false,
    truncation: true,
    max_length: maxTokens,
    return_tensor: false,
  }) as { input_ids: number[][] };
  return encoded.input_ids;
}

/**
 * Runs one batch of token id lists (any lengths; padded here with id `padId`) and returns one
 * L2-normalised vector per list, in order.
 */
export async function encodeBatch(
  model: PreTrainedModel,
  batch: readonly (readonly number[])[],
  pooling: 'mean' | 'cls',
  padId = 0,
): Promise<number[][]> {
  const rows = batch.length;
  const width = Math.max(1, ...batch.map((ids) => ids.length));
  const ids = new BigInt64Array(rows * width).fill(BigInt(padId));
  const mask = new BigInt64Array(rows * width);
  batch.forEach((list, r) => {
    for (let c = 0; c < list.length; c++) {
      ids[r * width + c] = BigInt(list[c]!);
      mask[r * width + c] = 1n;
    }
  });
  const dims = [rows, width];
  const output = (await model({
    input_ids: new Tensor('int64', ids, dims),
    attention_mask: new Tensor('int64', mask, dims),
    token_type_ids: new Tensor('int64', new BigInt64Array(rows * width), dims),
  })) as { last_hidden_state: Tensor };
  const hidden = output.last_hidden_state.data as Float32Array;
  const dim = output.last_hidden_state.dims[2]!;
  return batch.map((list, r) => {
    const vector = new Float64Array(dim);
    const tokens = pooling === 'cls' ? 1 : Math.max(1, list.length);
    for (let c = 0; c < tokens; c++) {
      const base = (r * width + c) * dim;
      for (let d = 0; d < dim; d++) vector[d]! += hidden[base + d]!;
    }
    let norm = 0;
    for (let d = 0; d < dim; d++) norm += vector[d]! * vector[d]!;
    // Mean then normalise equals normalising the sum: the 1/tokens factor cancels.
    const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
    return Array.from(vector, (x) => x * scale);
  });
}
