import type { JobWithMetadata, PgBoss } from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import { enqueueIngest, INGEST_QUEUE, type IngestJob } from './queue.ts';
import { failDocument, ingestDocument, type IngestDeps } from './ingest.ts';
import { REINDEX_QUEUE, reindexCompanyLexical, maintainIndexes } from './reindex.ts';
import { resyncCompany } from '../retrieval/vector-store/resync.ts';
import { compactLexicalStats } from '../retrieval/lexical/bm25.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { giveBackAttempt } from './attempts.ts';
import { queuedContinuations, type Slicing } from './slices.ts';
import { embeddedChunks, ingestionOutcomes, ingestionStepDuration } from '../metrics/registry.ts';
import type { IngestBudget } from './budget.ts';
import { startSlotLeases } from './slot-leases.ts';

/** `deps` with parse and embed timed, and chunks counted, for /metrics. */
function measured(deps: IngestDeps): IngestDeps {
  const timed =
    <A extends unknown[], R>(step: string, fn: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const end = ingestionStepDuration.startTimer({ step });
      try {
        return await fn(...args);
      } finally {
        end();
      }
    };
  const embedder = deps.embedder;
  return {
    ...deps,
    parse: timed('parse', deps.parse),
    embedder: {
      ...embedder,
      count: (text) => embedder.count(text),
      embedQuery: (text) => embedder.embedQuery(text),
      embedDocuments: timed('embed', async (texts: string[]) => {
        const vectors = await embedder.embedDocuments(texts);
        embeddedChunks.inc(texts.length);
        return vectors;
      }),
    },
  };
}

/** The company of a document; null when it is gone. @throws database errors. */
async function companyOf(deps: IngestDeps, documentId: string): Promise<string | null> {
  const row = await deps.db
    .selectFrom('documents')
    .select('company_id')
    .where('id', '=', documentId)
    .executeTakeFirst();
  return row?.company_id ?? null;
}

/**
 * Longest a stopping worker waits for its cut-off attempts to hand their slice over, ms: an
 * embedding group in progress ends first (16 chunks, ≈ 0.3–1 s of one idle core). Within the
 * default SHUTDOWN_CLOSE_MS (3 s), so the attempts given back after it still get written.
 */
const HANDOVER_WAIT_MS = 2_000;
/** Quiet time after the last ingestion before index maintenance runs, ms. */
const VACUUM_DEBOUNCE_MS = 5_000;
/** Longest a busy worker goes without folding the BM25 statistics' deltas, ms. */
const COMPACT_AT_LEAST_EVERY_MS = 60_000;

export { fairShare } from './slot-leases.ts';

/** A running worker; `stop` ends it without spending the attempts it cuts off. */
export interface IngestionWorker {
  /** Documents being processed now. */
  readonly active: number;
  /**
   * Stops fetching jobs, waits up to `graceMs` for those in flight, then gives back the attempts
   * of those still running (the database must still be open); their jobs are retried by the next
   * worker. Never rejects.
   * @param handOverMs how long the attempts past the grace get to end their embedding group and
   *   queue their continuation (default `HANDOVER_WAIT_MS`); those still running after it are
   *   given back and retried once their job's heartbeat lapses.
   */
  stop(graceMs: number, handOverMs?: number): Promise<void>;
}

/**
 * Starts consuming ingestion jobs. A job that throws is retried by pg-boss (backoff); once the
 * document has used INGEST_MAX_ATTEMPTS it is marked ERROR instead, so no document stays
 * PROCESSING. An attempt cut off by a lost database or a shutdown is given back
 * (`documents.attempts` − 1) before its job is retried, so infrastructure never spends a
 * document's attempts. Before consuming, documents left UPLOADED or PROCESSING (e.g. by a crash)
 * are enqueued again; the queue's exclusive policy drops those that still have a job.
 *
 * Fair share (issue 36): `concurrency` slots, registered with those of every other worker process
 * (slot-leases.ts); a company holds at most `fairShare` of all live workers' slots while another
 * company's document waits; a job past it is put back behind the waiting ones (`slicing.defer`)
 * instead of taking the slot. With `budget`, every attempt is bounded in wall
 * clock from the moment its job is taken (src/ingestion/budget.ts), so a slot is never held longer
 * than one budget by a parse, and at most one slice at a time by embedding.
 */
