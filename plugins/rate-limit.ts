import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../src/lib/errors.ts';
import { createWindowCounter, type WindowCounter } from '../src/lib/window-counter.ts';
import type { Config } from '../src/config/index.ts';
import { presentedApiKey } from '../src/auth/principal.ts';

/** Which of the spec's limits a route counts against; `config.limitGroup` on the route. */
export type LimitGroup = 'authenticated' | 'public' | 'upload' | 'chatStream' | 'login';

declare module 'fastify' {
  interface FastifyContextConfig {
    limitGroup?: LimitGroup;
  }
}

const WINDOW_MS = 60_000;

/** The default figures (requests a minute), as the OpenAPI document states them; RATE_LIMIT_* change them. */
export const LIMITS: Record<LimitGroup | 'publicPerIp', number> = {
  public: 60,
  publicPerIp: 60,
  authenticated: 300,
  upload: 10,
  chatStream: 20,
  login: 30,
};

/**
 * Spec "Limits": requests per minute per class, from the configuration (defaults: public 60,
 * authenticated 300, upload 10, chat streaming 20). `login` is ours: sign-in requests a minute per
 * client IP, a ceiling above the failed-attempt back-off (src/auth/throttle.ts).
 */
export function limitsOf(config: Config): Record<LimitGroup, number> {
  const l = config.rateLimits;
  return {
    public: l.public,
    authenticated: l.authenticated,
    upload: l.upload,
    chatStream: l.chatStream,
    login: l.login,
  };
}

/**
 * Whether the request is counted as a public one (per key and per client IP): an `apiKey` route,
 * or a `bearer` route (the OpenAI-compatible ones) called with an API key rather than a user's token.
 */
const isPublic = (request: FastifyRequest) => {
  const auth = request.routeOptions.config?.auth;
  return auth === 'apiKey' || (auth === 'bearer' && presentedApiKey(request.headers, auth) !== undefined);
};

function groupOf(request: FastifyRequest): LimitGroup {
  const config = request.routeOptions.config;
  return config.limitGroup ?? (isPublic(request) ? 'public' : 'authenticated');
}

/** The headers show the tightest counter of the request (fewest left). */
const shown = new WeakMap<FastifyRequest, number>();

/** Counts one hit and shows it in `X-RateLimit-*` when it is the tightest counter so far; `reset` in s. */
async function tally(
  counter: WindowCounter,
  request: FastifyRequest,
  reply: FastifyReply,
  key: string,
  max: number,
): Promise<{ n: number; reset: number }> {
  const { count: n, ttlMs } = await counter.hit(key, WINDOW_MS);
  const remaining = Math.max(0, max - n);
  const reset = Math.max(1, Math.ceil(ttlMs / 1000));
  if (remaining < (shown.get(request) ?? Infinity)) {
    shown.set(request, remaining);
    void reply.header('x-ratelimit-limit', max);
    void reply.header('x-ratelimit-remaining', remaining);
    void reply.header('x-ratelimit-reset', reset);
  }
  return { n, reset };
}

/**
 * Counts one hit and refuses past `max`: headers `X-RateLimit-Limit/Remaining/Reset` (the counter
 * with the fewest left wins), and on refusal 429 `RATE_LIMIT_EXCEEDED` with `retryAfter` and
 * `Retry-After`.
 */
async function count(
  counter: WindowCounter,
  request: FastifyRequest,
  reply: FastifyReply,
  key: string,
  max: number,
) {
  const { n, reset } = await tally(counter, request, reply, key, max);
  if (n > max) {
    void reply.header('retry-after', reset);
    throw new AppError(429, 'RATE_LIMIT_EXCEEDED', `Rate limit exceeded: ${max} requests per minute`, {
      extra: { retryAfter: reset, reason: 'REQUEST_RATE' },
    });
  }
}

/**
 * The public (widget) routes' two counters, both before validation so 400s carry headers too:
 * per client IP and key (before authentication, so 401/403 count and carry headers; the key is
 * taken as sent, hashed), a visitor's fair share; then per authenticated key, the key's ceiling
 * (chat streams: their own figure). Counted in Redis when REDIS_URL is set (shared by replicas).
 */
