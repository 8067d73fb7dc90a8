/**
 * Length-sorted, token-budgeted batching: texts are ordered by token count and packed so that a
 * batch never exceeds `maxTexts` texts nor `maxTokens` padded tokens (batch size × its longest
 * text). Padding is what a batch pays for its longest member; sorting makes neighbours alike, and
 * the token budget keeps long chunks in small batches, where int8 ONNX Runtime on the CPU is
 * fastest per text (docs/benchmarks.md "Embedding throughput").
 */

/** One batch: indices into the caller's texts, in the order they are run. */
export type Batch = number[];

/**
 * @param lengths token count of each text (after truncation to the model's window)
 * @returns batches covering every index once; run them and write results back by index
 */
export function planBatches(lengths: readonly number[], maxTexts: number, maxTokens: number): Batch[] {
  const order = lengths.map((_, i) => i).sort((a, b) => lengths[a]! - lengths[b]! || a - b);
  const batches: Batch[] = [];
  let current: Batch = [];
  let longest = 0;
  for (const i of order) {
    const length = Math.max(1, lengths[i]!);
    const wouldBe = Math.max(longest, length) * (current.length + 1);
    if (current.length > 0 && (current.length >= maxTexts || wouldBe > maxTokens)) {
      batches.push(current);
      current = [];
      longest = 0;
    }
    current.push(i);
    longest = Math.max(longest, length);
  }
  if (current.length > 0) batches.push(current);
  return batches;
}
