import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { rowHash } from './chain.ts';
import { auditDb } from './schema.ts';

/** The first row of a chain that fails verification, and why. */
export interface ChainBreak {
  id: string | null;
  seq: number;
  reason: 'altered' | 'broken-link' | 'missing-rows' | 'head-mismatch';
  message: string;
}

/** One chain's verdict: its company ('' is the company-less chain), rows checked, first break. */
export interface ChainReport {
  companyId: string | null;
  rows: number;
  lastSeq: number;
  ok: boolean;
  firstBreak?: ChainBreak;
}

/** Rows read per query. */
const BATCH = 1000;

/**
 * Walks one chain from its anchor (genesis, or the last row retention pruned) in sequence order
 * and reports the first row that is not what was written: its hash does not match its fields
 * (`altered`), its `prev_hash` is not the previous row's hash (`broken-link`), a sequence number
 * is skipped (`missing-rows`), or the head row's last sequence or hash does not match the last row
 * (`head-mismatch`: rows deleted at the end, or the head edited).
 */
export async function verifyAuditChain(db: Kysely<DB>, chain: string): Promise<ChainReport> {
  const adb = auditDb(db);
  const companyId = chain === '' ? null : chain;
  const head = await adb
    .selectFrom('audit_chain_heads')
    .selectAll()
    .where('chain', '=', chain)
    .executeTakeFirst();
  let prev = head?.anchor_hash ?? '0'.repeat(64);
  let expected = Number(head?.anchor_seq ?? 0) + 1;
  let rows = 0;
  const report = (b?: ChainBreak): ChainReport => ({
    companyId,
    rows,
    lastSeq: expected - 1,
    ok: !b,
    ...(b ? { firstBreak: b } : {}),
  });
  for (;;) {
    const batch = await adb
      .selectFrom('audit_events')
      .selectAll()
      .where('company_id', companyId === null ? 'is' : '=', companyId)
      .where('seq', '>=', expected)
      .orderBy('seq', 'asc')
      .limit(BATCH)
      .execute();
    for (const r of batch) {
      const seq = Number(r.seq);
      if (seq !== expected)
        return report({
          id: r.id,
          seq,
          reason: 'missing-rows',
          message: `rows ${expected}–${seq - 1} are missing`,
        });
      const computed = rowHash({
        id: r.id,
        seq,
        companyId: r.company_id,
        occurredAt: r.occurred_at,
        actorType: r.actor_type,
        actorId: r.actor_id,
        action: r.action,
        targetType: r.target_type,
        targetId: r.target_id,
        outcome: r.outcome,
        statusCode: r.status_code,
        ip: r.ip,
        userAgent: r.user_agent,
        requestId: r.request_id,
        details: typeof r.details === 'string' ? JSON.parse(r.details) : r.details,
        prevHash: r.prev_hash,
      });
      if (r.prev_hash !== prev)
        return report({
          id: r.id,
          seq,
          reason: 'broken-link',
          message: 'prev_hash is not the previous row’s hash',
        });
      if (computed !== r.hash)
        return report({
          id: r.id,
          seq,
          reason: 'altered',
          message: 'the row’s fields do not match its hash',
        });
      prev = r.hash;
      expected = seq + 1;
      rows++;
    }
    if (batch.length < BATCH) break;
  }
  const lastSeq = expected - 1;
  if (head ? Number(head.last_seq) !== lastSeq || head.last_hash !== prev : rows > 0)
    return report({
      id: null,
      seq: Number(head?.last_seq ?? 0),
      reason: 'head-mismatch',
      message: `the head records row ${Number(head?.last_seq ?? 0)}, the table ends at row ${lastSeq}`,
    });
  return report();
}

/** Every chain (or one company's) verified; chains come from the head rows and the events both. */
export async function verifyAuditChains(db: Kysely<DB>, companyId?: string): Promise<ChainReport[]> {
  const adb = auditDb(db);
  if (companyId !== undefined) return [await verifyAuditChain(db, companyId)];
  const heads = await adb.selectFrom('audit_chain_heads').select('chain').execute();
  const orphans = await adb
    .selectFrom('audit_events')
    .select((eb) => eb.fn.coalesce('company_id', eb.val('')).as('chain'))
    .distinct()
    .execute();
  const chains = [...new Set([...heads, ...orphans].map((r) => r.chain))].sort();
  const reports: ChainReport[] = [];
  for (const chain of chains) reports.push(await verifyAuditChain(db, chain));
  return reports;
}
