import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../src/lib/errors.ts';
import { TOKEN_EXPIRED, verifyAccessToken, type AccessClaims } from '../src/auth/tokens.ts';
import { TtlLru } from '../src/lib/ttl-lru.ts';
import { can, leastRoleFor, type Permission } from '../src/auth/permissions.ts';
import { presentedApiKey, type AuthMode, type Principal } from '../src/auth/principal.ts';
import type { CachedApiKey } from '../src/auth/auth-cache.ts';
import { apiKeyHashOf, apiKeyToucher, findApiKeyByHash } from '../src/api-keys/api-keys.repository.ts';
import { checkOrigin } from '../src/api-keys/domains.ts';
import type { JSONWebKeySet } from 'jose';
import { decryptSecret } from '../src/webhooks/secrets.ts';
import {
  assertTopicsWithinKey,
  jwksFetcher,
  verifyVisitorToken,
  type Visitor,
} from '../src/access/visitor-tokens.ts';
import { loadSessionUser } from '../src/auth/sessions.repository.ts';
import {
  createThrottle,
  credentialKeys,
  noThrottle,
  refuseWhileBackingOff,
  type Throttle,
} from '../src/auth/throttle.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthMode;
    permission?: Permission;
    /**
     * The route also takes a signed link (`?sig=`, src/documents/original-links.ts) that its
     * handler verifies: a request carrying `sig` skips authentication here (no principal).
     */
    signedLink?: boolean;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
  interface FastifyInstance {
    /** Failed-attempt back-off for sign-ins and credentials (src/auth/throttle.ts). */
    throttle: Throttle;
    /** Records an API key's use, at most once a minute per key. */
    touchApiKey: (id: string) => void;
  }
}

/** The caller's principal; routes with `auth` other than `none` always have one. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized();
  return request.principal;
}

/** Narrows to a signed-in user. @throws 401 for API-key callers. */
export function userOf(request: FastifyRequest) {
  const p = principalOf(request);
  if (p.kind !== 'user') throw unauthorized('This endpoint needs a user session (Bearer token)');
  return p;
}

/**
 * Failures that look like guessing (a forged or malformed token, an unknown API key), as opposed
 * to a missing credential, an expired token or an ended session, which honest clients send too.
 * Only these count toward a client IP's back-off, so an office behind one NAT is not slowed by
 * its own expired tokens.
 */
const guesses = new WeakSet<Error>();

/** How long a verified token's claims are remembered, ms (re-verified after; expiry checked always). */
const VERIFIED_TOKEN_TTL_MS = 5 * 60_000;
const guess = (err: Error) => (guesses.add(err), err);
/** An Authorization header with a Bearer token; the token is group 1. */
const BEARER = /^Bearer\s+(\S+)$/i;

/** The request's Bearer token, or undefined when the header is missing or malformed. */
function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return header ? BEARER.exec(header)?.[1] : undefined;
}

/** The header holding the credential of `mode`: `bearer` routes take `X-API-Key` too. */
const credentialHeader = (request: FastifyRequest, mode: AuthMode) =>
  mode === 'apiKey'
    ? request.headers['x-api-key']
    : (request.headers.authorization ?? (mode === 'bearer' ? request.headers['x-api-key'] : undefined));

/** The credential text a request presents in `mode` (for the back-off's per-credential key). */
function presentedCredential(request: FastifyRequest, mode: AuthMode): string {
  const sent = credentialHeader(request, mode);
  return typeof sent === 'string' ? sent : String(sent);
}

/** Whether the request carries the credential header of `mode` at all (even a malformed one). */
function presentsCredential(request: FastifyRequest, mode: AuthMode): boolean {
  return credentialHeader(request, mode) !== undefined;
}

/** A remembered token's claims while they are live: jose's expiry rule (exp <= now, whole seconds). */
function rememberedClaims(verified: TtlLru<string, AccessClaims> | null, token: string) {
  const claims = verified?.get(token);
  return claims && claims.exp > Math.floor(Date.now() / 1000) ? claims : undefined;
}

/** Whether an X-API-Key header value has a key's shape at all (10–200 characters). */
const plausibleApiKey = (key: unknown): key is string =>
  typeof key === 'string' && key.length >= 10 && key.length <= 200;

/** The API key's principal, its use recorded (at most once a minute, apiKeyToucher). */
function apiKeyPrincipal(app: FastifyInstance, record: CachedApiKey, visitor?: Visitor): Principal {
  app.touchApiKey(record.id);
  return {
    kind: 'apiKey',
    apiKeyId: record.id,
    companyId: record.companyId,
    ...(record.allowOriginals ? { allowOriginals: true } : {}),
    ...(visitor ? { visitor } : {}),
  };
}

/** Visitor tokens travel in this header (docs/widget.md "Signed visitors"). */
const VISITOR_HEADER = 'x-visitor-token';

