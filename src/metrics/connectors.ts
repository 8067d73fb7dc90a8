/**
 * Connector figures for /metrics, read from the database at scrape time (src/metrics/registry.ts),
 * so every process reports the same values whichever worker ran the sync: per connector, its
 * latest finished run's items seen, changed and failed (ingestion failures included:
 * src/connectors/runs.ts `withIngestionFailures`), that run's duration, and when its last
 * successful run ended.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { withIngestionFailures, type RunRow } from '../connectors/runs.ts';

/** One connector's figures. */
export interface ConnectorFigures {
  connector: string;
  kind: string;
  /** Items listed at the source by the latest finished run. */
  seen: number;
  /** Items added, updated, moved or deleted by it. */
  changed: number;
  /** Items it could not fetch, plus those whose document then ended ERROR at ingestion. */
  failed: number;
  /** started → finished of that run, seconds. */
  durationSeconds: number;
  /** Unix time (seconds) the latest completed run ended; null when none has. */
  lastSuccess: number | null;
}

/** Every connector's figures (connectors without a finished run are left out). */
export async function connectorFigures(db: Kysely<DB>): Promise<ConnectorFigures[]> {
  const [latest, successes] = await Promise.all([
    db
      .selectFrom('connector_runs as r')
      .innerJoin('connectors as c', 'c.id', 'r.connector_id')
      .selectAll('r')
      .select('c.kind as kind')
      .distinctOn('r.connector_id')
      .where('r.status', 'in', ['completed', 'failed'])
      .orderBy('r.connector_id')
      .orderBy('r.finished_at', 'desc')
      .execute(),
    db
      .selectFrom('connector_runs')
      .select(['connector_id', sql<number>`extract(epoch from max(finished_at))::float8`.as('at')])
      .where('status', '=', 'completed')
      .groupBy('connector_id')
      .execute(),
  ]);
  const lastSuccess = new Map(successes.map((s) => [s.connector_id, Number(s.at)]));
  const kinds = new Map(latest.map((r) => [r.id, r.kind]));
  const runs = await withIngestionFailures(db, latest as RunRow[]);
  return runs.map((run) => ({
    connector: run.connector_id,
    kind: kinds.get(run.id) ?? 'unknown',
    seen: run.listed,
    changed: run.added + run.updated + run.moved + run.deleted,
    failed: run.failed,
    durationSeconds:
      run.started_at && run.finished_at ? (run.finished_at.getTime() - run.started_at.getTime()) / 1000 : 0,
    lastSuccess: lastSuccess.get(run.connector_id) ?? null,
  }));
}
