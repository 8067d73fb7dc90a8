import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { DB } from '../db/schema.ts';
import { auditDb, type AuditTables } from './schema.ts';
import type { AuditActorType, AuditOutcome } from './audit.repository.ts';

/** Filters of the list and the export (all optional; `action` ending in `*` is a prefix). */
export interface AuditFilters {
  action?: string;
  actor?: string;
  actorType?: string;
  targetType?: string;
  targetId?: string;
  outcome?: string;
  /** Inclusive lower bound on the event's time. */
  from?: string;
  /** Exclusive upper bound on the event's time. */
  to?: string;
}

type Row = AuditTables['audit_events'] extends infer T ? { [K in keyof T]: unknown } : never;

/** An event as the API shows it (docs/api.md "Audit events"). */
export interface AuditEventView {
  id: string;
  seq: number;
  companyId: string | null;
  occurredAt: string;
  actor: { type: AuditActorType; id: string | null };
  action: string;
  target: { type: string; id: string | null } | null;
  outcome: AuditOutcome;
  statusCode: number | null;
  ip: string | null;
  userAgent: string | null;
  requestId: string | null;
  details: Record<string, unknown>;
  prevHash: string;
  hash: string;
}

/** A stored row in the API's shape. */
export function auditView(r: Row): AuditEventView {
  const details = typeof r.details === 'string' ? JSON.parse(r.details) : r.details;
  return {
    id: r.id as string,
    seq: Number(r.seq),
    companyId: (r.company_id as string | null) ?? null,
    occurredAt: (r.occurred_at as Date).toISOString(),
    actor: { type: r.actor_type as AuditActorType, id: (r.actor_id as string | null) ?? null },
    action: r.action as string,
    target: r.target_type
      ? { type: r.target_type as string, id: (r.target_id as string | null) ?? null }
      : null,
    outcome: r.outcome as AuditOutcome,
    statusCode: (r.status_code as number | null) ?? null,
    ip: (r.ip as string | null) ?? null,
    userAgent: (r.user_agent as string | null) ?? null,
    requestId: (r.request_id as string | null) ?? null,
    details: (details as Record<string, unknown>) ?? {},
    prevHash: r.prev_hash as string,
    hash: r.hash as string,
  };
}

type Q = SelectQueryBuilder<DB & AuditTables, 'audit_events', object>;

/** `q` narrowed to one company's events and the filters (the company decided in the query). */
function filtered(q: Q, companyId: string, f: AuditFilters): Q {
  q = q.where('company_id', '=', companyId);
  if (f.action) {
    q = f.action.endsWith('*')
      ? q.where('action', 'like', f.action.slice(0, -1).replace(/[\\%_]/g, '\\$&') + '%')
      : q.where('action', '=', f.action);
  }
  if (f.actor) q = q.where('actor_id', '=', f.actor);
  if (f.actorType) q = q.where('actor_type', '=', f.actorType);
  if (f.targetType) q = q.where('target_type', '=', f.targetType);
  if (f.targetId) q = q.where('target_id', '=', f.targetId);
  if (f.outcome) q = q.where('outcome', '=', f.outcome);
  if (f.from) q = q.where('occurred_at', '>=', new Date(f.from));
  if (f.to) q = q.where('occurred_at', '<', new Date(f.to));
  return q;
}

/** One page of a company's events, newest first, with the total that match. */
export async function listAuditEvents(
  db: Kysely<DB>,
  companyId: string,
  f: AuditFilters & { page: number; limit: number; order?: 'asc' | 'desc' },
): Promise<{ items: AuditEventView[]; total: number }> {
  const adb = auditDb(db);
  const base = filtered(adb.selectFrom('audit_events'), companyId, f);
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('occurred_at', f.order ?? 'desc')
      .orderBy('seq', f.order ?? 'desc')
      .limit(f.limit)
      .offset((f.page - 1) * f.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map((r) => auditView(r as Row)), total: Number(count.n) };
}

/** Rows read per query by the export. */
const EXPORT_BATCH = 500;

/**
 * Every matching event of a company, oldest first (chain order), read in batches of 500 by
 * sequence number, so an export of any size holds one batch in memory.
 */
export async function* iterateAuditEvents(
  db: Kysely<DB>,
  companyId: string,
  f: AuditFilters,
): AsyncGenerator<AuditEventView> {
  const adb = auditDb(db);
  let after = 0;
  for (;;) {
    const rows = await filtered(adb.selectFrom('audit_events'), companyId, f)
      .selectAll()
      .where('seq', '>', after)
      .orderBy('seq', 'asc')
      .limit(EXPORT_BATCH)
      .execute();
    for (const r of rows) yield auditView(r as Row);
    if (rows.length < EXPORT_BATCH) return;
    after = Number(rows[rows.length - 1]!.seq);
  }
}
