import { sql, type Kysely, type Selectable } from 'kysely';
import type { ConnectorsTable, DB } from '../db/schema.ts';
import { withoutUserinfo } from '../lib/redact.ts';
import { runCounts, withIngestionFailures, type RunRow } from './runs.ts';

export type ConnectorRow = Selectable<ConnectorsTable>;

/** A run as the API shows it (schemas/connectors.ts `ConnectorRun`). */
export function runView(run: RunRow) {
  return {
    id: run.id,
    connectorId: run.connector_id,
    trigger: run.trigger,
    status: run.status,
    ...runCounts(run),
    truncated: run.truncated,
    error: run.error,
    errors: run.errors
      .slice(0, 100)
      .map((e) => ({ item: e.item.slice(0, 4000), error: e.error.slice(0, 2000) })),
    createdAt: run.created_at.toISOString(),
    startedAt: run.started_at?.toISOString() ?? null,
    finishedAt: run.finished_at?.toISOString() ?? null,
  };
}

/** A stored config as shown: no URL's `user:password@` (rows from before it was stripped). */
function shownConfig(config: ConnectorRow['config']): ConnectorRow['config'] {
  const out: Record<string, unknown> = { ...(config as Record<string, unknown>) };
  for (const [field, value] of Object.entries(out)) {
    if (typeof value === 'string' && /url|endpoint/i.test(field)) out[field] = withoutUserinfo(value);
    else if (Array.isArray(value) && /urls$/i.test(field))
      out[field] = value.map((v: unknown) => (typeof v === 'string' ? withoutUserinfo(v) : v));
  }
  return out as ConnectorRow['config'];
}

/** A connector as the API shows it: `hasSecret`, never the secret. */
export function connectorView(row: ConnectorRow, lastRun: RunRow | null) {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    topicId: row.topic_id,
    config: shownConfig(row.config),
    hasSecret: row.secret_ciphertext !== null,
    intervalMinutes: row.interval_minutes,
    enabled: row.enabled,
    limits: row.limits,
    nextSyncAt: row.next_sync_at?.toISOString() ?? null,
    lastRun: lastRun ? runView(lastRun) : null,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** The company's connector, or undefined (another company's is not found: decided in the query). */
export async function findConnector(db: Kysely<DB>, companyId: string, id: string) {
  return db
    .selectFrom('connectors')
    .selectAll()
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
}

/** The latest run of each connector in `ids`, ingestion failures counted (runs.ts). */
export async function lastRuns(db: Kysely<DB>, ids: string[]): Promise<Map<string, RunRow>> {
  if (!ids.length) return new Map();
  const rows = await db
    .selectFrom('connector_runs')
    .selectAll()
    .distinctOn('connector_id')
    .where('connector_id', 'in', ids)
    .orderBy('connector_id')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return new Map((await withIngestionFailures(db, rows)).map((r) => [r.connector_id, r]));
}

/** One page of the company's connectors, newest first, with their last runs. */
export async function listConnectors(db: Kysely<DB>, companyId: string, page: number, limit: number) {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('connectors')
      .selectAll()
      .where('company_id', '=', companyId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    db
      .selectFrom('connectors')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('company_id', '=', companyId)
      .executeTakeFirstOrThrow(),
  ]);
  const runs = await lastRuns(
    db,
    rows.map((r) => r.id),
  );
  return { items: rows.map((r) => connectorView(r, runs.get(r.id) ?? null)), total: total.n };
}

/** One page of a connector's runs, newest first, ingestion failures counted (runs.ts). */
export async function listRuns(db: Kysely<DB>, connectorId: string, page: number, limit: number) {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('connector_runs')
      .selectAll()
      .where('connector_id', '=', connectorId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    db
      .selectFrom('connector_runs')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('connector_id', '=', connectorId)
      .executeTakeFirstOrThrow(),
  ]);
  return { items: (await withIngestionFailures(db, rows)).map(runView), total: total.n };
}
