import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

/**
 * Stored `Idempotency-Key`s (IETF draft-ietf-httpapi-idempotency-key-header-07, §2): the first
 * request with a key claims it; later requests with the same key get the stored response back, or
 * a refusal. Kept 24 h per company (`KEY_TTL_HOURS`), then forgotten.
 */

/** How long a key stands for its response, hours (the draft leaves it to the server, §2.3). */
export const KEY_TTL_HOURS = 24;

/**
 * A claim still unfinished after this long is taken to be abandoned (the process died between the
 * claim and the answer) and may be claimed again, seconds.
 */
export const ABANDONED_AFTER_S = 300;

/** Who holds a key: the company and `user:<id>` or `apiKey:<id>`. */
export interface KeyScope {
  companyId: string;
  principal: string;
  key: string;
}

/**
 * What a request with a key finds:
 * - `claimed`: the key is new (or expired, or abandoned); this request goes ahead and its answer is stored;
 * - `replay`: the same request was answered before; `status` and `body` (the JSON text) are that answer;
 * - `mismatch`: the key was used with a different request (draft §2.7: 422);
 * - `in-progress`: the first request with this key is still being processed (draft §2.7: 409).
 */
export type Claim =
  | { kind: 'claimed' }
  | { kind: 'replay'; status: number; body: string }
  | { kind: 'mismatch' }
  | { kind: 'in-progress' };

/**
 * Claims `scope.key` for a request whose fingerprint is `fingerprint` (SHA-256 hex). One atomic
 * insert decides between concurrent requests with the same key: exactly one gets `claimed`.
 * Expired keys of the company are deleted on the way.
 */
export async function claimKey(db: Kysely<DB>, scope: KeyScope, fingerprint: string): Promise<Claim> {
  await db
    .deleteFrom('idempotency_keys')
    .where('company_id', '=', scope.companyId)
    .where(
      sql<boolean>`created_at < now() - make_interval(hours => ${KEY_TTL_HOURS})
        or (status_code is null and created_at < now() - make_interval(secs => ${ABANDONED_AFTER_S}))`,
    )
    .execute();
  const inserted = await db
    .insertInto('idempotency_keys')
    .values({ company_id: scope.companyId, principal: scope.principal, key: scope.key, fingerprint })
    .onConflict((c) => c.columns(['company_id', 'principal', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  if (inserted) return { kind: 'claimed' };
  const row = await db
    .selectFrom('idempotency_keys')
    .select(['fingerprint', 'status_code', 'response_body'])
    .where('company_id', '=', scope.companyId)
    .where('principal', '=', scope.principal)
    .where('key', '=', scope.key)
    .executeTakeFirst();
  // Deleted between the insert and the select (it expired just now): as good as in progress.
  if (!row) return { kind: 'in-progress' };
  if (row.fingerprint !== fingerprint) return { kind: 'mismatch' };
  if (row.status_code === null || row.response_body === null) return { kind: 'in-progress' };
  return { kind: 'replay', status: row.status_code, body: row.response_body };
}

/** Stores the answer of a claimed key; every later request with it gets this answer. */
export async function completeKey(db: Kysely<DB>, scope: KeyScope, status: number, body: string) {
  await db
    .updateTable('idempotency_keys')
    .set({ status_code: status, response_body: body })
    .where('company_id', '=', scope.companyId)
    .where('principal', '=', scope.principal)
    .where('key', '=', scope.key)
    .execute();
}

/** Gives a claimed key up (the request failed in a way a retry may cure: 5xx, 429, 409, no answer). */
export async function releaseKey(db: Kysely<DB>, scope: KeyScope) {
  await db
    .deleteFrom('idempotency_keys')
    .where('company_id', '=', scope.companyId)
    .where('principal', '=', scope.principal)
    .where('key', '=', scope.key)
    .where('status_code', 'is', null)
    .execute();
}
