import type { ColumnType, Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

/** int8 columns: pg hands them back as strings, PGlite as numbers or bigints. */
type BigIntColumn = ColumnType<string | number | bigint, number, number>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;

/** `audit_events` (migration 0061): one audit record, chained per company. */
export interface AuditEventsTable {
  id: string;
  seq: BigIntColumn;
  company_id: string | null;
  occurred_at: Timestamp;
  actor_type: string;
  actor_id: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  outcome: string;
  status_code: number | null;
  ip: string | null;
  user_agent: string | null;
  request_id: string | null;
  details: ColumnType<Record<string, unknown>, string, string>;
  prev_hash: string;
  hash: string;
}

/** `audit_chain_heads` (migration 0061): the lockable head and the pruning anchor of one chain. */
export interface AuditChainHeadsTable {
  chain: string;
  last_seq: ColumnType<string | number | bigint, number | undefined, number>;
  last_hash: string;
  anchor_seq: ColumnType<string | number | bigint, number | undefined, number>;
  anchor_hash: string;
  pruned_at: ColumnType<Date | null, Date | undefined, Date>;
}

export type AuditTables = {
  audit_events: AuditEventsTable;
  audit_chain_heads: AuditChainHeadsTable;
};

/** The app's database with the audit tables typed (kept here, out of the shared schema.ts). */
export type AuditDb = Kysely<DB & AuditTables>;

/** `db` seen with the audit tables. */
export const auditDb = (db: Kysely<DB>): AuditDb => db.withTables<AuditTables>();

/** The head row's key of a company's chain; '' for events that name no company. */
export const chainOf = (companyId: string | null): string => companyId ?? '';
