import { sql, type Kysely } from 'kysely';
import { fromKysely, type Db, type PgBoss } from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../db/schema.ts';
import { newId } from '../lib/ids.ts';
import { runSync, type SyncDeps } from './sync.ts';
import { requeueStranded } from './documents.ts';
import { purgeRemoved } from './purge.ts';
import { DEFAULT_RETENTION_DAYS } from './removed.ts';
import type { RunRow } from './runs.ts';

/** Queue of connector syncs; payload `{ runId }`. */
export const CONNECTOR_QUEUE = 'connector-sync';

/** Creates the queue (at start-up, outside any transaction: see ingestion/queue.ts). */
export async function createConnectorQueue(boss: PgBoss): Promise<void> {
  await boss.createQueue(CONNECTOR_QUEUE, {
    retryLimit: 5,
    retryDelay: 10,
    retryBackoff: true,
    expireInSeconds: 6 * 3600,
  });
  await boss.getJobById(CONNECTOR_QUEUE, '00000000-0000-0000-0000-000000000000');
}

/** This process's connector workers, by the PgBoss instance they consume with. */
const localWorkers = new WeakMap<PgBoss, string>();

/**
 * Wakes this process's connector worker, if it runs one, so a "sync now" queued by the API starts
 * at once instead of at the worker's next poll (up to 1 s later, pg-boss `pollingIntervalSeconds`;
 * `notifyWorker` is pg-boss's documented bypass). Call it after the run's transaction commits: a
 * worker woken before then would not see the job. A worker in another process still polls.
 */
export function wakeConnectorWorker(boss: PgBoss): void {
  const id = localWorkers.get(boss);
  if (id) boss.notifyWorker(id);
}

/**
 * A new run for the connector and its job, in the caller's transaction; while a run is queued or
 * running that one is returned instead (one sync per connector at a time).
 */
export async function startRun(
  trx: Kysely<DB>,
  boss: PgBoss,
  connector: { id: string; company_id: string },
  trigger: 'manual' | 'schedule',
): Promise<{ run: RunRow; created: boolean }> {
  const open = await trx
    .selectFrom('connector_runs')
    .selectAll()
    .where('connector_id', '=', connector.id)
    .where('status', 'in', ['queued', 'running'])
    .executeTakeFirst();
  if (open) return { run: open, created: false };
  const run = await trx
    .insertInto('connector_runs')
    .values({
      id: newId('crun'),
      connector_id: connector.id,
      company_id: connector.company_id,
      trigger,
      status: 'queued',
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await boss.send(
    CONNECTOR_QUEUE,
    { runId: run.id },
    { db: fromKysely(trx as never) as Db, group: { id: connector.company_id } },
  );
  return { run, created: true };
}

/**
 * The worker's side: consumes sync jobs, and every `pollSeconds` starts the scheduled syncs that
 * are due (row-locked with SKIP LOCKED, so workers never start one twice), sends again the runs
 * whose holder stopped renewing its lease (a crashed worker: the run resumes where it stopped),
 * and, at most once a minute, queues connector documents left without an ingestion job and purges
 * removed documents past their retention (purge.ts).
 * @returns `stop()`, which stops polling and consuming.
 */
export async function startConnectorWorker(
  boss: PgBoss,
  deps: SyncDeps,
  options: { pollSeconds: number; concurrency: number; log: FastifyBaseLogger },
): Promise<{ stop(): Promise<void> }> {
  const workerId = await boss.work<{ runId: string }>(
    CONNECTOR_QUEUE,
    // One sync per company at a time in this process (the job's group is its company): another
    // company's sync starts beside a long one instead of waiting for it.
    {
      batchSize: 1,
      localConcurrency: options.concurrency,
      localGroupConcurrency: 1,
      pollingIntervalSeconds: 1,
    },
    async ([job]) => {
      if (!job) return;
      const run = await runSync(deps, job.data.runId);
      if (run) options.log.info({ runId: run.id, status: run.status }, 'connector sync finished');
    },
  );
  localWorkers.set(boss, workerId);
  let stopped = false;
  let ticking = false;
  let lastSweep = 0;
  const strandedMs = Math.max(60, deps.leaseSeconds) * 1000;
  const tick = async () => {
    // A pass slowed by a busy database is not overlapped by the next one (they would pile up).
    if (ticking) return;
    ticking = true;
    try {
      // Stranded documents are a rare safety net: looked for once per `strandedMs`, not every poll.
      const sweep = Date.now() - lastSweep >= strandedMs;
      await tickOnce(deps.db, boss, deps.leaseSeconds, sweep);
      // Removed documents past their retention go at the same (rare) pace: a cheap query when none.
      if (sweep) await purgeRemoved(deps, deps.retentionDays ?? DEFAULT_RETENTION_DAYS);
      if (sweep) lastSweep = Date.now();
    } catch (err) {
      options.log.warn({ err }, 'connector scheduling failed; retried on the next poll');
    } finally {
      ticking = false;
    }
  };
  await tick();
  const timer = setInterval(() => void (stopped || tick()), options.pollSeconds * 1000);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      localWorkers.delete(boss);
      await boss.offWork(CONNECTOR_QUEUE).catch(() => {});
    },
  };
}

/** One scheduling pass (see startConnectorWorker); `sweepStranded`: stranded documents too. */
export async function tickOnce(
  db: Kysely<DB>,
  boss: PgBoss,
  leaseSeconds: number,
  sweepStranded = true,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const due = await trx
      .selectFrom('connectors')
      .select(['id', 'company_id'])
      .where('enabled', '=', true)
      .where('interval_minutes', 'is not', null)
      .where('next_sync_at', '<=', sql<Date>`now()`)
      .forUpdate()
      .skipLocked()
      .limit(20)
      .execute();
    for (const c of due) {
      await trx
        .updateTable('connectors')
        .set({ next_sync_at: sql`now() + make_interval(mins => interval_minutes)` })
        .where('id', '=', c.id)
        .execute();
      await startRun(trx, boss, c, 'schedule');
    }
  });
  const abandoned = await db
    .selectFrom('connector_runs')
    .select(['id', 'company_id'])
    .where('status', '=', 'running')
    .where('lease_until', '<', sql<Date>`now()`)
    .execute();
  for (const { id, company_id } of abandoned)
    await boss.send(CONNECTOR_QUEUE, { runId: id }, { group: { id: company_id } });
  if (sweepStranded) await requeueStranded(db, boss, Math.max(60, leaseSeconds) * 1000);
}
