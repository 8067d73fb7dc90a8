/**
 * The reader on a worker thread (issues 35 and 37). onnxruntime-node runs a session synchronously
 * on the thread that calls it (its `run` only defers to setImmediate), so a reader on the API's
 * thread held the event loop for every window of every chat answer: 150–250 ms per question on 2
 * cores, during which no other request of any company was answered (docs/benchmarks.md, request
 * path round 11). Here the tokenizer and the model live on a thread of their own, one per process
 * and folder, shared by every context as the model was; the API's thread only sends the question
 * and passages and receives the spans.
 */
import { modelThread } from '../../lib/model-thread.ts';
import type { Reader, ReadSpan } from './reader.ts';

/** What the thread loads. */
export interface ReaderThreadModel {
  /** The model folder (transformers.js layout, as loadReader takes it). */
  folder: string;
  /** ONNX Runtime intra-op threads per window. */
  threads: number;
}

/** A passage the probe reads at load: a model that cannot answer it fails the start, not a chat. */
const PROBE = {
  question: 'When must comments be received?',
  passages: ['The FAA must receive comments on this proposed AD by September 21, 2020.'],
};

/**
 * A Reader whose reads run on a worker thread that loads `model` on first use (lib/model-thread.ts:
 * idle, it does not keep the process alive; a failed thread is started again by the next read).
 */
export function readerOnThread(model: ReaderThreadModel): Reader {
  const thread = modelThread<{ question: string; passages: string[] }, (ReadSpan | null)[]>(
    'reader thread',
    new URL('./reader-thread-worker.ts', import.meta.url),
    model,
  );
  return {
    modelId: model.folder,
    read: (question, passages) =>
      passages.length === 0 ? Promise.resolve([]) : thread.call({ question, passages: [...passages] }),
  };
}

const loaded = new Map<string, Promise<Reader>>();

/**
 * The reader of `model.folder` on a worker thread, one per process, folder and thread count;
 * resolves once the thread has loaded the model and read a probe passage.
 * @throws the thread's error when the model cannot be loaded or read
 */
export function loadThreadedReader(model: ReaderThreadModel): Promise<Reader> {
  const key = `${model.folder}#${model.threads}`;
  let loading = loaded.get(key);
  if (!loading) {
    const reader = readerOnThread(model);
    loading = reader.read(PROBE.question, PROBE.passages).then(() => reader);
    loaded.set(key, loading);
    loading.catch(() => loaded.delete(key));
  }
  return loading;
}
