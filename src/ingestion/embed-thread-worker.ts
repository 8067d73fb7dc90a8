/**
 * The thread of embed-thread.ts: loads the embedding model once, then answers
 * `{id, texts}` with `{id, vectors}` (or `{id, error}`), one message at a time; `{id, texts, query}`
 * embeds search queries (the model's query prefix, its one-thread query session).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { loadTransformersEmbedder, type EmbedderUses } from '../embeddings/transformers.embedder.ts';
import type { EmbedThreadModel } from './embed-thread.ts';

const model = workerData as EmbedThreadModel & { uses: EmbedderUses };
const loading = loadTransformersEmbedder(model.modelsDir, model.modelId, model.options, model.uses);
// A failed load is answered to each call below, not raised as the thread's unhandled rejection.
loading.catch(() => {});
parentPort!.on('message', (msg: { id: number; texts: string[]; query?: true }) => {
  loading
    // Queries of one message go through the thread's query batcher together: one model run.
    .then((embedder) =>
      msg.query
        ? Promise.all(msg.texts.map((t) => embedder.embedQuery(t)))
        : embedder.embedDocuments(msg.texts),
    )
    .then(
      (vectors) => parentPort!.postMessage({ id: msg.id, vectors }),
      (err: unknown) =>
        parentPort!.postMessage({ id: msg.id, error: err instanceof Error ? err.message : String(err) }),
    );
});
