import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { newId } from '../lib/ids.ts';
import { randomToken, sha256Hex } from '../auth/tokens.ts';

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

/** Deletes at once and for good; false when no such key in the company. */
export async function deleteApiKey(db: Kysely<DB>, companyId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('api_keys')
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function findApiKeyByKey(db: Kysely<DB>, key: string) {
  if (!/^svc_(live|test)_[A-Za-z0-9_-]{20,}$/.test(key)) return undefined;
  return db.selectFrom('api_keys').selectAll().where('key_hash', '=', sha256Hex(key)).executeTakeFirst();
}

export async function touchApiKey(db: Kysely<DB>, id: string): Promise<void> {
  await db.updateTable('api_keys').set({ last_used_at: new Date() }).where('id', '=', id).execute();
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
