import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { newId } from '../lib/ids.ts';
import { GENESIS_HASH, rowHash, type ChainedFields } from './chain.ts';
import { auditDb, chainOf } from './schema.ts';
import { safeDetails, withoutNul } from './details.ts';

/** Who acted: a signed-in user, an API key, a SCIM client, the server itself, or nobody known. */
export type AuditActorType = 'user' | 'api_key' | 'scim' | 'system' | 'anonymous';
/** success: the action happened; denied: refused by authentication or authorization; failure: any other refusal or error. */
export type AuditOutcome = 'success' | 'failure' | 'denied';

/** One event to record; `details` passes through safeDetails (secrets dropped, sizes bounded). */
export interface AuditEventInput {
  companyId: string | null;
  actorType: AuditActorType;
  actorId: string | null;
  action: string;
  targetType?: string | null;
  targetId?: string | null;
  outcome: AuditOutcome;
  statusCode?: number | null;
  ip?: string | null;
  userAgent?: string | null;
  requestId?: string | null;
  details?: Record<string, unknown>;
}

/** The longest user agent kept, characters (the rest is cut). */
const USER_AGENT_MAX = 512;
/** Longest action, target type or id kept, characters. */
const NAME_MAX = 128;

const cut = (s: string | null | undefined, max: number) => (s == null ? null : withoutNul(s.slice(0, max)));

/**
 * Appends one event to its company's chain, in a transaction that locks the chain's head row
 * (`SELECT … FOR UPDATE` on `audit_chain_heads`, created on first use), so concurrent writers, in
 * this process or another replica, queue instead of forking the chain. Returns the stored row's
 * id, sequence number and hash. @throws what the database throws (callers decide; docs/decisions.md).
 */
export async function appendAuditEvent(
  db: Kysely<DB>,
  input: AuditEventInput,
  now: Date = new Date(),
): Promise<{ id: string; seq: number; hash: string }> {
  const chain = chainOf(input.companyId);
  return auditDb(db)
    .transaction()
    .execute(async (trx) => {
      await trx
        .insertInto('audit_chain_heads')
        .values({ chain, last_hash: GENESIS_HASH, anchor_hash: GENESIS_HASH })
        .onConflict((oc) => oc.column('chain').doNothing())
        .execute();
      const head = await trx
        .selectFrom('audit_chain_heads')
        .select(['last_seq', 'last_hash'])
        .where('chain', '=', chain)
        .forUpdate()
        .executeTakeFirstOrThrow();
      const row: ChainedFields = {
        id: newId('aud'),
        seq: Number(head.last_seq) + 1,
        companyId: input.companyId,
        occurredAt: now,
        actorType: input.actorType,
        actorId: cut(input.actorId, NAME_MAX),
        action: withoutNul(input.action.slice(0, NAME_MAX)),
        targetType: cut(input.targetType, NAME_MAX),
        targetId: cut(input.targetId, NAME_MAX),
        outcome: input.outcome,
        statusCode: input.statusCode ?? null,
        ip: cut(input.ip, NAME_MAX),
        userAgent: cut(input.userAgent, USER_AGENT_MAX),
        requestId: cut(input.requestId, NAME_MAX),
        details: safeDetails(input.details),
        prevHash: head.last_hash,
      };
      const hash = rowHash(row);
      await trx
        .insertInto('audit_events')
        .values({
          id: row.id,
          seq: row.seq,
          company_id: row.companyId,
          occurred_at: row.occurredAt,
          actor_type: row.actorType,
          actor_id: row.actorId,
          action: row.action,
          target_type: row.targetType,
          target_id: row.targetId,
          outcome: row.outcome,
          status_code: row.statusCode,
          ip: row.ip,
          user_agent: row.userAgent,
          request_id: row.requestId,
          details: JSON.stringify(row.details),
          prev_hash: row.prevHash,
          hash,
        })
        .execute();
      await trx
        .updateTable('audit_chain_heads')
        .set({ last_seq: row.seq, last_hash: hash })
        .where('chain', '=', chain)
        .execute();
      return { id: row.id, seq: row.seq, hash };
    });
}

/**
 * Retention: deletes the chain's rows older than `cutoff` (the oldest run of rows, by sequence, up
 * to the last one before the cutoff) and stores the last deleted row's sequence number and hash
 * as the chain's anchor, so verification of what remains still starts from a known hash. Runs
 * under the head's lock. Returns the number of rows deleted.
 */
export async function pruneAuditChain(
  db: Kysely<DB>,
  companyId: string | null,
  cutoff: Date,
): Promise<number> {
  const chain = chainOf(companyId);
  return auditDb(db)
    .transaction()
    .execute(async (trx) => {
      const head = await trx
        .selectFrom('audit_chain_heads')
        .select('anchor_seq')
        .where('chain', '=', chain)
        .forUpdate()
        .executeTakeFirst();
      if (!head) return 0;
      const inChain = companyId === null ? ('is' as const) : ('=' as const);
      const last = await trx
        .selectFrom('audit_events')
        .select(['seq', 'hash'])
        .where('company_id', inChain, companyId)
        .where('occurred_at', '<', cutoff)
        .orderBy('seq', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (!last) return 0;
      const deleted = await trx
        .deleteFrom('audit_events')
        .where('company_id', inChain, companyId)
        .where('seq', '<=', Number(last.seq))
        .executeTakeFirst();
      await trx
        .updateTable('audit_chain_heads')
        .set({ anchor_seq: Number(last.seq), anchor_hash: last.hash, pruned_at: new Date() })
        .where('chain', '=', chain)
        .execute();
      return Number(deleted.numDeletedRows);
    });
}
