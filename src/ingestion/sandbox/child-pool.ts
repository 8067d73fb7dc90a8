import { fork, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import type { Socket } from 'node:net';

/** How often a running job's resident memory is read, ms. */
const MEMORY_POLL_MS = 100;
/**
 * Resident memory a job may add to its child's, as a factor of the heap cap (buffers, WASM).
 * Counted over the child's resident size once loaded (~160 MB with the parsers and the
 * tokenizer), so a small heap cap (64 MB) does not kill a child that is only loaded.
 */
const RSS_FACTOR = 1.5;

/** What a child may use for one job, and how its limits are named to the user. */
export interface ChildLimits {
  /** V8 heap of the child, MB (`--max-old-space-size`); a job may add 1.5× that to its RSS. */
  memoryMb: number;
  /** Wall-clock time of one job, ms. */
  timeoutMs: number;
  /** The user-facing reasons when a limit is passed, naming its variable. */
  tooMuchMemory: string;
  tooSlow: string;
}

/** A child's answer: the result, or a user-facing reason (the job's input was unusable). */
export type ChildAnswer<R> = { id: number; ok: true; result: R } | { id: number; ok: false; reason: string };

/**
 * A child's report while its job runs (sent before the answer, any number of times): `progress`
 * goes to the caller's `onProgress`.
 */
export interface ChildProgress<P> {
  id: number;
  progress: P;
}

/** A job ended by a limit (memory, time) or a child that died: `message` is user-facing. */
export class ChildLimitError extends Error {
  override name = 'ChildLimitError';
}

/** A job stopped because its caller's signal aborted. */
export class ChildCancelledError extends Error {
  override name = 'ChildCancelledError';
  constructor() {
    super('the job was cancelled');
  }
}

/** Resident set size of a process in bytes, from /proc (Linux); null where unavailable. */
async function rssOf(pid: number): Promise<number | null> {
  try {
    const statm = await readFile(`/proc/${pid}/statm`, 'utf8');
    return Number(statm.split(' ')[1]) * 4096;
  } catch {
    return null;
  }
}

/**
 * Runs jobs from outside in child processes forked from `entry` (a module that answers each
 * `{ id, ... }` message with a ChildAnswer and sends `{ ready: true }` once loaded): each child
 * has a capped V8 heap, its resident memory is watched and a wall-clock limit applies; the child
 * is killed past either, and a child that dies for any reason ends the job with ChildLimitError.
 * Children are reused between jobs (loading parsers takes ~0.5 s) and replaced after a failure;
 * idle children hold no reference on the event loop and exit with their parent (their IPC
 * channel closes). At most `size` jobs run at once; more wait their turn.
 */
export class ChildPool<J extends object, R, P = never> {
  private readonly idle: ChildProcess[] = [];
  /** Each child's resident memory once loaded, bytes: what a job's growth is counted from. */
  private readonly baseline = new WeakMap<ChildProcess, number>();
  private readonly waiting: (() => void)[] = [];
  private running = 0;
  private nextId = 1;
  private closed = false;
  private readonly entry: string;
  private readonly limits: ChildLimits;
  private readonly size: number;
  private readonly args: string[];

  /**
   * @param entry the child module's path
   * @param size jobs at once
   * @param args the child's command-line arguments (what it loads before it says ready)
   */
  constructor(entry: string, limits: ChildLimits, size: number, args: string[] = []) {
    this.entry = entry;
    this.limits = limits;
    this.size = size;
    this.args = args;
  }

  /**
   * Runs `job` in a child; `onProgress` is told each progress report the child sends for it
   * (ChildProgress) until the answer. @throws ChildLimitError past a limit; ChildCancelledError
   * when `signal` aborts (the child is killed at once: a parser in a loop never looks at a flag).
   */
  async call(job: J, signal?: AbortSignal, onProgress?: (progress: P) => void): Promise<ChildAnswer<R>> {
    if (this.closed) throw new Error('the sandbox is closed');
    while (this.running >= this.size) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running++;
    let child: ChildProcess | null = null;
    let healthy = false;
    try {
      child = this.idle.pop() ?? (await this.spawn());
      const answer = await this.run(child, { ...job, id: this.nextId++ }, signal, onProgress);
      healthy = true;
      return answer;
    } finally {
      if (child && healthy && !this.closed) this.idle.push(child);
      else if (child) child.kill('SIGKILL');
      this.running--;
      this.waiting.shift()?.();
    }
  }

  /** Kills every idle child; later calls fail. */
  async close(): Promise<void> {
    this.closed = true;
    for (const child of this.idle.splice(0)) child.kill('SIGKILL');
  }

  private spawn(): Promise<ChildProcess> {
    return new Promise((resolve, reject) => {
      const child = fork(this.entry, this.args, {
        execArgv: [`--max-old-space-size=${this.limits.memoryMb}`],
        serialization: 'advanced',
        stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      });
      child.stderr?.resume();
      // An idle child must not keep its parent alive: the stderr pipe is a handle too.
      (child.stderr as Socket | null)?.unref();
      const onExit = (code: number | null) =>
        reject(new Error(`the sandbox process exited at start (${code})`));
      child.once('exit', onExit);
      child.once('message', () => {
        child.off('exit', onExit);
        child.unref();
        child.channel?.unref();
        void rssOf(child.pid!).then((rss) => {
          this.baseline.set(child, rss ?? 0);
          resolve(child);
        });
      });
    });
  }

  private run(
    child: ChildProcess,
    job: J & { id: number },
    signal?: AbortSignal,
    onProgress?: (progress: P) => void,
  ): Promise<ChildAnswer<R>> {
    const { memoryMb, timeoutMs, tooMuchMemory, tooSlow } = this.limits;
    const maxRss = (this.baseline.get(child) ?? 0) + memoryMb * RSS_FACTOR * 1024 * 1024;
    return new Promise((resolve, reject) => {
      let settled = false;
      const finish = (fn: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        clearInterval(poll);
        signal?.removeEventListener('abort', onAbort);
        child.off('message', onMessage);
        child.off('exit', onExit);
        child.unref();
        child.channel?.unref();
        fn();
      };
      const fail = (reason: string) => finish(() => reject(new ChildLimitError(reason)));
      const onMessage = (message: ChildAnswer<R> | ChildProgress<P>) => {
        if (message.id !== job.id || settled) return;
        if ('progress' in message) {
          try {
            onProgress?.(message.progress);
          } catch {
            // a listener's fault must not end the job from inside the IPC event handler
          }
        } else finish(() => resolve(message));
      };
      const onExit = () => fail(tooMuchMemory);
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        fail(tooSlow);
      }, timeoutMs);
      const poll = setInterval(() => {
        void rssOf(child.pid!).then((rss) => {
          if (rss !== null && rss > maxRss) {
            child.kill('SIGKILL');
            fail(tooMuchMemory);
          }
        });
      }, MEMORY_POLL_MS);
      const onAbort = () => {
        child.kill('SIGKILL');
        finish(() => reject(new ChildCancelledError()));
      };
      if (signal?.aborted) return onAbort();
      signal?.addEventListener('abort', onAbort, { once: true });
      child.ref();
      child.channel?.ref();
      child.on('message', onMessage);
      child.once('exit', onExit);
      child.send(job);
    });
  }
}
