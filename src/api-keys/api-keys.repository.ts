import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { newId } from '../lib/ids.ts';
import { randomToken, sha256Hex } from '../auth/tokens.ts';
import { validationError } from '../lib/errors.ts';
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
  /** Answers from every document of the company (flagged like `anyOrigin`); else from `topicIds`. */
  allDocuments: boolean;
  /** The topics the key answers from (ignored while `allDocuments`); empty: no document. */
  topicIds: string[];
  /** How the key verifies signed visitors' tokens (docs/widget.md); `none`: it takes none. */
  visitorTokens: 'none' | 'hs256' | 'rs256';
  visitorJwksUrl: string | null;
  /** Refuse requests without a visitor token. */
  requireVisitor: boolean;
  /** Visitors may open the originals of cited documents (signed links, docs/widget.md). */
  allowOriginals: boolean;
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
  all_documents: boolean;
  topic_ids: string[];
  visitor_secret_ciphertext: string | null;
  visitor_jwks_url: string | null;
  visitor_required: boolean;
  allow_originals: boolean;
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
    allDocuments: row.all_documents,
    topicIds: row.topic_ids,
    visitorTokens: row.visitor_secret_ciphertext ? 'hs256' : row.visitor_jwks_url ? 'rs256' : 'none',
    visitorJwksUrl: row.visitor_jwks_url,
    requireVisitor: row.visitor_required,
    allowOriginals: row.allow_originals,
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
    /** Every document (explicitly), or only `topicIds` (default: none until topics are given). */
    allDocuments?: boolean;
    topicIds?: string[];
    /** Visitors may open the originals (default false). */
    allowOriginals?: boolean;
  },
): Promise<ApiKeyView & { key: string }> {
  const key = `svc_${input.environment}_${randomToken(32)}`;
  const id = newId('key');
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('api_keys')
      .values({
        id,
        company_id: input.companyId,
        name: input.name,
        environment: input.environment,
        key_prefix: key.slice(0, 13),
        key_last4: key.slice(-4),
        key_hash: sha256Hex(key),
        authorized_domains: JSON.stringify(input.authorizedDomains),
        require_https: input.requireHttps,
        all_documents: input.allDocuments ?? false,
        allow_originals: input.allowOriginals ?? false,
      })
      .execute();
    await replaceKeyTopics(trx, input.companyId, id, input.topicIds ?? []);
  });
  return { ...(await keysOf(db, input.companyId, id))[0]!, key };
}

/** The company's keys with their topics, newest first; only key `id` when given. */
export async function keysOf(db: Kysely<DB>, companyId: string, id?: string): Promise<ApiKeyView[]> {
  const rows = await db
    .selectFrom('api_keys')
    .selectAll()
    .select(
      sql<string[]>`coalesce((select array_agg(kt.topic_id order by kt.topic_id) from api_key_topics kt
        where kt.api_key_id = api_keys.id), '{}')`.as('topic_ids'),
    )
    .where('company_id', '=', companyId)
    .$if(id !== undefined, (q) => q.where('id', '=', id!))
    .orderBy('created_at', 'desc')
    .execute();
  return rows.map(view);
}

/** Replaces the key's topics. @throws 400 naming topic ids that are not the company's. */
async function replaceKeyTopics(db: Kysely<DB>, companyId: string, keyId: string, topicIds: string[]) {
  const wanted = [...new Set(topicIds)];
  const known = wanted.length
    ? new Set(
        (
          await db
            .selectFrom('topics')
            .select('id')
            .where('company_id', '=', companyId)
            .where('id', 'in', wanted)
            .execute()
        ).map((t) => t.id),
      )
    : new Set<string>();
  const unknown = wanted.filter((t) => !known.has(t));
  if (unknown.length > 0) {
    throw validationError(
      'Unknown topic',
      unknown.map(() => ({ field: 'topicIds', reason: 'is not a topic of this company' })),
    );
  }
  await db.deleteFrom('api_key_topics').where('api_key_id', '=', keyId).execute();
  if (wanted.length > 0) {
    await db
      .insertInto('api_key_topics')
      .values(wanted.map((topicId) => ({ api_key_id: keyId, topic_id: topicId })))
      .execute();
  }
}

export async function listApiKeys(db: Kysely<DB>, companyId: string): Promise<ApiKeyView[]> {
  return keysOf(db, companyId);
}

/**
 * Changes a key's name, authorized domains (canonical entries), `requireHttps`, scope, visitor
 * settings and `allowOriginals`; fields left
 * undefined keep their value. Cached copies are dropped at once (every replica, with Redis).
 * @returns the updated key, or null when no such key in the company.
 */
export async function updateApiKey(
  db: Kysely<DB>,
  companyId: string,
  id: string,
  patch: {
    name?: string;
    authorizedDomains?: string[];
    requireHttps?: boolean;
    allDocuments?: boolean;
    topicIds?: string[];
    /** An RS256 JWKS URL (clears an HS256 secret), or null to stop taking RS256 tokens. */
    visitorJwksUrl?: string | null;
    requireVisitor?: boolean;
    allowOriginals?: boolean;
  },
  revocations: Revocations,
): Promise<ApiKeyView | null> {
  const row = await db.transaction().execute(async (trx) => {
    const changes = {
      ...(patch.name !== undefined ? { name: patch.name } : {}),
      ...(patch.authorizedDomains !== undefined
        ? { authorized_domains: JSON.stringify(patch.authorizedDomains) }
        : {}),
      ...(patch.requireHttps !== undefined ? { require_https: patch.requireHttps } : {}),
      ...(patch.allDocuments !== undefined ? { all_documents: patch.allDocuments } : {}),
      ...(patch.visitorJwksUrl !== undefined
        ? {
            visitor_jwks_url: patch.visitorJwksUrl,
            ...(patch.visitorJwksUrl ? { visitor_secret_ciphertext: null } : {}),
          }
        : {}),
      ...(patch.requireVisitor !== undefined ? { visitor_required: patch.requireVisitor } : {}),
      ...(patch.allowOriginals !== undefined ? { allow_originals: patch.allowOriginals } : {}),
    };
    // Only the topics may change: an update with no column would be invalid SQL.
    const row =
      Object.keys(changes).length > 0
        ? await trx
            .updateTable('api_keys')
            .set(changes)
            .where('id', '=', id)
            .where('company_id', '=', companyId)
            .returning('id')
            .executeTakeFirst()
        : await trx
            .selectFrom('api_keys')
            .select('id')
            .where('id', '=', id)
            .where('company_id', '=', companyId)
            .forUpdate()
            .executeTakeFirst();
    if (row && patch.topicIds !== undefined) await replaceKeyTopics(trx, companyId, id, patch.topicIds);
    return row;
  });
  if (row) revocations.invalidate({ kind: 'apiKey', id });
  return row ? (await keysOf(db, companyId, id))[0]! : null;
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
    .select([
      'id',
      'company_id',
      'authorized_domains',
      'require_https',
      'visitor_secret_ciphertext',
      'visitor_jwks_url',
      'visitor_required',
      'allow_originals',
    ])
    .where('key_hash', '=', keyHash)
    .executeTakeFirst();
  return row
    ? {
        id: row.id,
        companyId: row.company_id,
        authorizedDomains: row.authorized_domains,
        requireHttps: row.require_https,
        allowOriginals: row.allow_originals,
        visitor: {
          secretCiphertext: row.visitor_secret_ciphertext,
          jwksUrl: row.visitor_jwks_url,
          required: row.visitor_required,
        },
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
