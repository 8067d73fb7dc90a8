import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { ConnectorRunsTable, DB } from '../db/schema.ts';
import { recordEvent } from '../outbox/outbox.ts';

/** Per-item errors kept on a run, at most. */
export const MAX_RUN_ERRORS = 100;

export type RunRow = Selectable<ConnectorRunsTable>;
export type RunCount =
  'listed' | 'added' | 'updated' | 'moved' | 'deleted' | 'unchanged' | 'failed' | 'embedded';

/**
 * Takes the run for this worker until `leaseSeconds` from now: a queued run, or a running one
 * whose holder stopped renewing its lease (crashed). @returns the run, or null when another
 * worker holds it or it is finished.
 */
export async function claimRun(db: Kysely<DB>, runId: string, leaseSeconds: number): Promise<RunRow | null> {
  const row = await db
    .updateTable('connector_runs')
    .set({
      status: 'running',
      started_at: sql`coalesce(started_at, now())`,
      lease_until: sql`now() + make_interval(secs => ${leaseSeconds})`,
    })
    .where('id', '=', runId)
    .where((eb) =>
      eb.or([
        eb('status', '=', 'queued'),
        eb.and([eb('status', '=', 'running'), eb('lease_until', '<', sql<Date>`now()`)]),
      ]),
    )
    .returningAll()
    .executeTakeFirst();
  return row ?? null;
}

/** Renews the lease of a run this worker holds. */
export async function renewLease(db: Kysely<DB>, runId: string, leaseSeconds: number): Promise<void> {
  await db
    .updateTable('connector_runs')
    .set({ lease_until: sql`now() + make_interval(secs => ${leaseSeconds})` })
    .where('id', '=', runId)
    .where('status', '=', 'running')
    .execute();
}

/** Adds to the run's counts (and bytes), inside the transaction of the change counted. */
export async function bump(
  trx: Kysely<DB> | Transaction<DB>,
  runId: string,
  counts: Partial<Record<RunCount | 'bytes', number>>,
  error?: { item: string; error: string },
): Promise<void> {
  const set: Record<string, unknown> = {};
  for (const [k, n] of Object.entries(counts)) if (n) set[k] = sql`${sql.ref(k)} + ${n}`;
  if (error)
    set.errors = sql`case when jsonb_array_length(errors) < ${MAX_RUN_ERRORS}
      then errors || ${JSON.stringify([error])}::jsonb else errors end`;
  if (!Object.keys(set).length) return;
  await trx.updateTable('connector_runs').set(set).where('id', '=', runId).execute();
}

/**
 * Ends the run (completed or failed), schedules the connector's next sync when it has an
 * interval, and records `connector.sync.completed` / `connector.sync.failed` with the counts, in
 * one transaction. `pause` also disables the connector (`enabled: false`: no scheduled sync until
 * an admin enables it again), for the mass-deletion guard (sync.ts `MASS_DELETE_SHARE`).
 */
export async function finishRun(
  db: Kysely<DB>,
  runId: string,
  outcome: { status: 'completed' | 'failed'; error?: string; truncated?: boolean; pause?: boolean },
): Promise<RunRow | null> {
  return db.transaction().execute(async (trx) => {
    const run = await trx
      .updateTable('connector_runs')
      .set({
        status: outcome.status,
        error: outcome.error ?? null,
        truncated: outcome.truncated ?? false,
        finished_at: new Date(),
        lease_until: null,
      })
      .where('id', '=', runId)
      .where('status', '=', 'running')
      .returningAll()
      .executeTakeFirst();
    if (!run) return null;
    await trx
      .updateTable('connectors')
      .set({
        next_sync_at: sql`case when interval_minutes is null then null
          else now() + make_interval(mins => interval_minutes) end`,
        ...(outcome.pause ? { enabled: false } : {}),
      })
      .where('id', '=', run.connector_id)
      .execute();
    await recordEvent(trx, run.company_id, `connector.sync.${outcome.status}` as const, {
      connectorId: run.connector_id,
      runId: run.id,
      ...runCounts(run),
      ...(outcome.error ? { error: outcome.error } : {}),
    });
    return run;
  });
}

/** The counts of a run as the API and events show them. */
export function runCounts(run: RunRow) {
  return {
    listed: run.listed,
    added: run.added,
    updated: run.updated,
    moved: run.moved,
    deleted: run.deleted,
    unchanged: run.unchanged,
    failed: run.failed,
    embedded: run.embedded,
    bytes: Number(run.bytes),
  };
}