export async function startIngestionWorker(
  boss: PgBoss,
  deps: IngestDeps,
  options: {
    concurrency: number;
    log: FastifyBaseLogger;
    vacuumAfterBurst?: boolean;
    /** INGEST_BUDGET_*; unset = no budget. */
    budget?: IngestBudget;
  },
): Promise<IngestionWorker> {
  /** Attempt numbers of the documents in flight, by document id. */
  const attempts = new Map<string, number>();
  const inFlight = new Set<Promise<unknown>>();
  let stopping = false;
  // Registered before any job is taken: the other workers count these slots from now on.
  const leases = deps.slicing ? await startSlotLeases(deps.db, options.concurrency, options.log) : null;
  /** Aborted when the grace after a stop ends: the attempts still running hand their slice over. */
  const handOver = new AbortController();
  // Stopping, every attempt hands over at its next seam (after its parse, between two embedding
  // groups) as if another company waited: its continuation is queued for another worker at once.
  const base = deps.slicing;
  const slicing: Slicing | undefined = base && {
    get sliceMs() {
      return stopping ? 0 : base.sliceMs;
    },
    othersWaiting: async (companyId) => stopping || base.othersWaiting(companyId),
    continueLater: (...args) => base.continueLater(...args),
    defer: (job) => base.defer(job),
    prepared: base.prepared,
  };
  const tracked: IngestDeps = {
    ...measured(deps),
    ...(slicing ? { slicing } : {}),
    ...(options.budget ? { budget: options.budget } : {}),
    onAttemptBegun: (documentId, attempt) => attempts.set(documentId, attempt),
  };
  let vacuumTimer: NodeJS.Timeout | null = null;
  let lastMaintained = Date.now();
  // PGlite has no autovacuum: vacuum and analyze too. PostgreSQL: only the BM25 statistics.
  const maintain = () => {
    lastMaintained = Date.now();
    const run = options.vacuumAfterBurst ? maintainIndexes(deps.db) : compactLexicalStats(deps.db);
    run.catch((err: unknown) => options.log.warn({ err }, 'index maintenance failed'));
  };
  const scheduleVacuum = () => {
    if (vacuumTimer) clearTimeout(vacuumTimer);
    if (Date.now() - lastMaintained > COMPACT_AT_LEAST_EVERY_MS) return maintain();
    vacuumTimer = setTimeout(maintain, VACUUM_DEBOUNCE_MS);
    vacuumTimer.unref();
  };
  // A document whose next slice is in the queue (waiting, or running when a worker died: the queue
  // retries it) is not pending: its continuation goes on.
  const continuing = new Set((await queuedContinuations(boss, true)).map((job) => job.documentId));
  const pending = (
    await deps.db
      .selectFrom('documents')
      .select('id')
      .where('status', 'in', ['UPLOADED', 'PROCESSING'])
      .execute()
  ).filter(({ id }) => !continuing.has(id));
  for (const { id } of pending) await enqueueIngest(boss, id);
  if (pending.length) options.log.info({ count: pending.length }, 'resumed pending ingestion jobs');

  const handler = async ([job]: JobWithMetadata<IngestJob>[]) => {
    if (!job) return;
    const { documentId } = job.data;
    // The job's lines carry the upload's request id: one grep follows a document from API to worker.
    const log = options.log.child({ reqId: job.data.requestId ?? `job-${job.id}`, jobId: job.id });
    const started = Date.now();
    // The budget counts from here: the job is taken.
    const takenAt = performance.now();
    const companyId = job.data.companyId ?? (await companyOf(deps, documentId));
    if (companyId === null) return; // deleted before it was taken
    const slicing = deps.slicing;
    const lease =
      leases && slicing
        ? await leases.take(companyId, documentId, () => slicing.othersWaiting(companyId))
        : null;
    if (leases && slicing && !lease) {
      // At its fair share of all workers' slots while another company waits: the slot goes to it.
      await slicing.defer({ ...job.data, companyId });
      log.debug({ documentId, companyId }, 'ingestion deferred: the company holds its share of slots');
      return;
    }
    // A continuation goes on with its attempt; retried after a failure, it is a fresh attempt
    // (so INGEST_MAX_ATTEMPTS still counts every failure).
    const resume = job.data.attempt !== undefined && job.retryCount === 0 ? job.data.attempt : undefined;
    const run = ingestDocument(tracked, documentId, {
      takenAt,
      handOver: handOver.signal,
      ...(resume !== undefined ? { resume, spentMs: job.data.spentMs ?? 0 } : {}),
      ...(job.data.requestId ? { requestId: job.data.requestId } : {}),
    });
    inFlight.add(run);
    try {
      const outcome = await run;
      ingestionOutcomes.inc({ outcome });
      if (outcome === 'yielded' && stopping)
        log.info({ documentId }, 'ingestion handed over by shutdown; its continuation is queued');
      else log.info({ documentId, outcome, ms: Date.now() - started }, 'ingestion finished');
    } catch (err) {
      const attempt = attempts.get(documentId);
      if (stopping || isDatabaseUnavailable(err)) {
        // Not the document's fault: the attempt is given back and the job retried.
        log.warn(
          { documentId, err: { message: (err as Error).message } },
          'ingestion interrupted by the infrastructure; retried without spending an attempt',
        );
        // Counted when it happens, not once the database is back and the attempt given back.
        ingestionOutcomes.inc({ outcome: 'interrupted' });
        if (attempt !== undefined && !stopping) await giveBackAttempt(deps.db, documentId, attempt);
        throw err;
      }
      log.error({ err, documentId, retry: job.retryCount }, 'ingestion failed');
      ingestionOutcomes.inc({ outcome: 'failed' });
      if ((attempt ?? 0) >= deps.maxAttempts || job.retryCount >= job.retryLimit) {
        const doc = await deps.db
          .selectFrom('documents')
          .select('company_id')
          .where('id', '=', documentId)
          .executeTakeFirst();
        if (doc)
          await failDocument(
            deps.db,
            doc.company_id,
            documentId,
            'processing failed after several attempts',
            deps.vectorStore,
          );
        if (doc) deps.listsChanged?.(doc.company_id);
        return;
      }
      throw err;
    } finally {
      inFlight.delete(run);
      attempts.delete(documentId);
      if (lease) await leases?.release(lease);
    }
  };
  await boss.work<IngestJob>(
    INGEST_QUEUE,
    {
      includeMetadata: true,
      batchSize: 1,
      localConcurrency: options.concurrency,
      pollingIntervalSeconds: 0.5,
    },
    handler as never,
  );
  await boss.work<{ companyId: string }>(REINDEX_QUEUE, { batchSize: 1 }, async ([job]) => {
    if (!job) return;
    const chunks = await reindexCompanyLexical(deps.db, job.data.companyId);
    options.log.info({ companyId: job.data.companyId, chunks }, 'lexical index rebuilt');
    if (deps.vectorStore?.kind === 'qdrant') {
      // The sparse vectors were analyzed in the old language: rebuild them from the rows.
      const store = { db: deps.db, store: deps.vectorStore, embedder: deps.embedder };
      const report = await resyncCompany(store, job.data.companyId);
      options.log.info({ companyId: job.data.companyId, ...report }, 'vector store re-synced');
    }
    // Cached search answers were scored with the old analyzer.
    deps.listsChanged?.(job.data.companyId);
    scheduleVacuum();
  });
  return {
    get active() {
      return inFlight.size;
    },
    async stop(graceMs, handOverMs = HANDOVER_WAIT_MS) {
      stopping = true;
      // offWork also waits for the jobs in flight: not awaited past the grace period.
      const off = Promise.allSettled([boss.offWork(INGEST_QUEUE), boss.offWork(REINDEX_QUEUE)]);
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.all([off, Promise.allSettled([...inFlight])]),
        new Promise((resolve) => (timer = setTimeout(resolve, graceMs))),
      ]);
      clearTimeout(timer);
      if (inFlight.size && deps.slicing) {
        // Past the grace: the attempts still running stop now and hand their slice over (their
        // continuation queued, taken by another worker at once, not after the job's heartbeat
        // lapses). An embedding group in progress ends first: at most `handOverMs`.
        handOver.abort();
        await Promise.race([
          Promise.all([off, Promise.allSettled([...inFlight])]),
          new Promise((resolve) => (timer = setTimeout(resolve, handOverMs))),
        ]);
        clearTimeout(timer);
      }
      for (const [documentId, attempt] of attempts) {
        await giveBackAttempt(deps.db, documentId, attempt, 0).catch(() => {});
        options.log.info({ documentId }, 'ingestion cut off by shutdown; its attempt was given back');
      }
      await leases?.stop();
    },
  };
}
