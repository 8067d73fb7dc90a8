/**
 * Ingestion slots counted across every worker process (issue 36, docs/ingestion.md "Slots and a
 * fair share of them"): each worker registers its INGEST_CONCURRENCY in `ingest_workers` and
 * renews it every HEARTBEAT_MS; each job holding a slot has a row in `ingest_slots` (migration
 * 0065). A company may hold at most half of all live workers' slots, rounded up, while another
 * company's document waits, whichever worker its documents land on. Deciding and taking a slot
 * happen under one transaction-scoped advisory lock, so two workers cannot both take a company's
 * last share. A worker that dies without cleaning up stops counting WORKER_TTL_SECONDS after its
 * last renewal (its rows are deleted by the next worker that renews).
 */
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../db/schema.ts';

/** How often a worker renews its row, ms. */
const HEARTBEAT_MS = 10_000;
/** A worker not renewed for this long is dead: its slots count no more (three renewals missed). */
export const WORKER_TTL_SECONDS = 30;
/** Dead workers' rows (and their slots) are deleted after this long. */
const FORGET_SECONDS = 3_600;

/**
 * Slots one company may hold while another company's document waits, of `slots` slots in all
 * live workers: half, rounded up (with one slot in all the rule never defers anything; two
 * companies get one of two each).
 */
export const fairShare = (slots: number) => Math.ceil(slots / 2);

/** A worker's view of the slots of all workers. */
export interface SlotLeases {
  readonly workerId: string;
  /**
   * Takes a slot for `documentId` of `companyId`, unless the company already holds its share of
   * all live workers' slots and `othersWaiting()` says another company's document waits.
   * @returns the lease id to release, or null when the job must give way (nothing was taken).
   * @throws database errors (nothing taken).
   */
  take(companyId: string, documentId: string, othersWaiting: () => Promise<boolean>): Promise<string | null>;
  /** Gives a slot back; never rejects (a lost row dies with its worker's registration). */
  release(leaseId: string): Promise<void>;
  /** Slots of all live workers and those `companyId` holds (for logs and tests). */
  count(companyId: string): Promise<{ total: number; held: number }>;
  /** Stops renewing and deletes this worker's row and slots; never rejects. */
  stop(): Promise<void>;
}

const live = sql<boolean>`w.seen_at > now() - make_interval(secs => ${WORKER_TTL_SECONDS})`;

async function countIn(db: Kysely<DB>, companyId: string) {
  const { rows } = await sql<{ total: number; held: number }>`
    select (select coalesce(sum(w.slots), 0)::int from ingest_workers w where ${live}) as total,
           (select count(*)::int from ingest_slots s join ingest_workers w on w.id = s.worker_id
             where s.company_id = ${companyId} and ${live}) as held`.execute(db);
  return rows[0]!;
}

/**
 * Registers this worker with `slots` slots (INGEST_CONCURRENCY) and renews it until `stop`.
 * @throws database errors at registration.
 */
export async function startSlotLeases(
  db: Kysely<DB>,
  slots: number,
  log: FastifyBaseLogger,
): Promise<SlotLeases> {
  const workerId = randomUUID();
  const renew = async () => {
    await sql`insert into ingest_workers (id, slots) values (${workerId}, ${slots})
      on conflict (id) do update set seen_at = now(), slots = excluded.slots`.execute(db);
    await sql`delete from ingest_workers
      where seen_at < now() - make_interval(secs => ${FORGET_SECONDS})`.execute(db);
  };
  await renew();
  const timer = setInterval(() => {
    renew().catch((err: unknown) => log.warn({ err }, 'ingestion slots: renewal failed; retried'));
  }, HEARTBEAT_MS);
  timer.unref();
  const insert = async (trx: Kysely<DB>, companyId: string, documentId: string) => {
    const id = randomUUID();
    await sql`insert into ingest_slots (id, worker_id, company_id, document_id)
      values (${id}, ${workerId}, ${companyId}, ${documentId})`.execute(trx);
    return id;
  };
  return {
    workerId,
    async take(companyId, documentId, othersWaiting) {
      // One decision at a time over all workers (the lock ends with the transaction).
      const taken = await db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(hashtext(current_schema() || '.ingest_slots'))`.execute(trx);
        const { total, held } = await countIn(trx, companyId);
        return held < fairShare(Math.max(total, slots)) ? insert(trx, companyId, documentId) : null;
      });
      if (taken) return taken;
      // At its share: the slot goes to another company if one waits (asked outside the
      // transaction: PGlite has one connection), else this company takes it anyway.
      if (await othersWaiting()) return null;
      return insert(db, companyId, documentId);
    },
    async release(leaseId) {
      await sql`delete from ingest_slots where id = ${leaseId}`.execute(db).catch((err: unknown) => {
        log.warn({ err }, 'ingestion slots: release failed; the slot ends with this worker');
      });
    },
    count: (companyId) => countIn(db, companyId),
    async stop() {
      clearInterval(timer);
      await sql`delete from ingest_workers where id = ${workerId}`.execute(db).catch(() => {});
    },
  };
}
