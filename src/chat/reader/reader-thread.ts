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

/** Readers on threads: `probe` reads a fixed passage on every thread, so each loads its model. */
export interface ThreadedReader extends Reader {
  probe(): Promise<void>;
}

/** Characters a window's question and markers weigh when passages are shared out (≈ 40 tokens). */
const WINDOW_OVERHEAD_CHARS = 200;

/**
 * Shares a question's passages among `workers` threads: longest first, each to the thread with the
 * least text so far. Each passage's span depends on that passage alone (reader.ts), so the spans
 * are the ones one thread would read, in the passages' order; a question's windows run on as many
 * cores as there are threads (onnxruntime-node runs one window at a time per thread).
 */
export function readerOnThreads(model: ReaderThreadModel, workers: number): ThreadedReader {
  const threads = Array.from({ length: Math.max(1, workers) }, () => readerOnThread(model));
  const probe = async () => {
    await Promise.all(threads.map((r) => r.read(PROBE.question, PROBE.passages)));
  };
  if (threads.length === 1) return { modelId: model.folder, read: threads[0]!.read, probe };
  return {
    modelId: model.folder,
    probe,
    async read(question, passages) {
      const load = threads.map(() => 0);
      const shares: number[][] = threads.map(() => []);
      for (const i of [...passages.keys()].sort((a, b) => passages[b]!.length - passages[a]!.length)) {
        const least = load.indexOf(Math.min(...load));
        shares[least]!.push(i);
        load[least]! += passages[i]!.length + WINDOW_OVERHEAD_CHARS;
      }
      const spans = new Array<ReadSpan | null>(passages.length).fill(null);
      await Promise.all(
        shares.map(async (share, t) => {
          if (share.length === 0) return;
          const read = await threads[t]!.read(
            question,
            share.map((i) => passages[i]!),
          );
          share.forEach((i, k) => (spans[i] = read[k]!));
        }),
      );
      return spans;
    },
  };
}

const loaded = new Map<string, Promise<Reader>>();

/**
 * The reader of `model.folder` on `workers` worker threads (readerOnThreads), one set per process,
 * folder and thread counts; resolves once every thread has loaded the model and read a probe.
 * @throws the threads' error when the model cannot be loaded or read
 */
export function loadThreadedReader(model: ReaderThreadModel, workers = 1): Promise<Reader> {
  const key = `${model.folder}#${model.threads}#${workers}`;
  let loading = loaded.get(key);
  if (!loading) {
    const reader = readerOnThreads(model, workers);
    loading = reader.probe().then(() => reader);
    loaded.set(key, loading);
    loading.catch(() => loaded.delete(key));
  }
  return loading;
}
