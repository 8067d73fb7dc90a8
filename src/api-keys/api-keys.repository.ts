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
  authorizedDomains: string[];
  lastUsedAt: string | null;
  createdAt: string;
}

function view(row: {
  id: string;
  name: string;
  environment: ApiKeyEnvironment;
  key_prefix: string;
  authorized_domains: string[];
  last_used_at: Date | null;
  created_at: Date;
}): ApiKeyView {
  return {
    id: row.id,
    name: row.name,
    environment: row.environment,
    keyPrefix: row.key_prefix,
    authorizedDomains: row.authorized_domains,
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
  input: { companyId: string; name: string; environment: ApiKeyEnvironment; authorizedDomains: string[] },
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
      key_hash: sha256Hex(key),
      authorized_domains: JSON.stringify(input.authorizedDomains),
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
    .select(['id', 'company_id', 'authorized_domains'])
    .where('key_hash', '=', keyHash)
    .executeTakeFirst();
  return row ? { id: row.id, companyId: row.company_id, authorizedDomains: row.authorized_domains } : null;
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

/**
 * Spec "API key" rule 4–5: entries are exact hosts or `*.domain` wildcards (which match
 * subdomains, not the apex). An empty list allows every origin; a non-empty list refuses a
 * request that carries neither Origin nor Referer.
 */
export function isDomainAuthorized(allowed: string[], originOrReferer: string | undefined): boolean {
  if (allowed.length === 0) return true;
  if (!originOrReferer) return false;
  let host: string;
  try {
    host = new URL(originOrReferer).hostname.toLowerCase();
  } catch {
    return false;
  }
  return allowed.some((entry) => {
    const pattern = entry.toLowerCase();
    if (pattern.startsWith('*.')) return host.endsWith(pattern.slice(1)) && host.length > pattern.length - 1;
    return host === pattern;
  });
}
