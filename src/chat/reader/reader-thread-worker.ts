/**
 * The thread of reader-thread.ts: loads the reader once, then answers `{id, question, passages}`
 * with `{id, spans}` (or `{id, error}`).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { loadReader } from './reader.ts';
import type { ReaderThreadModel } from './reader-thread.ts';

const model = workerData as ReaderThreadModel;
const loading = loadReader(model.folder, model.threads);
// A failed load is answered to each read below, not raised as the thread's unhandled rejection.
loading.catch(() => {});
parentPort!.on('message', (msg: { id: number; question: string; passages: string[] }) => {
  loading
    .then((reader) => reader.read(msg.question, msg.passages))
    .then(
      (spans) => parentPort!.postMessage({ id: msg.id, spans }),
      (err: unknown) =>
        parentPort!.postMessage({ id: msg.id, error: err instanceof Error ? err.message : String(err) }),
    );
});
