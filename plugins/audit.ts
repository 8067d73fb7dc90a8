import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  appendAuditEvent,
  type AuditActorType,
  type AuditEventInput,
} from '../src/audit/audit.repository.ts';
import { auditRuleFor, type AuditRule, type AuditRuleInput } from '../src/audit/route-map.ts';
import { createPruner } from '../src/audit/prune.ts';
import { serviceUnavailable } from '../src/lib/errors.ts';
import type { AuthInvalidation } from '../src/auth/auth-cache.ts';
import { redirectSignIn, signInActor } from '../src/audit/sign-in.ts';

/** Who acted and for which company, when a route knows better than the principal (SCIM, SSO). */
export interface AuditContext {
  companyId: string | null;
  actorType: AuditActorType;
  actorId: string | null;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's audit rule (src/audit/route-map.ts), or false for none; default: the central map. */
    audit?: AuditRule | false;
  }
  interface FastifyRequest {
    /** Set by a route or hook to name the actor and company of its audit event (AuditContext). */
    auditContext: AuditContext | null;
    /** The answer, kept before serialization for the audit event's target. */
    auditData: unknown;
  }
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const obj = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
const outcomeOf = (status: number) =>
  status < 400 ? 'success' : status === 401 || status === 403 ? 'denied' : 'failure';
const header = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? null;

/** The request's context fields of an event: source address, user agent, request id. */
export const requestFields = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: header(request.headers['user-agent']),
  requestId: request.id,
});

/** The actor of a request: the route's auditContext, else its principal; null when none. */
function actorOf(request: FastifyRequest): AuditContext | null {
  if (request.auditContext) return request.auditContext;
  // The SCIM scope (src/routes/scim.ts) names the token's company this way.
  const scim = (request as { scimCompanyId?: string | null }).scimCompanyId;
  if (scim) return { companyId: scim, actorType: 'scim', actorId: null };
  const p = request.principal;
  if (!p) return null;
  return p.kind === 'user'
    ? { companyId: p.companyId, actorType: 'user', actorId: p.userId }
    : { companyId: p.companyId, actorType: 'api_key', actorId: p.apiKeyId };
}

/** The event a finished request leaves under `rule`, or null when it leaves none. */
async function eventOf(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, rule: AuditRule) {
  const status = reply.statusCode;
  // A replayed Idempotency-Key answer repeats nothing; a 429 was refused before anything ran.
  if (status === 429 || reply.getHeader('idempotent-replayed') === 'true') return null;
  const input: AuditRuleInput = {
    method: request.method,
    url: request.routeOptions.url ?? request.url,
    params: obj(request.params) as Record<string, string | undefined>,
    body: obj(request.body),
    data: status < 400 ? obj(obj(request.auditData).data) : undefined,
    payload: status < 400 ? obj(request.auditData) : {},
  };
  const redirect = rule.redirectSignIn && status < 400 ? await redirectSignIn(app, reply) : undefined;
  const outcome = redirect?.outcome ?? outcomeOf(status);
  if (rule.deniedOnly && outcome !== 'denied') return null;
  const action = typeof rule.action === 'function' ? rule.action(input) : rule.action;
  const details = rule.details ? rule.details(input) : { fields: Object.keys(input.body).sort() };
  let who = actorOf(request);
  const param = input.params.id ?? Object.values(input.params)[0];
  let targetId = rule.targetId ? rule.targetId(input) : (param ?? (input.data?.id as string | undefined));
  let extra: Record<string, unknown> = {};
  if (rule.signIn && !who) {
    const s = await signInActor(app, input, outcome === 'success');
    who = s;
    targetId = s.userId;
    if (outcome !== 'success') extra = { [input.body.email === undefined ? 'username' : 'email']: s.tried };
  }
  if (redirect) {
    who = redirect.who;
    targetId = redirect.targetId;
    if (redirect.reason) extra = { reason: redirect.reason };
  }
  if (!who && rule.always) who = { companyId: null, actorType: 'anonymous', actorId: null };
  if (!who) return null;
  if (who.actorType === 'user' && rule.targetType === 'user' && !targetId && action.startsWith('auth.'))
    targetId = who.actorId;
  return {
    ...who,
    action,
    targetType: rule.targetType ?? null,
    targetId: targetId ?? null,
    outcome,
    statusCode: status,
    ...requestFields(request),
    details: { ...details, ...extra },
  } satisfies AuditEventInput;
}

