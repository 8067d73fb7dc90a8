import type { JobWithMetadata, PgBoss } from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import { enqueueIngest, INGEST_QUEUE, type IngestJob } from './queue.ts';
import { failDocument, ingestDocument, type IngestDeps } from './ingest.ts';
import { REINDEX_QUEUE, reindexCompanyLexical, maintainIndexes } from './reindex.ts';
import { resyncCompany } from '../retrieval/vector-store/resync.ts';
import { compactLexicalStats } from '../retrieval/lexical/bm25.ts';

/** Quiet time after the last ingestion before index maintenance runs, ms. */
const VACUUM_DEBOUNCE_MS = 5_000;
/** Longest a busy worker goes without folding the BM25 statistics' deltas, ms. */
const COMPACT_AT_LEAST_EVERY_MS = 60_000;

/**
 * Starts consuming ingestion jobs. A job that throws is retried by pg-boss (3 times, backoff);
 * on its last attempt the document is marked ERROR instead, so no document stays PROCESSING.
 * Before consuming, documents left UPLOADED or PROCESSING (e.g. by a crash) are enqueued again;
 * the queue's exclusive policy drops those that still have a job.
 */
export async function startIngestionWorker(
  boss: PgBoss,
  deps: IngestDeps,
  options: { concurrency: number; log: FastifyBaseLogger; vacuumAfterBurst?: boolean },
): Promise<void> {
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
  const pending = await deps.db
    .selectFrom('documents')
    .select('id')
    .where('status', 'in', ['UPLOADED', 'PROCESSING'])
    .execute();
  for (const { id } of pending) await enqueueIngest(boss, id);
  if (pending.length) options.log.info({ count: pending.length }, 'resumed pending ingestion jobs');

  const handler = async ([job]: JobWithMetadata<IngestJob>[]) => {
    if (!job) return;
    const { documentId } = job.data;
    const started = Date.now();
    try {
      const outcome = await ingestDocument(deps, documentId);
      options.log.info({ documentId, outcome, ms: Date.now() - started }, 'ingestion finished');
    } catch (err) {
      options.log.error({ err, documentId, retry: job.retryCount }, 'ingestion failed');
      if (job.retryCount >= job.retryLimit) {
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
}
