/**
 * Ingestion in slices, so that one document cannot hold a worker's slot (issue 22, hole 1: an ODS
 * that expanded to 6 M characters kept another company's 60-byte note waiting 150 s). A document's
 * attempt is cut at its natural seams — after the parse and chunking, and between two embedding
 * groups (each group's chunks are written as soon as it is embedded) — and at each seam, once
 * `sliceMs` of work has gone by, it asks whether another company's document waits. If one does,
 * the attempt hands its slot over: it enqueues its own continuation (same attempt, ranked like an
 * upload of its company, so the waiting document goes first) and returns. The continuation resumes
 * after the chunks already written, with the parsed document kept here in memory (or parsed again
 * on another worker: parsing and chunking are deterministic).
 */
import type { Kysely } from 'kysely';
import type { PgBoss } from 'pg-boss';
import type { DB } from '../db/schema.ts';
import { companyUsage } from '../documents/quotas.ts';
import type { ParsedDocument } from './parsers/types.ts';
import type { Chunk } from './chunker.ts';
import { INGEST_QUEUE, type IngestJob } from './queue.ts';

/** A parsed and chunked document between two slices of one attempt. */
export interface PreparedDocument {
  parsed: ParsedDocument;
  chunks: Chunk[];
}

/**
 * Parsed documents kept between slices (at most `size`, least recently stored dropped first: one
 * dropped is parsed again). Each holds up to PARSE_MAX_CHARS characters twice (text and chunks).
 */
export class PreparedCache {
  private readonly map = new Map<string, PreparedDocument>();
  private readonly size: number;
  constructor(size: number) {
    this.size = size;
  }
  get(documentId: string, attempt: number): PreparedDocument | undefined {
    return this.map.get(`${documentId}:${attempt}`);
  }
  set(documentId: string, attempt: number, prepared: PreparedDocument): void {
    this.delete(documentId);
    this.map.set(`${documentId}:${attempt}`, prepared);
    while (this.map.size > this.size) this.map.delete(this.map.keys().next().value!);
  }
  /** Forgets every attempt of the document. */
  delete(documentId: string): void {
    for (const key of this.map.keys()) if (key.startsWith(`${documentId}:`)) this.map.delete(key);
  }
}

/** How an attempt shares its worker's slot (IngestDeps.slicing). */
export interface Slicing {
  /** Work, ms, after which a document hands its slot over at its next seam if another company waits. */
  sliceMs: number;
  /** Whether a document of a company other than `companyId` waits: never started, or a continuation. */
  othersWaiting(companyId: string): Promise<boolean>;
  /** Enqueues the next slice of attempt `attempt` of the document; `spentMs`: its budget spent so far. */
  continueLater(
    doc: { id: string; company_id: string },
    attempt: number,
    requestId?: string,
    spentMs?: number,
  ): Promise<void>;
  /**
   * Puts a job back in the queue, ranked behind the waiting documents of companies with less in
   * progress (worker.ts: a company past its fair share of slots while another waits). The copy is
   * found by `slice: true` like a continuation, so a restarting worker does not enqueue it twice.
   */
  defer(job: IngestJob & { companyId: string }): Promise<void>;
  prepared: PreparedCache;
}

/** Delay of a deferred job before it may be taken again, s. */
const DEFER_SECONDS = 1;

/** Parsed documents kept between slices per worker process. */
const PREPARED_KEPT = 4;

/**
 * The ingestion jobs of continuations waiting in the queue (created or retry) — with
 * `includeActive`, running ones too (a worker starting after a crash) — with their data.
 * @throws database errors.
 */
export async function queuedContinuations(boss: PgBoss, includeActive = false): Promise<IngestJob[]> {
  const jobs = await boss.findJobs<IngestJob>(INGEST_QUEUE, {
    data: { slice: true },
    ...(includeActive ? {} : { queued: true }),
  });
  const live = includeActive ? ['created', 'retry', 'active'] : ['created', 'retry'];
  return jobs.filter((j) => live.includes(j.state)).map((j) => j.data);
}

/** Slicing over the documents table and the ingestion queue; `sliceMs` is INGEST_SLICE_MS. */
export function createSlicing(db: Kysely<DB>, boss: PgBoss, sliceMs: number): Slicing {
  return {
    sliceMs,
    prepared: new PreparedCache(PREPARED_KEPT),
    async othersWaiting(companyId) {
      // A document never started (documents_waiting_idx), then another company's continuation.
      const fresh = await db
        .selectFrom('documents')
        .select('id')
        .where('status', '=', 'UPLOADED')
        .where('company_id', '<>', companyId)
        .limit(1)
        .executeTakeFirst();
      if (fresh) return true;
      return (await queuedContinuations(boss)).some((job) => job.companyId !== companyId);
    },
    async defer(job) {
      const { pending } = await companyUsage(db, job.companyId);
      await boss.send(INGEST_QUEUE, { ...job, slice: true } satisfies IngestJob, {
        singletonKey: `${job.documentId}#deferred#${Date.now()}`,
        priority: -pending,
        // A document counted as waiting whose job cannot run yet (a retry's back-off) would
        // otherwise send this job round the queue on every poll.
        startAfter: DEFER_SECONDS,
      });
    },
    async continueLater(doc, attempt, requestId, spentMs) {
      // Ranked as an upload of the company would be (minus its documents in progress, this one
      // included): behind the waiting documents of companies with less in progress.
      const { pending } = await companyUsage(db, doc.company_id);
      const job: IngestJob = {
        documentId: doc.id,
        attempt,
        companyId: doc.company_id,
        slice: true,
        ...(requestId ? { requestId } : {}),
        ...(spentMs !== undefined ? { spentMs: Math.round(spentMs) } : {}),
      };
      await boss.send(INGEST_QUEUE, job, {
        singletonKey: `${doc.id}#${attempt}#${Date.now()}`,
        priority: -pending,
      });
    },
  };
}