/**
 * Records `event` now (awaited). Audit writes fail closed: when the event cannot be stored the
 * error is logged with the whole event and a 503 is thrown (docs/decisions.md). For explicit
 * calls (security events the route map cannot see, e.g. a refresh token's reuse).
 */
export async function recordAuditEvent(
  app: FastifyInstance,
  request: FastifyRequest,
  event: Omit<AuditEventInput, 'ip' | 'userAgent' | 'requestId'>,
): Promise<void> {
  const full = { ...event, ...requestFields(request) };
  try {
    await appendAuditEvent(app.ctx.db, full);
  } catch (err) {
    request.log.error({ err, audit: full }, 'audit event not recorded');
    throw serviceUnavailable('The audit log cannot be written; try again');
  }
  app.auditPruner.touch(full.companyId);
}

/**
 * For `POST /api/auth/refresh`: revocations that pass every event on to the auth cache and
 * remember a session the refresh ended (a rotated refresh token presented again: RFC 9700
 * §4.14 reuse detection), and `record()`, which audits that kill as `auth.refresh_reuse`
 * (actor: the session's user) when there was one.
 */
export function refreshReuseWatch(app: FastifyInstance, request: FastifyRequest) {
  let killed: string | null = null;
  return {
    revocations: {
      invalidate(event: AuthInvalidation) {
        if (event.kind === 'session') killed = event.id;
        app.ctx.authCache.invalidate(event);
      },
    },
    async record(): Promise<void> {
      if (!killed) return;
      const owner = await app.ctx.db
        .selectFrom('refresh_tokens')
        .innerJoin('users', 'users.id', 'refresh_tokens.user_id')
        .select(['users.id', 'users.company_id'])
        .where('refresh_tokens.session_id', '=', killed)
        .executeTakeFirst();
      await recordAuditEvent(app, request, {
        companyId: owner?.company_id ?? null,
        actorType: owner ? 'user' : 'anonymous',
        actorId: owner?.id ?? null,
        action: 'auth.refresh_reuse',
        targetType: 'session',
        targetId: killed,
        outcome: 'denied',
        statusCode: 401,
        details: { sessionEnded: true },
      });
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Retention pruning, at most hourly per chain, after writes (src/audit/prune.ts). */
    auditPruner: ReturnType<typeof createPruner>;
  }
}

/**
 * The audit log's writer: every route with a rule (its own `config.audit`, else the central map
 * in src/audit/route-map.ts, else any mutating `/scim/v2/` route) records one event per request
 * before its answer leaves. A failed write turns the answer into 503 (fail closed).
 */
async function auditPlugin(app: FastifyInstance) {
  const pruner = createPruner(app.ctx.db, app.ctx.config.auditRetentionDays, app.log);
  app.decorate('auditPruner', pruner);
  app.addHook('onClose', () => pruner.close());
  app.decorateRequest('auditContext', null);
  app.decorateRequest('auditData', undefined);
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    const method = methods.find((m) => !READ_METHODS.has(m)) ?? (methods.includes('GET') ? 'GET' : undefined);
    if (!method || route.config?.audit === false) return;
    const rule = route.config?.audit ?? auditRuleFor(method, route.url, route.config?.permission);
    if (!rule) return;
    route.config = { ...route.config, audit: rule };
    const keep = async (request: FastifyRequest, _reply: FastifyReply, payload: unknown) => {
      request.auditData = payload;
      return payload;
    };
    const write = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      if (request.method === 'HEAD') return payload;
      const event = await eventOf(app, request, reply, rule);
      if (!event) return payload;
      try {
        await appendAuditEvent(app.ctx.db, event);
      } catch (err) {
        request.log.error({ err, audit: event }, 'audit event not recorded: answer refused');
        void reply.code(503).header('content-type', 'application/json; charset=utf-8');
        const error = {
          code: 'SERVICE_UNAVAILABLE',
          message:
            'The change may have been applied but could not be recorded in the audit log; check before retrying',
        };
        return JSON.stringify({ success: false, error });
      }
      pruner.touch(event.companyId);
      return payload;
    };
    const list = <T>(h: T | T[] | undefined): T[] => (h ? (Array.isArray(h) ? h : [h]) : []);
    route.preSerialization = [...list(route.preSerialization), keep] as typeof route.preSerialization;
    route.onSend = [...list(route.onSend), write] as typeof route.onSend;
  });
}

export default fp(auditPlugin, { name: 'audit' });
