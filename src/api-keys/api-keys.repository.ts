import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { newId } from '../lib/ids.ts';
import { randomToken, sha256Hex } from '../auth/tokens.ts';
import type { CachedApiKey, Revocations } from '../auth/auth-cache.ts';

export type ApiKeyEnvironment = 'live' | 'test';

/** The API shape of a key record; `key` only in the creation response. */
export interface ApiKeyView {
  id: string;
  name: string;
  environment: ApiKeyEnvironment;
  keyPrefix: string;
  /** Last four characters; null for keys made before they were kept. */
  keyLast4: string | null;
  authorizedDomains: string[];
  requireHttps: boolean;
  /** True when the key has no authorized domains: any web site may use it. */
  anyOrigin: boolean;
  lastUsedAt: string | null;
  createdAt: string;
}

function view(row: {
  id: string;
  name: string;
  environment: ApiKeyEnvironment;
  key_prefix: string;
  key_last4: string | null;
  authorized_domains: string[];
  require_https: boolean;
  last_used_at: Date | null;
  created_at: Date;
}): ApiKeyView {
  return {
    id: row.id,
    name: row.name,
    environment: row.environment,
    keyPrefix: row.key_prefix,
    keyLast4: row.key_last4,
    authorizedDomains: row.authorized_domains,
    requireHttps: row.require_https,
    anyOrigin: row.authorized_domains.length === 0,
    lastUsedAt: row.last_used_at ? row.last_used_at.toISOString() : null,
    createdAt: row.created_at.toISOString(),
  };
}

/**
 * Creates a key `svc_<env>_<43 base64url chars>` (256 random bits); stores only its SHA-256.
 * @returns the record and the full key, which is never retrievable again.
 */
export async function createApiKey(
  db: Kysely<DB>,
  input: {
    companyId: string;
    name: string;
    environment: ApiKeyEnvironment;
    /** Canonical entries (domains.ts `normalizeDomains`). */
    authorizedDomains: string[];
    requireHttps: boolean;
  },
): Promise<ApiKeyView & { key: string }> {
  const key = `svc_${input.environment}_${randomToken(32)}`;
  const row = await db
    .insertInto('api_keys')
    .values({
      id: newId('key'),
      company_id: input.companyId,
      name: input.name,
      environment: input.environment,
      key_prefix: key.slice(0, 13),
      key_last4: key.slice(-4),
      key_hash: sha256Hex(key),
      authorized_domains: JSON.stringify(input.authorizedDomains),
      require_https: input.requireHttps,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { ...view(row), key };
}

export async function listApiKeys(db: Kysely<DB>, companyId: string): Promise<ApiKeyView[]> {
  const rows = await db
    .selectFrom('api_keys')
    .selectAll()
    .where('company_id', '=', companyId)
    .orderBy('created_at', 'desc')
    .execute();
  return rows.map(view);
}

/**
 * Changes a key's name, authorized domains (canonical entries) and `requireHttps`; fields left
 * undefined keep their value. Cached copies are dropped at once (every replica, with Redis).
 * @returns the updated key, or null when no such key in the company.
 */
export async function updateApiKey(
  db: Kysely<DB>,
  companyId: string,
  id: string,
  patch: { name?: string; authorizedDomains?: string[]; requireHttps?: boolean },
  revocations: Revocations,
): Promise<ApiKeyView | null> {
  const row = await db
    .updateTable('api_keys')
    .set({
      ...(patch.name !== undefined ? { name: patch.name } : {}),
      ...(patch.authorizedDomains !== undefined
        ? { authorized_domains: JSON.stringify(patch.authorizedDomains) }
        : {}),
      ...(patch.requireHttps !== undefined ? { require_https: patch.requireHttps } : {}),
    })
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .returningAll()
    .executeTakeFirst();
  if (row) revocations.invalidate({ kind: 'apiKey', id });
  return row ? view(row) : null;
}

/** Deletes at once and for good (and from the auth cache); false when no such key in the company. */
export async function deleteApiKey(
  db: Kysely<DB>,
  companyId: string,
  id: string,
  revocations: Revocations,
): Promise<boolean> {
  const result = await db
    .deleteFrom('api_keys')
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  const deleted = Number(result.numDeletedRows) > 0;
  if (deleted) revocations.invalidate({ kind: 'apiKey', id });
  return deleted;
}

/** SHA-256 of a well-formed key (`svc_live_…`/`svc_test_…`), or null for anything else. */
export function apiKeyHashOf(key: string): string | null {
  return /^svc_(live|test)_[A-Za-z0-9_-]{20,}$/.test(key) ? sha256Hex(key) : null;
}

/** The key stored under `keyHash` (see apiKeyHashOf), as authentication needs it; null when none. */
export async function findApiKeyByHash(db: Kysely<DB>, keyHash: string): Promise<CachedApiKey | null> {
  const row = await db
    .selectFrom('api_keys')
    .select(['id', 'company_id', 'authorized_domains', 'require_https'])
    .where('key_hash', '=', keyHash)
    .executeTakeFirst();
  return row
    ? {
        id: row.id,
        companyId: row.company_id,
        authorizedDomains: row.authorized_domains,
        requireHttps: row.require_https,
      }
    : null;
}

/**
 * Records key use in `last_used_at` at most once per `intervalMs` per key (per process), so a
 * busy key costs no write per request. Best effort: a failed write is retried after the interval.
 * @returns `touch(id)`, which never throws.
 */
export function apiKeyToucher(db: Kysely<DB>, intervalMs = 60_000): (id: string) => void {
  const lastWrite = new Map<string, number>();
  return (id) => {
    const now = Date.now();
    if (now - (lastWrite.get(id) ?? -Infinity) < intervalMs) return;
    // Bounded: once large, forget keys whose interval has passed anyway.
    if (lastWrite.size >= 10_000)
      for (const [k, at] of lastWrite) if (now - at >= intervalMs) lastWrite.delete(k);
    lastWrite.set(id, now);
    void db
      .updateTable('api_keys')
      .set({ last_used_at: new Date(now) })
      .where('id', '=', id)
      .execute()
      .catch(() => {});
  };
}
