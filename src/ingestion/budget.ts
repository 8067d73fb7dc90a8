/**
 * The wall-clock budget of one document's attempt (issue 36: a 927 kB PDF held the only slot for
 * 306 s). It counts from the worker taking the job, over every slice of the attempt (the time a
 * continuation waits in the queue is not counted), and covers parse, chunking, embedding and
 * writing. Past it the attempt is aborted through the same signal a delete uses (the parser child
 * is killed, chunking and embedding stop) and the document ends ERROR naming the limit.
 *
 * Two deadlines, because the slow files of the audit spend their time in the parser while real
 * documents spend theirs embedding: parse and chunking must end within `baseMs` + `parsePerMbMs`
 * per MB of the original; once they have, the attempt gets `baseMs` again plus `perChunkMs` per
 * chunk to embed.
 * Pages read by OCR are granted `ocrPageMs` each as they start (the parse child reports them:
 * `BudgetClock.grant`): a scanned page takes 3.5–11 s on a quiet 2-core machine and 30–51 s at
 * load 11–17, time no size-based deadline can tell from a bomb's. OCR_MAX_PAGES bounds the pages,
 * so the grants are bounded too, and PARSE_TIMEOUT_SECONDS still bounds the whole parse.
 * A file that expands far beyond its size (a few kB of spreadsheet making thousands of chunks) is
 * refused after chunking by `maxChunksPerKb` instead of being granted time for them. Sizes of the
 * defaults, measured on the shared test documents: docs/ingestion.md "The budget".
 */

import type { DocumentFormat } from './parsers/types.ts';

/**
 * How many times INGEST_BUDGET_PARSE_SECONDS_PER_MB a format's parse and chunking get per MB: their
 * time follows the text they hold, not the file's bytes, and a MB of these holds far more text
 * than a MB of PDF or HTML. Plain text is its own text (a 3.8 MB text: 6.9 s of chunking on an
 * idle 2-core machine, 3–4× that at load 10); zip-based formats hold theirs compressed (the
 * 482 kB, 872-page handbook DOCX: 830,000 characters, 5.8–17.1 s at load 9–17). PDF and HTML
 * keep 1: the audit's slow files are a PDF and an HTML page, and real ones of the shared
 * documents parse in 0.1–1.2 s per MB (docs/ingestion.md "Sizing the budget").
 */
export const PARSE_WEIGHT: Partial<Record<DocumentFormat, number>> = {
  text: 10,
  markdown: 10,
  csv: 10,
  rtf: 10,
  docx: 40,
  xlsx: 40,
  pptx: 40,
  odt: 40,
  ods: 40,
  odp: 40,
  epub: 40,
};

/**
 * INGEST_BUDGET_SECONDS, INGEST_BUDGET_PARSE_SECONDS_PER_MB, INGEST_BUDGET_MS_PER_CHUNK,
 * INGEST_MAX_CHUNKS_PER_KB, INGEST_BUDGET_OCR_PAGE_SECONDS.
 */
export interface IngestBudget {
  /** Granted to every document's parse and chunking, and again to its embedding, ms. */
  baseMs: number;
  /** Granted to parse and chunking per MB (2²⁰ bytes) of the original, ms, times PARSE_WEIGHT. */
  parsePerMbMs: number;
  /** Granted per chunk to embed once chunking has counted them, ms. */
  perChunkMs: number;
  /** Chunks a document may make per kB of its original (at least MIN_CHUNKS_ALLOWED). */
  maxChunksPerKb: number;
  /**
   * Granted per page read by OCR, as the page starts, ms (INGEST_BUDGET_OCR_PAGE_SECONDS);
   * unset = 0, no time beyond the size-based deadline.
   */
  ocrPageMs?: number;
}

/** The variables of the time budget, for reasons. */
const VARIABLES =
  'INGEST_BUDGET_SECONDS, INGEST_BUDGET_PARSE_SECONDS_PER_MB, INGEST_BUDGET_MS_PER_CHUNK, INGEST_BUDGET_OCR_PAGE_SECONDS';

/** Chunks any document may make whatever its size (a 60-byte note makes one). */
export const MIN_CHUNKS_ALLOWED = 20;

/**
 * The budget of a `format` document of `bytes` bytes, ms: for parse and chunking (`chunks` null),
 * or for the whole attempt once chunking has made `chunks` chunks.
 */
export function budgetMs(budget: IngestBudget, format: string, bytes: number, chunks: number | null): number {
  const weight = PARSE_WEIGHT[format as DocumentFormat] ?? 1;
  const parse = budget.baseMs + (weight * budget.parsePerMbMs * bytes) / 2 ** 20;
  // The embedding gets the base again: starting the embedding thread (loading the model) takes
  // seconds on a loaded machine, whatever the chunks (a 1-chunk DOCX: 6.7 s at load 9).
  return Math.round(parse + (chunks === null ? 0 : budget.baseMs + chunks * budget.perChunkMs));
}

/** Chunks a document of `bytes` bytes may make (INGEST_MAX_CHUNKS_PER_KB, at least MIN_CHUNKS_ALLOWED). */
export function chunksAllowed(budget: IngestBudget, bytes: number): number {
  return Math.max(MIN_CHUNKS_ALLOWED, Math.floor((budget.maxChunksPerKb * bytes) / 1024));
}

/** The ERROR reason of a document making `chunks` chunks, more than `chunksAllowed` allows. */
export function expansionReason(budget: IngestBudget, bytes: number, chunks: number): string {
  const n = (x: number) => x.toLocaleString('en-US');
  return (
    `the ${size(bytes)} file makes ${n(chunks)} chunks to embed; a file may make at most ` +
    `${n(budget.maxChunksPerKb)} per kB, ${n(chunksAllowed(budget, bytes))} here (INGEST_MAX_CHUNKS_PER_KB)`
  );
}