/** Whether the key's requests need the full path: a visitor token to verify, or one required. */
const needsVisitorCheck = (request: FastifyRequest, record: CachedApiKey) =>
  request.headers[VISITOR_HEADER] !== undefined || record.visitor?.required === true;

/**
 * The signed visitor of the request, verified against the key (src/access/visitor-tokens.ts);
 * undefined without a token. @throws 401 for a missing required, expired, tampered or other key's
 * token; 403 for topics outside the key's.
 */
async function visitorOf(
  app: FastifyInstance,
  request: FastifyRequest,
  record: CachedApiKey,
  jwks: (url: string, companyId: string) => Promise<JSONWebKeySet>,
): Promise<Visitor | undefined> {
  const token = request.headers[VISITOR_HEADER];
  if (token === undefined || token === '') {
    if (record.visitor?.required)
      throw unauthorized('This API key requires a visitor token (X-Visitor-Token)');
    return undefined;
  }
  if (typeof token !== 'string' || token.length > 8192) throw unauthorized('Invalid visitor token');
  const v = record.visitor;
  let secret: string | null;
  try {
    secret = v?.secretCiphertext ? decryptSecret(app.ctx.webhookKey, v.secretCiphertext) : null;
  } catch {
    throw unauthorized('This API key’s visitor secret cannot be read; rotate it');
  }
  const visitor = await verifyVisitorToken(token, record.id, { secret, jwksUrl: v?.jwksUrl ?? null }, (url) =>
    jwks(url, record.companyId),
  );
  if (visitor.topics) {
    await assertTopicsWithinKey(
      app.ctx.db,
      { companyId: record.companyId, apiKeyId: record.id },
      visitor.topics,
    );
  }
  return visitor;
}

/**
 * The token's session and user as stored (role and company never come from the claims), through
 * the auth cache: no database round trip while cached, revocations invalidate it (auth-cache.ts).
 */
async function authenticateJwt(
  app: FastifyInstance,
  request: FastifyRequest,
  verified: TtlLru<string, AccessClaims> | null,
): Promise<Principal> {
  const token = bearerToken(request);
  if (!token) throw unauthorized('Missing Bearer token');
  let claims = rememberedClaims(verified, token);
  if (!claims) {
    claims = await verifyAccessToken(app.ctx.jwtSecret, token).catch((err: Error) => {
      throw err.message === TOKEN_EXPIRED ? err : guess(err);
    });
    verified?.set(token, claims);
  }
  const { db, authCache } = app.ctx;
  const user = await authCache.session(claims.sid, claims.sub, () =>
    loadSessionUser(db, claims.sid, claims.sub),
  );
  if (!user) throw unauthorized('Session has ended');
  return { kind: 'user', ...user, sessionId: claims.sid };
}

async function authenticateApiKey(
  app: FastifyInstance,
  request: FastifyRequest,
  jwks: (url: string, companyId: string) => Promise<JSONWebKeySet>,
  key: unknown,
): Promise<Principal> {
  if (key === undefined) throw unauthorized('Missing or invalid X-API-Key');
  if (!plausibleApiKey(key)) throw guess(unauthorized('Missing or invalid X-API-Key'));
  const hash = apiKeyHashOf(key);
  const { db, authCache } = app.ctx;
  const record = hash ? await authCache.apiKey(hash, () => findApiKeyByHash(db, hash)) : null;
  if (!record) throw guess(unauthorized('Invalid API key'));
  const { origin, referer } = request.headers;
  const decision = checkOrigin(record.authorizedDomains, record.requireHttps, origin, referer);
  if (decision !== 'allowed') {
    throw forbidden(
      decision === 'not-https'
        ? 'Unauthorized domain for this API key: it requires https'
        : 'Unauthorized domain for this API key',
    );
  }
  return apiKeyPrincipal(app, record, await visitorOf(app, request, record, jwks));
}

/**
 * The principal of a request whose credential was verified before and is cached now: a Bearer
 * token in `verified` (not expired) whose session the auth cache holds, or an API key the auth
 * cache holds, sent from an authorized origin. Undefined otherwise; the full path then decides,
 * with its errors. Synchronous: no database, no HMAC, no promise. The credential throttle is not
 * consulted here, nor on the full path for a credential that verifies: it slows failing
 * credentials only (so one client behind a NAT guessing does not stop its colleagues).
 */
function cachedPrincipal(
  app: FastifyInstance,
  request: FastifyRequest,
  mode: AuthMode,
  verified: TtlLru<string, AccessClaims> | null,
): Principal | undefined {
  const { authCache } = app.ctx;
  const key = presentedApiKey(request.headers, mode);
  if (mode === 'apiKey' || key !== undefined) {
    const hash = plausibleApiKey(key) ? apiKeyHashOf(key) : null;
    const record = hash ? authCache.peekApiKey(hash) : undefined;
    const { origin, referer } = request.headers;
    if (
      !record ||
      needsVisitorCheck(request, record) ||
      checkOrigin(record.authorizedDomains, record.requireHttps, origin, referer) !== 'allowed'
    )
      return undefined;
    return apiKeyPrincipal(app, record);
  }
  const token = verified ? bearerToken(request) : undefined;
  const claims = token ? rememberedClaims(verified, token) : undefined;
  const user = claims ? authCache.peekSession(claims.sid, claims.sub) : undefined;
  return user && claims ? { kind: 'user', ...user, sessionId: claims.sid } : undefined;
}

