import { createLocalJWKSet, errors as joseErrors, jwtVerify, type JSONWebKeySet } from 'jose';
import { forbidden, serviceUnavailable, unauthorized } from '../lib/errors.ts';
import { TtlLru } from '../lib/ttl-lru.ts';
import type { HttpClient } from '../lib/http-client.ts';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { canRead } from './scope.ts';

/** Longest a visitor token may live, seconds: `exp` at most this far after `iat` and after now. */
export const VISITOR_TOKEN_MAX_TTL_S = 3600;
/** How long a key's JWKS is reused before it is fetched again, ms. */
const JWKS_TTL_MS = 5 * 60_000;
/** Largest JWKS document read, bytes. */
const JWKS_MAX_BYTES = 64 * 1024;

/** How a key verifies its visitors' tokens (api_keys columns, migration 0016). */
export interface VisitorVerification {
  /** HS256 secret (decrypted), or null. */
  secret: string | null;
  /** RS256 keys' JWKS URL, fetched under the tenant outbound policy (jwksFetcher), or null. */
  jwksUrl: string | null;
}

/** A verified visitor: their id at the customer's site and the topics their token narrows to. */
export interface Visitor {
  id: string;
  topics?: string[];
}

/**
 * Verifies a visitor token for API key `keyId` (docs/widget.md "Signed visitors"): a JWT signed
 * HS256 with the key's secret or RS256 with a key of its JWKS; `aud` must be the key's id (a
 * token minted for another key is refused), `sub` (1–200 characters) is the visitor id, `exp` is
 * required and at most VISITOR_TOKEN_MAX_TTL_S after `iat` and after now; `topics`, when present,
 * is 1–100 topic ids. Whether those topics lie within the key's scope is the caller's (a query).
 * @throws 401 UNAUTHORIZED for an expired, tampered, malformed or other key's token, or when the
 *   key verifies no tokens; 503 when the JWKS cannot be fetched.
 */
export async function verifyVisitorToken(
  token: string,
  keyId: string,
  how: VisitorVerification,
  jwks: (url: string) => Promise<JSONWebKeySet>,
): Promise<Visitor> {
  if (!how.secret && !how.jwksUrl) throw unauthorized('This API key does not accept visitor tokens');
  let payload: Record<string, unknown>;
  try {
    const options = { audience: keyId, requiredClaims: ['exp', 'sub'], clockTolerance: 5 };
    const verified = how.secret
      ? await jwtVerify(token, new TextEncoder().encode(how.secret), { ...options, algorithms: ['HS256'] })
      : await jwtVerify(token, createLocalJWKSet(await jwks(how.jwksUrl!)), {
          ...options,
          algorithms: ['RS256'],
        });
    payload = verified.payload as Record<string, unknown>;
  } catch (err) {
    if (err instanceof joseErrors.JWTExpired) throw unauthorized('Visitor token expired');
    if (err instanceof joseErrors.JOSEError) throw unauthorized('Invalid visitor token');
    throw err;
  }
  const now = Math.floor(Date.now() / 1000);
  const exp = payload.exp as number;
  const iat = typeof payload.iat === 'number' ? payload.iat : now;
  if (exp - iat > VISITOR_TOKEN_MAX_TTL_S || exp - now > VISITOR_TOKEN_MAX_TTL_S) {
    throw unauthorized(`Visitor token lives longer than ${VISITOR_TOKEN_MAX_TTL_S} s`);
  }
  const sub = payload.sub;
  if (typeof sub !== 'string' || sub.length < 1 || sub.length > 200)
    throw unauthorized('Invalid visitor token');
  const topics = payload.topics;
  if (topics === undefined) return { id: sub };
  if (
    !Array.isArray(topics) ||
    topics.length < 1 ||
    topics.length > 100 ||
    !topics.every((t) => typeof t === 'string' && t.length > 0 && t.length <= 64)
  ) {
    throw forbidden('The visitor token’s topics must be 1–100 topic ids');
  }
  return { id: sub, topics: topics as string[] };
}

/**
 * JWKS documents by company and URL, reused for JWKS_TTL_MS. The URL is a tenant's choice, so it
 * is fetched with the client `httpFor` gives for the company: the tenant policy (public addresses
 * only, plus the operator's exact per-company targets, src/webhooks/outbound.ts), never the
 * operator's OUTBOUND_ALLOWLIST, which would hand a tenant a GET to 127.0.0.1 (issue 36). Size
 * and time are capped. The cache is per company: one company's fetch never answers another's.
 * @throws 503 when the URL cannot be fetched, is refused, or is not a JWKS.
 */
export function jwksFetcher(
  httpFor: (companyId: string) => HttpClient,
): (url: string, companyId: string) => Promise<JSONWebKeySet> {
  const cache = new TtlLru<string, JSONWebKeySet>(100, JWKS_TTL_MS);
  return async (url, companyId) => {
    const key = `${companyId} ${url}`;
    const hit = cache.get(key);
    if (hit) return hit;
    const res = await httpFor(companyId)
      .request(url, { maxResponseBytes: JWKS_MAX_BYTES, timeoutMs: 5000 })
      .catch(() => null);
    let set: JSONWebKeySet | null;
    try {
      set = res && res.status === 200 ? (JSON.parse(res.body.toString('utf8')) as JSONWebKeySet) : null;
    } catch {
      set = null;
    }
    if (!set || !Array.isArray(set.keys)) {
      throw serviceUnavailable('The API key’s JWKS cannot be fetched right now');
    }
    cache.set(key, set);
    return set;
  };
}

/**
 * Checks that every topic a visitor token names is one the key may read: a token narrows the
 * key's scope, never widens it. Decided in one query (src/access/scope.ts).
 * @throws 403 FORBIDDEN naming no topic when one lies outside the key's scope.
 */
export async function assertTopicsWithinKey(
  db: Kysely<DB>,
  key: { companyId: string; apiKeyId: string },
  topics: readonly string[],
): Promise<void> {
  const wanted = [...new Set(topics)];
  const scope = { kind: 'apiKey' as const, ...key };
  const row = await db
    .selectFrom('topics as t')
    .select(sql<string>`count(*)`.as('n'))
    .where('t.company_id', '=', key.companyId)
    .where('t.id', 'in', wanted)
    .where(canRead(scope, sql.ref('t.id')))
    .executeTakeFirstOrThrow();
  if (Number(row.n) !== wanted.length) {
    throw forbidden('The visitor token names topics outside this API key’s topics');
  }
}
