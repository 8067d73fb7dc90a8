import { fork, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import {
  DocumentParseError,
  type DocumentFormat,
  type ParsedDocument,
  type ParseOptions,
} from '../parsers/types.ts';
import type { SandboxLimits } from './limits.ts';
import type { ParseJob } from './parse-child.ts';

const CHILD = fileURLToPath(new URL('./parse-child.ts', import.meta.url));
/** How often a running parse's resident memory is read, ms. */
const MEMORY_POLL_MS = 100;
/** Resident memory allowed over the heap cap (code, buffers, WASM), as a factor of it. */
const RSS_FACTOR = 1.5;

type Answer = { id: number; ok: true; parsed: ParsedDocument } | { id: number; ok: false; reason: string };

/** Resident set size of a process in bytes, from /proc (Linux); null where unavailable. */
async function rssOf(pid: number): Promise<number | null> {
  try {
    const statm = await readFile(`/proc/${pid}/statm`, 'utf8');
    return Number(statm.split(' ')[1]) * 4096;
  } catch {
    return null;
  }
}

/** A parse stopped because its document was deleted (or superseded) meanwhile. */
export class ParseCancelledError extends Error {
  override name = 'ParseCancelledError';
  constructor() {
    super('the parse was cancelled');
  }
}

/**
 * Parses documents in child processes (ARCHITECTURE.md floor plan: src/ingestion/sandbox/), so a
 * hostile file can exhaust only a process made for it: each child has a capped V8 heap
 * (`--max-old-space-size`), its resident memory is watched and a wall-clock limit applies; the
 * child is killed past either, and a child that dies for any reason is an ordinary parse failure
 * (DocumentParseError). Children are reused between documents (loading the parsers takes
 * ~0.5 s) and replaced after a failure. At most `size` parse at once; more wait their turn.
 */
export class ParserSandbox {
  private readonly idle: ChildProcess[] = [];
  private readonly waiting: (() => void)[] = [];
  private running = 0;
  private nextId = 1;
  private closed = false;

  private readonly limits: SandboxLimits;
  private readonly size: number;

  /** @param size parses at once (the worker's ingestion concurrency) */
  constructor(limits: SandboxLimits, size: number) {
    this.limits = limits;
    this.size = size;
  }

  /**
   * Parses `bytes` as `format` in a child process. `signal` cancels it: the child is killed at
   * once (a parser in a loop never looks at a flag) and the call rejects with ParseCancelledError.
   * @throws DocumentParseError — the parser's reason, or a limit's: memory, time, output size
   * @throws ParseCancelledError when `signal` aborts first
   */
  async parse(
    format: DocumentFormat,
    bytes: Uint8Array,
    options: ParseOptions = {},
    signal?: AbortSignal,
  ): Promise<ParsedDocument> {
    if (this.closed) throw new Error('the parser sandbox is closed');
    while (this.running >= this.size) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running++;
    let child: ChildProcess | null = null;
    let healthy = false;
    try {
      child = this.idle.pop() ?? (await this.spawn());
      const answer = await this.run(
        child,
        { id: this.nextId++, format, bytes, options, limits: this.limits },
        signal,
      );
      healthy = true;
      if (!answer.ok) throw new DocumentParseError(answer.reason);
      return answer.parsed;
    } finally {
      if (child && healthy && !this.closed) this.idle.push(child);
      else if (child) child.kill('SIGKILL');
      this.running--;
      this.waiting.shift()?.();
    }
  }

  /** Kills every child; pending parses fail. */
  async close(): Promise<void> {
    this.closed = true;
    for (const child of this.idle.splice(0)) child.kill('SIGKILL');
  }

  private spawn(): Promise<ChildProcess> {
    return new Promise((resolve, reject) => {
      const child = fork(CHILD, [], {
        execArgv: [`--max-old-space-size=${this.limits.memoryMb}`],
        serialization: 'advanced',
        stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      });
      child.stderr?.resume();
      const onExit = (code: number | null) =>
        reject(new Error(`the parser process exited at start (${code})`));
      child.once('exit', onExit);
      child.once('message', () => {
        child.off('exit', onExit);
        child.unref();
        child.channel?.unref();
        resolve(child);
      });
    });
  }

  private run(child: ChildProcess, job: ParseJob, signal?: AbortSignal): Promise<Answer> {
    const mb = this.limits.memoryMb;
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
      const fail = (reason: string) => finish(() => reject(new DocumentParseError(reason)));
      const onMessage = (answer: Answer) => answer.id === job.id && finish(() => resolve(answer));
      const onExit = () =>
        fail(`the document needs more than the ${mb} MB of memory a parse may use (PARSE_MEMORY_MB)`);
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        fail(
          `reading the document took longer than ${Math.round(this.limits.timeoutMs / 1000)} s (PARSE_TIMEOUT_SECONDS)`,
        );
      }, this.limits.timeoutMs);
      const poll = setInterval(() => {
        void rssOf(child.pid!).then((rss) => {
          if (rss !== null && rss > mb * RSS_FACTOR * 1024 * 1024) {
            child.kill('SIGKILL');
            fail(`the document needs more than the ${mb} MB of memory a parse may use (PARSE_MEMORY_MB)`);
          }
        });
      }, MEMORY_POLL_MS);
      const onAbort = () => {
        child.kill('SIGKILL');
        finish(() => reject(new ParseCancelledError()));
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
