/**
 * Micro-batching of search-query embeddings (issue 37): concurrent requests' queries go to the
 * model together, so throughput rises with concurrency instead of each query queueing for its own
 * model run. The policy is the "natural batching" of TensorFlow Serving's and Triton's dynamic
 * batchers without a timeout: a query that arrives while the model is idle runs at once (after
 * the current synchronous stretch, so queries queued together join it); queries that arrive
 * while a run is in progress wait for it and then run together as the next batch. A lone query
 * therefore waits for nothing, and under load each run carries everything that queued meanwhile.
 * One run holds at most `maxBatch` queries; the rest form the following run.
 */

/** Runs one batch: one vector per text, in order. */
export type BatchEncoder = (texts: string[]) => Promise<number[][]>;

interface Waiting {
  text: string;
  resolve(vector: number[]): void;
  reject(err: unknown): void;
}

/** Observations of the batcher, for metrics and benchmarks. */
export interface QueryBatcherStats {
  /** Model runs so far. */
  runs: number;
  /** Queries embedded so far (sum of run sizes). */
  queries: number;
  /** Largest run so far, queries. */
  largest: number;
}

/** `embed(text)` resolves with the text's vector; `stats` counts runs and their sizes. */
export interface QueryBatcher {
  embed(text: string): Promise<number[]>;
  readonly stats: QueryBatcherStats;
}

/**
 * @param encode runs the model on a batch of texts (one ONNX run); a rejection rejects every
 *   query of that batch, and the next batch is tried anew
 * @param maxBatch most queries in one run (≥ 1); queries are short, so padding costs little
 */
export function createQueryBatcher(encode: BatchEncoder, maxBatch = 32): QueryBatcher {
  const queue: Waiting[] = [];
  const stats: QueryBatcherStats = { runs: 0, queries: 0, largest: 0 };
  let busy = false;

  /** Runs batches until the queue is empty (a loop: a busy server never builds a promise chain). */
  const drain = async (): Promise<void> => {
    while (queue.length > 0) {
      const batch = queue.splice(0, Math.max(1, maxBatch));
      stats.runs++;
      stats.queries += batch.length;
      stats.largest = Math.max(stats.largest, batch.length);
      try {
        const vectors = await encode(batch.map((w) => w.text));
        batch.forEach((w, i) => w.resolve(vectors[i]!));
      } catch (err) {
        for (const w of batch) w.reject(err);
      }
    }
    busy = false;
  };

  return {
    stats,
    embed(text) {
      return new Promise<number[]>((resolve, reject) => {
        queue.push({ text, resolve, reject });
        if (busy) return;
        busy = true;
        // A microtask, not a timer: a lone query adds no event-loop turn to its latency (and does
        // not fall behind a document batch's next run on the same thread); queries queued in the
        // same synchronous stretch still join this run, and the ones arriving during it the next.
        queueMicrotask(() => void drain());
      });
    },
  };
}
