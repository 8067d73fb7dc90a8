import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { pruneAuditChain } from './audit.repository.ts';

/** How often one process prunes one chain at most, ms (an hour). */
const PRUNE_EVERY_MS = 60 * 60_000;
const DAY_MS = 86_400_000;

/**
 * Retention (AUDIT_RETENTION_DAYS; 0 keeps every event): after an event is written to a chain,
 * its events older than the retention are pruned, at most once an hour per chain and process, in
 * the background (a failed prune is logged and tried again at the next hour). No timer: a chain
 * nobody writes to is not pruned until it is written to again.
 */
export function createPruner(
  db: Kysely<DB>,
  retentionDays: number,
  log: { warn(obj: object, msg: string): void },
) {
  const last = new Map<string, number>();
  const running = new Set<Promise<unknown>>();
  return {
    /** Called after a write to `companyId`'s chain. */
    touch(companyId: string | null, now = Date.now()): void {
      if (retentionDays <= 0) return;
      const key = companyId ?? '';
      if (now - (last.get(key) ?? 0) < PRUNE_EVERY_MS) return;
      last.set(key, now);
      const p = pruneAuditChain(db, companyId, new Date(now - retentionDays * DAY_MS))
        .catch((err: unknown) => log.warn({ err, companyId }, 'audit retention prune failed'))
        .finally(() => running.delete(p));
      running.add(p);
    },
    /** Waits for prunes in flight (before the database closes). */
    async close(): Promise<void> {
      await Promise.all(running);
    },
  };
}
