import { fileURLToPath } from 'node:url';
import {
  DocumentParseError,
  type DocumentFormat,
  type ParsedDocument,
  type ParseOptions,
  type ParseProgress,
} from '../parsers/types.ts';
import type { SandboxLimits } from './limits.ts';
import type { ParseJob, TokenizerSpec } from './parse-child.ts';
import { ChildCancelledError, ChildLimitError, ChildPool } from './child-pool.ts';

const CHILD = fileURLToPath(new URL('./parse-child.ts', import.meta.url));

export type { TokenizerSpec } from './parse-child.ts';

/** A parse stopped because its document was deleted (or superseded) meanwhile. */
export class ParseCancelledError extends Error {
  override name = 'ParseCancelledError';
  constructor() {
    super('the parse was cancelled');
  }
}

/**
 * Parses documents in child processes (ARCHITECTURE.md floor plan: src/ingestion/sandbox/), so a
 * hostile file can exhaust only a process made for it (child-pool.ts: capped heap, watched
 * resident memory, wall-clock limit, killed past either; a child that dies for any reason is an
 * ordinary parse failure, DocumentParseError). At most `size` parse at once; more wait their turn.
 *
 * With a `tokenizer` (the embedding model's files), a parse asked for `options.chunking` is
 * chunked in the child too (docs/decisions.md "Chunking in the parse child"): the table and
 * chunk building of a hostile file (a CSV row of 200,000 cells) never runs on the API's thread,
 * and the same limits cover it. The chunks come back on `ParsedDocument.chunks`.
 */
export class ParserSandbox {
  private readonly pool: ChildPool<Omit<ParseJob, 'id'>, ParsedDocument, ParseProgress>;
  private readonly limits: SandboxLimits;
  private readonly tokenizer: TokenizerSpec | undefined;

  /**
   * @param size parses at once (the worker's ingestion concurrency)
   * @param tokenizer where the child loads the embedding model's tokenizer; without it
   *   `options.chunking` is ignored and the caller chunks
   */
  constructor(limits: SandboxLimits, size: number, tokenizer?: TokenizerSpec) {
    this.limits = limits;
    this.tokenizer = tokenizer;
    const mb = limits.memoryMb;
    this.pool = new ChildPool(
      CHILD,
      {
        memoryMb: mb,
        timeoutMs: limits.timeoutMs,
        tooMuchMemory: `the document needs more than the ${mb} MB of memory a parse may use (PARSE_MEMORY_MB)`,
        tooSlow: `reading the document took longer than ${Math.round(limits.timeoutMs / 1000)} s (PARSE_TIMEOUT_SECONDS)`,
      },
      size,
      // The child loads the tokenizer before it says ready: the load is part of its start, which
      // no document's time or memory watch covers (a tiny parse then answers within one poll).
      tokenizer ? [JSON.stringify(tokenizer)] : [],
    );
  }

  /**
   * Parses `bytes` as `format` in a child process, and chunks it there when `options.chunking`
   * is set and the sandbox has a tokenizer. `signal` cancels it: the child is killed at once and
   * the call rejects with ParseCancelledError. `options.onProgress` is called here, in this
   * process, as the child reports work it starts (each page it begins to read by OCR), before
   * the call resolves.
   * @throws DocumentParseError — the parser's reason, or a limit's: memory, time, output size
   * @throws ParseCancelledError when `signal` aborts first
   */
  async parse(
    format: DocumentFormat,
    bytes: Uint8Array,
    options: ParseOptions = {},
    signal?: AbortSignal,
  ): Promise<ParsedDocument> {
    // A function cannot cross the IPC channel: the child sends its progress as messages instead.
    const { chunking, onProgress, ...parseOptions } = options;
    const job: Omit<ParseJob, 'id'> = { format, bytes, options: parseOptions, limits: this.limits };
    if (chunking && this.tokenizer) job.chunk = { tokenizer: this.tokenizer, ...chunking };
    try {
      const answer = await this.pool.call(job, signal, onProgress);
      if (!answer.ok) throw new DocumentParseError(answer.reason);
      return answer.result;
    } catch (err) {
      if (err instanceof ChildCancelledError) throw new ParseCancelledError();
      if (err instanceof ChildLimitError) throw new DocumentParseError(err.message);
      throw err;
    }
  }

  /** Kills every child; pending parses fail. */
  async close(): Promise<void> {
    await this.pool.close();
  }
}
