/**
 * The process's place in its life: serving, or draining after SIGTERM (src/server.ts). While
 * draining, readiness answers 503 so load balancers stop sending new requests, requests still
 * in flight are served, and open SSE streams may finish; those still open when the drain period
 * ends are closed with an `error` event (src/routes/chat-stream.ts).
 */
export interface Lifecycle {
  readonly draining: boolean;
  /** SSE streams open now. */
  readonly openStreams: number;
  /**
   * Registers an open stream; `closeForShutdown` must write its `error` event and end it.
   * @returns the function to call when the stream ends by itself.
   */
  trackStream(closeForShutdown: () => void): () => void;
  /** Readiness turns 503 from now on. */
  startDrain(): void;
  /** Resolves once no stream is open, or after `ms`, whichever comes first. */
  streamsDone(ms: number): Promise<void>;
  /** Closes every stream still open with its `error` event. */
  closeStreams(): void;
}

/** A process's lifecycle, serving until `startDrain` (one per AppContext). */
export function createLifecycle(): Lifecycle {
  let draining = false;
  const streams = new Set<() => void>();
  let wake: (() => void) | null = null;
  return {
    get draining() {
      return draining;
    },
    get openStreams() {
      return streams.size;
    },
    trackStream(closeForShutdown) {
      streams.add(closeForShutdown);
      return () => {
        streams.delete(closeForShutdown);
        if (streams.size === 0) wake?.();
      };
    },
    startDrain() {
      draining = true;
    },
    async streamsDone(ms) {
      if (streams.size === 0) return;
      let timer: NodeJS.Timeout | undefined;
      await new Promise<void>((resolve) => {
        wake = resolve;
        timer = setTimeout(resolve, ms);
      });
      clearTimeout(timer);
      wake = null;
    },
    closeStreams() {
      for (const close of [...streams]) close();
      streams.clear();
    },
  };
}
