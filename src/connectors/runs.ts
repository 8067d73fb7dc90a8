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

/** An item of a run whose document ended ERROR at ingestion, after the run handed it over. */
export interface IngestionFailure {
  runId: string;
  item: string;
  error: string;
}

/**
 * The items each run added or changed whose document then ended `ERROR` at ingestion (a corrupt
 * file: the sync fetched it fine, the parser refused it). Computed when runs are read, since
 * ingestion ends after the run: an item counts for the run during which it was written
 * (`connector_items.updated_at` within the run) when its document ended ERROR after the run began
 * — a document already in ERROR that the run found unchanged is not counted again. Items the sync
 * itself failed to fetch carry `connector_items.error` and are already in `failed`.
 * @returns the failures by run id (runs without any are absent).
 */
export async function ingestionFailures(
  db: Kysely<DB>,
  runs: Pick<RunRow, 'id' | 'connector_id' | 'started_at' | 'finished_at'>[],
): Promise<Map<string, IngestionFailure[]>> {
  const started = runs.filter((r) => r.started_at);
  const out = new Map<string, IngestionFailure[]>();
  if (!started.length) return out;
  const rows = await db
    .selectFrom('connector_runs as r')
    .innerJoin('connector_items as ci', (join) =>
      join
        .onRef('ci.connector_id', '=', 'r.connector_id')
        .onRef('ci.updated_at', '>=', 'r.started_at')
        .on('ci.updated_at', '<=', sql<Date>`coalesce(r.finished_at, now())`),
    )
    .innerJoin('documents as d', 'd.id', 'ci.document_id')
    .select(['r.id as runId', 'ci.item_key as item', 'd.error as error'])
    .where(
      'r.id',
      'in',
      started.map((r) => r.id),
    )
    .where('ci.error', 'is', null)
    .where('d.status', '=', 'ERROR')
    .whereRef('d.updated_at', '>=', 'r.started_at')
    .orderBy('ci.item_key')
    .execute();
  for (const r of rows) {
    const list = out.get(r.runId) ?? [];
    list.push({ runId: r.runId, item: r.item, error: r.error ?? 'ingestion failed' });
    out.set(r.runId, list);
  }
  return out;
}

/**
 * `runs` with their ingestion failures folded in: `failed` counts them too, and each one's
 * document error joins `errors` (as "ingestion: …"), so a run whose corrupt file was refused by
 * the parser no longer reads 0 failures.
 */
export async function withIngestionFailures(db: Kysely<DB>, runs: RunRow[]): Promise<RunRow[]> {
  const failures = await ingestionFailures(db, runs);
  return runs.map((run) => {
    const found = failures.get(run.id);
    if (!found) return run;
    return {
      ...run,
      failed: run.failed + found.length,
      errors: [...run.errors, ...found.map((f) => ({ item: f.item, error: `ingestion: ${f.error}` }))].slice(
        0,
        MAX_RUN_ERRORS,
      ),
    };
  });
}
