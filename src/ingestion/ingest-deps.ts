import type { Kysely } from 'kysely';
import type { PgBoss } from 'pg-boss';
import type { DB } from '../db/schema.ts';
import type { Embedder } from '../embeddings/embedder.ts';
import type { FileStore } from '../documents/file-store.ts';
import type { CompanyQuota } from '../documents/quotas.ts';
import type { VectorStore } from '../retrieval/vector-store/index.ts';
import type { DocumentFormat, ParsedDocument, ParseOptions } from './parsers/types.ts';
import type { ChunkingOptions } from './chunker.ts';
import type { Slicing } from './slices.ts';
import type { IngestBudget } from './budget.ts';

/** What ingesting a document needs (src/context.ts `ingestDepsOf`; tests build their own). */
export interface IngestDeps {
  db: Kysely<DB>;
  files: FileStore;
  embedder: Embedder;
  vectorEnabled: boolean;
  /** A store other than pgvector gets the document's points before it turns VECTORIZED. */
  vectorStore?: VectorStore;
  chunking: ChunkingOptions;
  /** Parses original bytes, in the sandbox (src/ingestion/sandbox/sandbox.ts) in production. */
  /** `signal` aborts a parse in progress (ParseCancelledError): the document was deleted. */
  /** `options.onProgress` must be called as work starts (OCR pages): the budget grants time by it. */
  parse: (
    format: DocumentFormat,
    bytes: Uint8Array,
    options: ParseOptions,
    signal?: AbortSignal,
  ) => Promise<ParsedDocument>;
  /** How often a running attempt checks that its document still exists, ms (default 1000). */
  cancelPollMs?: number;
  /** Attempts before a document ends ERROR (INGEST_MAX_ATTEMPTS). */
  maxAttempts: number;
  /** OCR limits for scanned pages (OCR_*); null = no OCR. */
  ocr?: { maxPages: number; dpi: number } | null;
  /** Queue and quota for e-mail attachments' child documents; without a queue they are only named. */
  boss?: PgBoss;
  quota?: CompanyQuota;
  /** Child documents one upload may become in all (ATTACHMENTS_MAX_PER_UPLOAD); unset = no budget. */
  maxAttachmentsPerUpload?: number;
  /**
   * The embedding budget: chunks one document may have (INGEST_MAX_CHUNKS), checked after
   * chunking, before anything is embedded; more → ERROR naming it. Unset = no budget.
   */
  maxChunks?: number;
  /**
   * Wall-clock budget of an attempt (INGEST_BUDGET_*, src/ingestion/budget.ts): past it the
   * attempt is aborted and the document ends ERROR naming the limit. Unset = no budget.
   */
  budget?: IngestBudget;
  /** Slices and hand-over between companies (src/ingestion/slices.ts); unset = one slice. */
  slicing?: Slicing;
  /**
   * Called after each committed change of a document's row a list shows (PROCESSING, VECTORIZED
   * with its chunk count and attachments' children, ERROR): the list cache's `bump`.
   */
  listsChanged?: (companyId: string) => void;
  /**
   * Told the attempt number once an attempt is counted (`documents.attempts`), so the worker can
   * give it back when the attempt is cut off by a shutdown or a lost database (worker.ts).
   */
  onAttemptBegun?: (documentId: string, attempt: number) => void;
}
