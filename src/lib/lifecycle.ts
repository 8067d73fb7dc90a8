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

/**
 * Awaits `step` for at most `ms`, so one part that hangs on the way out (a connector sync, a
 * webhook attempt, pg-boss's graceful stop) cannot hold the process past the orchestrator's grace
 * period. Never rejects: a step that fails or overruns is reported through `onLate` and left
 * behind (the process exits right after).
 * @returns whether the step settled in time.
 */
export async function settleWithin(
  step: Promise<unknown> | undefined | null | false,
  ms: number,
  onLate: (reason: 'timeout' | Error) => void,
): Promise<boolean> {
  if (!step) return true;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), ms)));
  const result = await Promise.race([
    step.then(
      () => 'done' as const,
      (err: unknown) => (err instanceof Error ? err : new Error(String(err))),
    ),
    late,
  ]);
  clearTimeout(timer);
  if (result === 'done') return true;
  onLate(result);
  return false;
}

/**
 * How long a process waits for the work in flight after SIGTERM, ms. An API (or API + worker)
 * process serves for the whole drain (load balancers need it to notice readiness 503). A
 * ROLE=worker process has no traffic to drain: it waits for its documents in flight at most one
 * ingestion slice (INGEST_SLICE_SECONDS, the work between two seams where a document may stop),
 * and gives back the attempts of those it cuts off, so it exits well inside Kubernetes' 30 s
 * default grace period.
 */
export function workGraceMs(role: 'all' | 'api' | 'worker', drainMs: number, sliceMs: number): number {
  return role === 'worker' ? Math.min(drainMs, sliceMs) : drainMs;
}
