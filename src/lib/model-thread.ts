/**
 * A model on a worker thread, called by message. onnxruntime-node runs a session synchronously on
 * the thread that calls it (its `run` only defers to setImmediate), so a model called from the
 * API's thread holds the event loop for every run (docs/decisions.md "The API's model runs on a
 * worker thread", "The reader runs on a worker thread of its own too"). The reader and the
 * cross-encoder use this; the embedder has its own thread with query batching
 * (ingestion/embed-thread.ts).
 */
import { Worker, parentPort } from 'node:worker_threads';

type Reply<Res> = { id: number; result: Res } | { id: number; error: string };

/** The calling side of a model thread. */
export interface ModelThread<Req, Res> {
  /** Sends `request` to the thread; resolves with its answer. @throws Error `<name>: …` when the thread fails */
  call(request: Req): Promise<Res>;
}

/**
 * A thread that runs `worker` (a module calling serveModel) with `workerData` on first call. The
 * thread does not keep the process alive while idle. A thread that fails (its model does not load,
 * it crashes) rejects the calls in flight and is started again by the next call.
 * @param name what errors are prefixed with ("reader thread")
 */
export function modelThread<Req, Res>(name: string, worker: URL, workerData: unknown): ModelThread<Req, Res> {
  let current: Worker | null = null;
  let nextId = 0;
  const pending = new Map<number, { resolve: (v: Res) => void; reject: (e: Error) => void }>();
  const fail = (from: Worker, err: Error) => {
    if (current !== from) return;
    for (const p of pending.values()) p.reject(err);
    pending.clear();
    current = null;
  };
  const start = () => {
    const w = new Worker(worker, { workerData });
    w.unref();
    w.on('message', (reply: Reply<Res>) => {
      const p = pending.get(reply.id);
      if (!p) return;
      pending.delete(reply.id);
      if ('error' in reply) p.reject(new Error(`${name}: ${reply.error}`));
      else p.resolve(reply.result);
      if (pending.size === 0) w.unref();
    });
    w.on('error', (err) => fail(w, new Error(`${name}: ${err.message}`)));
    w.on('exit', (code) => fail(w, new Error(`${name} exited (${code})`)));
    return w;
  };
  return {
    call(request) {
      current ??= start();
      // Referenced while a call is pending, so the process waits for the answer.
      current.ref();
      const id = nextId++;
      const w = current;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        w.postMessage({ id, request });
      });
    },
  };
}

/**
 * The thread's side: loads the model once, then answers each `{id, request}` with
 * `{id, result}` from `handle`, or `{id, error}` (a failed load is answered to every call).
 */
export function serveModel<M, Req, Res>(
  load: Promise<M>,
  handle: (model: M, request: Req) => Promise<Res>,
): void {
  // A failed load is answered to each call below, not raised as the thread's unhandled rejection.
  load.catch(() => {});
  parentPort!.on('message', (msg: { id: number; request: Req }) => {
    load
      .then((model) => handle(model, msg.request))
      .then(
        (result) => parentPort!.postMessage({ id: msg.id, result }),
        (err: unknown) =>
          parentPort!.postMessage({ id: msg.id, error: err instanceof Error ? err.message : String(err) }),
      );
  });
}