function publicLimits(app: FastifyInstance, counter: WindowCounter) {
  const limits = app.ctx.config.rateLimits;
  // Callback style: most requests are not public and leave without a promise.
  app.addHook('onRequest', (request, reply, done) => {
    if (!isPublic(request)) return done();
    const sent = presentedApiKey(request.headers, request.routeOptions.config?.auth);
    const keyTag =
      typeof sent === 'string' ? createHash('sha256').update(sent).digest('base64url').slice(0, 16) : '-';
    count(counter, request, reply, `ip:${request.ip}:${keyTag}`, limits.publicPerIp).then(() => done(), done);
  });
  // Route-level onRequest hooks run after instance ones; the auth plugin (registered later)
  // puts its check first, so this runs once the key is known.
  app.addHook('onRoute', (route) => {
    if (route.config?.auth !== 'apiKey' && route.config?.auth !== 'bearer') return;
    const perKey = async (request: FastifyRequest, reply: FastifyReply) => {
      const p = request.principal;
      if (p?.kind !== 'apiKey') return;
      const group = groupOf(request);
      // A signed visitor has their own budget: one site's visitors do not share the key's.
      const who = p.visitor ? `${p.apiKeyId}:v:${p.visitor.id}` : p.apiKeyId;
      await count(counter, request, reply, `${group}:k:${who}`, limitsOf(app.ctx.config)[group]);
    };
    const existing = route.onRequest;
    route.onRequest = existing ? [...(Array.isArray(existing) ? existing : [existing]), perKey] : [perKey];
  });
}

/** @fastify/rate-limit's store interface over our counters, so every class has the same Redis-down behaviour. */
function storeOf(counter: WindowCounter) {
  return class WindowCounterStore {
    incr(
      key: string,
      cb: (err: Error | null, res?: { current: number; ttl: number }) => void,
      windowMs: number,
    ) {
      counter.hit(`rl:${key}`, windowMs).then(
        (r) => cb(null, { current: r.count, ttl: r.ttlMs }),
        (err: Error) => cb(err),
      );
    }
    child() {
      return this;
    }
  };
}

/**
 * The spec's rate limits. Public routes: publicLimits above. The others with @fastify/rate-limit,
 * counted after authentication (which runs on arrival) so the identity is the user (JWT routes) or
 * the client IP (unauthenticated routes) — ARCHITECTURE.md — and before the body is read
 * (preParsing: ahead of the JSON parser and its depth check, plugins/json-body.ts, of
 * plugins/no-nul.ts and of the schema), so invalid and hostile bodies count too, and a flood of
 * them meets 429s without being read. Counters are in Redis when REDIS_URL is set, so
 * every replica shares them; in memory otherwise, and in each replica's memory while Redis is
 * unreachable (src/lib/window-counter.ts).
 */
async function rateLimitPlugin(app: FastifyInstance) {
  if (!app.ctx.config.rateLimitEnabled) return;
  const { redisUrl } = app.ctx.config;
  const counter = createWindowCounter(redisUrl, {
    prefix: `${app.ctx.config.ops.redisPrefix}rl:`,
    onDegraded: (err) =>
      app.log.warn({ err }, 'rate limits: Redis unreachable, counting per replica until it is back'),
    onRecovered: () => app.log.info('rate limits: Redis is back, counting shared again'),
  });
  app.addHook('onClose', () => counter.close());
  publicLimits(app, counter);

  const limits = limitsOf(app.ctx.config);
  // Authentication answers on arrival, before @fastify/rate-limit counts (preParsing): a 401 is
  // counted here instead, per client IP in the route's class (the key @fastify/rate-limit gives
  // an unauthenticated caller), so it carries X-RateLimit-* like every other answer. It stays a 401.
  app.addHook('onError', async (request, reply, error) => {
    if ((error as { statusCode?: number }).statusCode !== 401 || reply.hasHeader('x-ratelimit-limit')) return;
    const group = groupOf(request);
    await tally(counter, request, reply, `rl:${group}:ip:${request.ip}`, limits[group]).catch(() => {});
  });
  await app.register(rateLimit, {
    global: true,
    hook: 'preParsing',
    timeWindow: WINDOW_MS,
    store: storeOf(counter),
    allowList: (request) => isPublic(request),
    max: (request) => limits[groupOf(request)],
    keyGenerator: (request) => {
      const p = request.principal;
      const who = p
        ? p.kind === 'user'
          ? `u:${p.userId}`
          : `k:${p.apiKeyId}${p.visitor ? `:v:${p.visitor.id}` : ''}`
        : `ip:${request.ip}`;
      return `${groupOf(request)}:${who}`;
    },
    errorResponseBuilder: (_request, context) =>
      new AppError(429, 'RATE_LIMIT_EXCEEDED', `Rate limit exceeded: ${context.max} requests per minute`, {
        extra: { retryAfter: Math.max(1, Math.ceil(context.ttl / 1000)), reason: 'REQUEST_RATE' },
      }),
  });
}

export default fp(rateLimitPlugin, { name: 'rate-limit' });
