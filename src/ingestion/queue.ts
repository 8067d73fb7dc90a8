import { PgBoss, type Db } from 'pg-boss';
import type pg from 'pg';
import { REINDEX_QUEUE } from './reindex.ts';

/** Queue name of document ingestion jobs; payload `{ documentId }`. */
export const INGEST_QUEUE = 'ingest-document';

/** Retries of one ingestion job (pg-boss `retryLimit`), interruptions included. */
export const INGEST_JOB_RETRIES = 10;

export interface IngestJob {
  documentId: string;
  /** The request that caused the job (X-Request-Id), for the worker's log lines. */
  requestId?: string;
  /**
   * Set on a continuation (src/ingestion/slices.ts): the attempt whose next slice this job runs,
   * with the document's company and `slice: true` (so waiting continuations can be found by data).
   */
  attempt?: number;
  companyId?: string;
  slice?: true;
  /** A continuation's work so far, ms, counted against the attempt's budget (budget.ts). */
  spentMs?: number;
}

/**
 * pg-boss over our own pool: one adapter for PGlite and PostgreSQL. On PGlite the pool has one
 * connection, so pg-boss queries wait for an open kysely transaction instead of running inside
 * it (STACK.md: "pg-boss and kysely sharing one PGlite").
 */
export function poolAdapter(pool: pg.Pool): Db {
  return {
    async executeSql(text: string, values?: unknown[]) {
      const result = await pool.query(text, values as unknown[] | undefined);
      // A multi-statement text answers with one result per statement; pg-boss reads the last.
      const last = Array.isArray(result) ? result[result.length - 1] : result;
      return { rows: last?.rows ?? [] };
    },
  };
}

/** The schema each started pg-boss keeps its tables in (startQueue). */
const schemas = new WeakMap<PgBoss, string>();

/** The schema of `boss`'s tables (`pgboss` unless the context was given another). */
export const queueSchemaOf = (boss: PgBoss): string => schemas.get(boss) ?? 'pgboss';

/**
 * Starts pg-boss in `schema` and makes sure the ingestion queue exists.
 * Jobs: up to INGEST_JOB_RETRIES retries with exponential backoff capped at a minute; a heartbeat
 * every 10 s lets the monitor hand the job of a crashed worker to another one (pg-boss
 * `heartbeatSeconds`). The document's own budget is INGEST_MAX_ATTEMPTS (worker.ts): the job's
 * retries also cover attempts given back after a lost database or a shutdown, so there are more.
 */
export async function startQueue(pool: pg.Pool, schema: string): Promise<PgBoss> {
  const boss = new PgBoss({ db: poolAdapter(pool), schema, supervise: true, schedule: false });
  schemas.set(boss, schema);
  boss.on('error', (err) => {
    // pg-boss reports maintenance failures here; they are retried on its next cycle.
    process.emitWarning(`pg-boss: ${err instanceof Error ? err.message : String(err)}`);
  });
  await boss.start();
  try {
    await prepareQueues(boss);
  } catch (err) {
    // A started pg-boss keeps polling: stopped here, or it outlives the pool it runs on.
    await boss.stop({ graceful: false, close: false }).catch(() => {});
    throw err;
  }
  return boss;
}

async function prepareQueues(boss: PgBoss): Promise<void> {
  await boss.createQueue(INGEST_QUEUE, {
    policy: 'exclusive',
    retryLimit: INGEST_JOB_RETRIES,
    retryDelay: 5,
    retryBackoff: true,
    retryDelayMax: 60,
    expireInSeconds: 30 * 60,
    heartbeatSeconds: 10,
  });
  // A queue created by an earlier release keeps its options: bring them up to date.
  await boss.updateQueue(INGEST_QUEUE, {
    retryLimit: INGEST_JOB_RETRIES,
    retryBackoff: true,
    retryDelayMax: 60,
  });
  // stately: at most one queued and one active rebuild per company (singletonKey = company id).
  await boss.createQueue(REINDEX_QUEUE, {
    policy: 'stately',
    retryLimit: 3,
    retryDelay: 5,
    retryBackoff: true,
  });
  // pg-boss reads queue metadata through its own pool the first time a queue is used. Doing it
  // now, outside any transaction, keeps a later send inside a kysely transaction from waiting on
  // PGlite's single connection that the transaction holds (a deadlock).
  for (const queue of [INGEST_QUEUE, REINDEX_QUEUE]) {
    await boss.getJobById(queue, '00000000-0000-0000-0000-000000000000');
  }
}

/**
 * Enqueues ingestion of a document; with `db` (pg-boss `fromKysely(trx)`) the job commits or
 * rolls back with the caller's transaction. The queue's `exclusive` policy keyed by document id
 * keeps at most one queued-or-active job per document. Higher `priority` runs first (pg-boss
 * fetches by priority, then age); uploads pass minus the company's waiting documents.
 */
export async function enqueueIngest(
  boss: PgBoss,
  documentId: string,
  db?: Db,
  priority = 0,
  requestId?: string,
): Promise<void> {
  await boss.send(INGEST_QUEUE, { documentId, ...(requestId ? { requestId } : {}) } satisfies IngestJob, {
    singletonKey: documentId,
    priority,
    ...(db ? { db } : {}),
  });
}