/**
 * The ERROR reason of an attempt that ran past `ms` (`chunks` null: still parsing or chunking);
 * `ocr`: pages read by OCR and the time granted for them, ms, part of `ms` (named when pages were).
 */
export function budgetReason(
  ms: number,
  bytes: number,
  chunks: number | null,
  ocr: { pages: number; ms: number } = { pages: 0, ms: 0 },
): string {
  const s = (ms: number) => (ms / 1000).toLocaleString('en-US', { maximumFractionDigits: 1 });
  const what =
    chunks === null
      ? `parsing took longer than the ${s(ms)} s allowed for a ${size(bytes)} file`
      : `processing took longer than the ${s(ms)} s allowed for a ${size(bytes)} file of ${chunks.toLocaleString('en-US')} chunks`;
  const pages =
    ocr.pages > 0
      ? `, ${s(ocr.ms)} s of it for ${ocr.pages.toLocaleString('en-US')} page${ocr.pages === 1 ? '' : 's'} read by OCR`
      : '';
  return `${what}${pages} (${VARIABLES})`;
}

const size = (bytes: number) =>
  bytes >= 2 ** 20
    ? `${(bytes / 2 ** 20).toLocaleString('en-US', { maximumFractionDigits: 1 })} MB`
    : `${Math.max(1, Math.round(bytes / 1024)).toLocaleString('en-US')} kB`;

/**
 * A running attempt's clock: `signal` aborts once the work counted since `takenAt` (performance.now()
 * when the worker took the job) plus `spentMs` (earlier slices) passes the budget: the parse
 * deadline until `parsed(chunks)` is called, the whole attempt's after, each plus what `grant`
 * added (pages read by OCR). `stop` clears the timer.
 *
 * `reparse`: a continuation whose parsed document was not kept (it runs on another worker, or
 * after a restart) parses again. That parse is work an earlier slice already did and counted:
 * it runs on its own parse deadline, and is not counted again once done — the whole attempt's
 * budget then applies to `spentMs` plus the time since the parse ended. Without it, a
 * continuation handed to another worker (a slice's end, a shutdown) would fail the parse
 * deadline with the earlier slices' embedding time.
 */
export class BudgetClock {
  private readonly controller = new AbortController();
  private timer: NodeJS.Timeout | undefined;
  private limitMs: number;
  private chunks: number | null = null;
  private grantedMs = 0;
  private grants = 0;
  private readonly budget: IngestBudget;
  private readonly format: string;
  private readonly bytes: number;
  private readonly takenAt: number;
  private readonly spentMs: number;
  private readonly reparse: boolean;
  /** performance.now() when a re-parse ended (reparse only). */
  private parsedAt: number | null = null;
  constructor(
    budget: IngestBudget,
    format: string,
    bytes: number,
    takenAt: number,
    spentMs: number,
    reparse = false,
  ) {
    this.budget = budget;
    this.format = format;
    this.bytes = bytes;
    this.takenAt = takenAt;
    this.spentMs = spentMs;
    this.reparse = reparse && spentMs > 0;
    this.limitMs = budgetMs(budget, format, bytes, null);
    this.arm();
  }
  /** Aborted when the budget is spent. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }
  /** Work counted so far over the attempt's slices, ms. */
  spent(): number {
    const now = performance.now();
    if (!this.reparse) return this.spentMs + now - this.takenAt;
    // Re-parsing: on its own parse deadline; done, not counted again.
    return this.parsedAt === null ? now - this.takenAt : this.spentMs + now - this.parsedAt;
  }
  /** Parse and chunking are done, making `chunks`: the whole attempt's budget applies from now. */
  parsed(chunks: number): void {
    if (this.controller.signal.aborted) return;
    if (this.reparse) this.parsedAt = performance.now();
    this.chunks = chunks;
    this.limitMs = budgetMs(this.budget, this.format, this.bytes, chunks) + this.grantedMs;
    this.arm();
  }
  /**
   * Extends the deadline by `ms` for work that has just started (one page read by OCR): added to
   * the parse deadline now and to the whole attempt's later. Nothing once the clock has run out:
   * a grant never revives an aborted attempt.
   */
  grant(ms: number): void {
    if (this.controller.signal.aborted) return;
    this.grantedMs += ms;
    this.grants++;
    this.limitMs += ms;
    this.arm();
  }
  /** Time granted so far, ms. */
  granted(): number {
    return this.grantedMs;
  }
  /**
   * Work to hand to a continuation as its `spentMs`, ms: the time spent less the time granted
   * (never below 0). The continuation's clock starts from the size-based budget, without this
   * slice's grants: the work they paid for (OCR, in the parse) is done and counted here.
   */
  carried(): number {
    // A re-parse's grants paid for time that `spent` does not count.
    if (this.reparse) return this.parsedAt === null ? this.spentMs : this.spent();
    return Math.max(0, this.spent() - this.grantedMs);
  }
  /** The ERROR reason, naming the limit and its variables. */
  reason(): string {
    return budgetReason(this.limitMs, this.bytes, this.chunks, { pages: this.grants, ms: this.grantedMs });
  }
  stop(): void {
    clearTimeout(this.timer);
  }
  private arm(): void {
    clearTimeout(this.timer);
    if (this.controller.signal.aborted) return;
    const left = this.limitMs - this.spent();
    if (left <= 0) return this.controller.abort();
    this.timer = setTimeout(() => this.controller.abort(), left);
    this.timer.unref();
  }
}
