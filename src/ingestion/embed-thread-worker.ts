/**
 * The thread of embed-thread.ts: loads the embedding model once, then answers
 * `{id, texts}` with `{id, vectors}` (or `{id, error}`), one message at a time.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { loadTransformersEmbedder } from '../embeddings/transformers.embedder.ts';
import type { EmbedThreadModel } from './embed-thread.ts';

const model = workerData as EmbedThreadModel;
const loading = loadTransformersEmbedder(model.modelsDir, model.modelId, model.options);
// A failed load is answered to each call below, not raised as the thread's unhandled rejection.
loading.catch(() => {});
parentPort!.on('message', (msg: { id: number; texts: string[] }) => {
  loading
    .then((embedder) => embedder.embedDocuments(msg.texts))
    .then(
      (vectors) => parentPort!.postMessage({ id: msg.id, vectors }),
      (err: unknown) =>
        parentPort!.postMessage({ id: msg.id, error: err instanceof Error ? err.message : String(err) }),
    );
});
