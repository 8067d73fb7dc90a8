import { createHash } from 'node:crypto';

/** The `prev_hash` of a chain's first row: 64 zeros (no row before it). */
export const GENESIS_HASH = '0'.repeat(64);

/** The fields of an audit row the hash covers (everything but the hash itself). */
export interface ChainedFields {
  id: string;
  seq: number;
  companyId: string | null;
  occurredAt: Date;
  actorType: string;
  actorId: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  outcome: string;
  statusCode: number | null;
  ip: string | null;
  userAgent: string | null;
  requestId: string | null;
  details: Record<string, unknown>;
  prevHash: string;
}

/**
 * JSON with object keys sorted at every depth, no whitespace: the same value always serialises
 * to the same bytes, whatever order a database (jsonb) hands its keys back in.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/**
 * The canonical serialisation of a row: a JSON array of its fields in a fixed order (version tag
 * first), the time as ISO 8601 UTC with milliseconds, `details` through canonicalJson.
 */
export function canonicalRow(row: ChainedFields): string {
  return canonicalJson([
    'cograg-audit-v1',
    row.id,
    row.seq,
    row.companyId,
    row.occurredAt.toISOString(),
    row.actorType,
    row.actorId,
    row.action,
    row.targetType,
    row.targetId,
    row.outcome,
    row.statusCode,
    row.ip,
    row.userAgent,
    row.requestId,
    row.details,
    row.prevHash,
  ]);
}

/** A row's hash: SHA-256 (hex) of its canonical serialisation, which includes `prevHash`. */
export function rowHash(row: ChainedFields): string {
  return createHash('sha256').update(canonicalRow(row)).digest('hex');
}
