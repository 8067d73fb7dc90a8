import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../src/lib/errors.ts';
import { verifyAccessToken } from '../src/auth/tokens.ts';
import { can, leastRoleFor, type Permission } from '../src/auth/permissions.ts';
import type { AuthMode, Principal } from '../src/auth/principal.ts';
import { findApiKeyByKey, isDomainAuthorized, touchApiKey } from '../src/api-keys/api-keys.repository.ts';
import { isSessionActive } from '../src/auth/sessions.repository.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthMode;
    permission?: Permission;
  }
  interface FastifyRequest {
    principal: Principal | null;
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

async function authenticateJwt(app: FastifyInstance, request: FastifyRequest): Promise<Principal> {
  const header = request.headers.authorization;
  if (!header || !/^Bearer\s+\S+$/i.test(header)) throw unauthorized('Missing Bearer token');
  const claims = await verifyAccessToken(app.ctx.jwtSecret, header.replace(/^Bearer\s+/i, ''));
  const active = await isSessionActive(app.ctx.db, claims.sid, claims.sub);
  if (!active) throw unauthorized('Session has ended');
  return {
    kind: 'user',
    userId: claims.sub,
    companyId: claims.companyId,
    role: claims.role,
    email: claims.email,
    sessionId: claims.sid,
  };
}

async function authenticateApiKey(app: FastifyInstance, request: FastifyRequest): Promise<Principal> {
  const key = request.headers['x-api-key'];
  if (typeof key !== 'string' || key.length < 10 || key.length > 200)
    throw unauthorized('Missing or invalid X-API-Key');
  const record = await findApiKeyByKey(app.ctx.db, key);
  if (!record) throw unauthorized('Invalid API key');
  const origin = request.headers.origin ?? request.headers.referer;
  if (!isDomainAuthorized(record.authorized_domains, typeof origin === 'string' ? origin : undefined)) {
    throw forbidden('Unauthorized domain for this API key');
  }
  void touchApiKey(app.ctx.db, record.id).catch(() => {});
  return { kind: 'apiKey', apiKeyId: record.id, companyId: record.company_id };
}

/**
 * Authentication and RBAC by route policy (the @fastify/rate-limit pattern): each route states
 * `config.auth` (`jwt` by default) and `config.permission`; an onRoute hook installs the check.
 * Registered inside the API's encapsulation context, so it covers exactly the API's routes.
 */
async function authPlugin(app: FastifyInstance) {
  app.decorateRequest('principal', null);
  app.addHook('onRoute', (route) => {
    const mode: AuthMode = route.config?.auth ?? 'jwt';
    const permission = route.config?.permission;
    if (mode === 'none') return;
    const check = async (request: FastifyRequest) => {
      request.principal =
        mode === 'apiKey' ? await authenticateApiKey(app, request) : await authenticateJwt(app, request);
      const p = request.principal;
      if (permission && p.kind === 'user' && !can(p.role, permission)) {
        throw forbidden('Your role does not allow this action', {
          requiredRole: leastRoleFor(permission),
          currentRole: p.role,
        });
      }
    };
    const existing = route.onRequest;
    route.onRequest = existing ? [check, ...(Array.isArray(existing) ? existing : [existing])] : [check];
  });
}

export default fp(authPlugin, { name: 'auth' });
