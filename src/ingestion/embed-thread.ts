/**
 * Document embedding on a worker thread. onnxruntime-node runs a session synchronously on the
 * calling thread (its `run` only defers to setImmediate), so each batch of a long document held
 * the API's event loop for up to seconds on a busy machine (docs/benchmarks.md "Request path").
 * The server's ingestion worker embeds documents here instead; the API's search queries and the
 * answerer's sentences go to a thread of their own (`options.queries`, context.ts), so no model
 * run holds the event loop that serves requests.
 */
import { Worker } from 'node:worker_threads';
import type { Embedder } from '../embeddings/embedder.ts';
import type { EmbedderOptions } from '../embeddings/transformers.embedder.ts';
import { createQueryBatcher } from '../embeddings/query-batcher.ts';

/** What the thread loads: the same model and options as the main thread's embedder. */
export interface EmbedThreadModel {
  modelsDir: string;
  modelId: string;
  options: EmbedderOptions;
}

/** Longest `close` waits for the batch in flight, ms (one batch takes seconds at most). */
const CLOSE_WAIT_MS = 30_000;

type Reply = { id: number; vectors: number[][] } | { id: number; error: string };

/** What goes to the thread besides document batches. */
export interface EmbedThreadOptions {
  /**
   * Search queries too (the API's embedder, issue 37): concurrent queries are micro-batched here
   * (query-batcher.ts) and sent as one message, so neither the model run nor a burst of queries
   * holds the API's event loop.
   */
  queries?: boolean;
}

/**
 * `embedder` with `embedDocuments` (and with `options.queries`, `embedQuery`) moved to a worker
 * thread that loads `model` on first use; `count` and the dimensions stay `embedder`'s. The thread does not keep the
 * process alive. A thread that fails (model load, crash) rejects the pending calls and is
 * started again on the next one. `close` lets the batch in flight finish before it ends the
 * thread (ending it inside onnxruntime's `run` can abort the process natively) and refuses new
 * batches from then on.
 */
export function withEmbedThread(
  embedder: Embedder,
  model: EmbedThreadModel,
  options: EmbedThreadOptions = {},
): Embedder & { close(): Promise<void> } {
  let worker: Worker | null = null;
  let nextId = 0;
  let closing = false;
  let idle: (() => void) | null = null;
  const pending = new Map<number, { resolve: (v: number[][]) => void; reject: (e: Error) => void }>();
  const fail = (err: Error) => {
    for (const p of pending.values()) p.reject(err);
    pending.clear();
    worker = null;
  };
  const start = () => {
    const w = new Worker(new URL('./embed-thread-worker.ts', import.meta.url), {
      // A thread for documents only never loads the query session (≈ 100 MB resident).
      workerData: { ...model, uses: options.queries ? 'both' : 'documents' },
    });
    w.unref();
    w.on('message', (reply: Reply) => {
      const p = pending.get(reply.id);
      if (!p) return;
      pending.delete(reply.id);
      if ('error' in reply) p.reject(new Error(`embedding thread: ${reply.error}`));
      else p.resolve(reply.vectors);
      if (pending.size === 0) {
        w.unref();
        idle?.();
      }
    });
    w.on('error', fail);
    w.on('exit', (code) => fail(new Error(`embedding thread exited (${code})`)));
    return w;
  };
  const send = (texts: string[], query: boolean): Promise<number[][]> => {
    if (texts.length === 0) return Promise.resolve([]);
    if (closing) return Promise.reject(new Error('embedding thread: shutting down'));
    worker ??= start();
    // Referenced while a call is pending, so the process waits for the answer.
    worker.ref();
    const id = nextId++;
    const w = worker;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      w.postMessage(query ? { id, texts, query: true } : { id, texts });
    });
  };
  const queries = options.queries ? createQueryBatcher((texts) => send(texts, true)) : null;
  return {
    modelId: embedder.modelId,
    dimensions: embedder.dimensions,
    maxTokens: embedder.maxTokens,
    count: (text) => embedder.count(text),
    embedQuery: (text) => (queries ? queries.embed(text) : embedder.embedQuery(text)),
    embedDocuments: (texts) => send(texts, false),
    async close() {
      closing = true;
      if (pending.size > 0) {
        let timer: NodeJS.Timeout | undefined;
        await new Promise<void>((resolve) => {
          idle = resolve;
          timer = setTimeout(resolve, CLOSE_WAIT_MS);
        });
        clearTimeout(timer);
      }
      const w = worker;
      worker = null;
      await w?.terminate();
    },
  };
}