/**
 * Authentication and RBAC by route policy (the @fastify/rate-limit pattern): each route states
 * `config.auth` (`jwt` by default) and `config.permission`; an onRoute hook installs the check.
 * Registered inside the API's encapsulation context, so it covers exactly the API's routes.
 * A client IP that keeps presenting forged tokens or unknown keys, and each such credential, is
 * slowed down (429 in place of the 401, src/auth/throttle.ts); a credential that verifies never is.
 * Secrets of 256 bits (the generated HS256 key, an API key) cannot be guessed in any number of
 * tries, so the back-off is against load and noise, and never worth locking out the innocent.
 */
async function authPlugin(app: FastifyInstance) {
  const { rateLimitEnabled, redisUrl, authBackoff } = app.ctx.config;
  const redis =
    rateLimitEnabled && redisUrl
      ? new Redis(redisUrl, {
          maxRetriesPerRequest: 1,
          connectTimeout: 2000,
          commandTimeout: app.ctx.config.ops.redis.commandTimeoutMs,
          // REDIS_PREFIX namespaces the throttle's keys with the rest of the install's.
          keyPrefix: app.ctx.config.ops.redisPrefix,
        })
      : null;
  if (redis) {
    // Outages are handled by the throttle's fallback (src/auth/throttle.ts); not unhandled events.
    redis.on('error', () => {});
    app.addHook('onClose', async () => void redis.quit());
  }
  app.decorate('throttle', rateLimitEnabled ? createThrottle(redis) : noThrottle);
  app.decorate('touchApiKey', apiKeyToucher(app.ctx.db));
  app.decorateRequest('principal', null);
  // Tenant-named URL: the company's tenant policy (as its webhooks), not OUTBOUND_ALLOWLIST.
  const jwks = jwksFetcher((companyId) => app.ctx.webhookHttp.forCompany(companyId));
  // Access tokens whose signature was verified, by their exact text: a token cannot change, so
  // the HMAC (WebCrypto, asynchronous) runs once per token, not per request. Expiry is checked
  // on every use; what the token stands for (session, user) is still the auth cache's business.
  const { size } = app.ctx.config.authCache;
  const verified = size > 0 ? new TtlLru<string, AccessClaims>(size, VERIFIED_TOKEN_TTL_MS) : null;

  app.addHook('onRoute', (route) => {
    const mode: AuthMode = route.config?.auth ?? 'jwt';
    const permission = route.config?.permission;
    if (mode === 'none') return;
    const refusal = (p: Principal): Error | undefined =>
      permission && p.kind === 'user' && !can(p.role, permission)
        ? forbidden('Your role does not allow this action', {
            requiredRole: leastRoleFor(permission),
            currentRole: p.role,
          })
        : undefined;
    const authenticate = async (request: FastifyRequest) => {
      try {
        const key = presentedApiKey(request.headers, mode);
        request.principal =
          mode === 'apiKey' || key !== undefined
            ? await authenticateApiKey(app, request, jwks, key)
            : await authenticateJwt(app, request, verified);
      } catch (err) {
        if (err instanceof Error && guesses.has(err)) {
          // Only now, once the credential failed, does its address's back-off matter: a 429
          // instead of the 401 while it lasts, else one more failure counted.
          const keys = credentialKeys(request.ip, presentedCredential(request, mode), authBackoff);
          await refuseWhileBackingOff(app.throttle, keys);
          await app.throttle.fail(keys);
        } else if (!presentsCredential(request, mode)) {
          // No credential at all from an address in back-off: 429 too, and the refusal lengthens the
          // address's wait as any refusal does. An expired token or an ended session, which honest
          // colleagues behind the same address send, stays a 401.
          await refuseWhileBackingOff(app.throttle, credentialKeys(request.ip, '', authBackoff).slice(0, 1));
        }
        throw err;
      }
      const refused = refusal(request.principal);
      if (refused) throw refused;
    };
    // Callback style: a credential already verified and cached passes without a promise.
    const signedLink = route.config?.signedLink === true;
    const check = (request: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void) => {
      if (signedLink && (request.query as Record<string, unknown> | undefined)?.sig !== undefined) {
        done();
        return;
      }
      const cached = cachedPrincipal(app, request, mode, verified);
      if (cached) {
        request.principal = cached;
        done(refusal(cached));
        return;
      }
      authenticate(request).then(() => done(), done);
    };
    const existing = route.onRequest;
    route.onRequest = existing ? [check, ...(Array.isArray(existing) ? existing : [existing])] : [check];
  });
}

export default fp(authPlugin, { name: 'auth' });
