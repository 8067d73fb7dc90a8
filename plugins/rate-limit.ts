import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../src/lib/errors.ts';

/** Which of the spec's limits a route counts against; `config.limitGroup` on the route. */
export type LimitGroup = 'authenticated' | 'public' | 'upload' | 'chatStream' | 'login';

declare module 'fastify' {
  interface FastifyContextConfig {
    limitGroup?: LimitGroup;
  }
}

/**
 * Spec "Limits": requests per minute. `login` is ours: 30 sign-in requests a minute per client
 * IP, a ceiling above the failed-attempt back-off (src/auth/throttle.ts), which is what slows
 * password guessing (per IP and per e-mail) without locking anyone out.
 */
export const LIMITS: Record<LimitGroup, number> = {
  public: 60,
  authenticated: 300,
  upload: 10,
  chatStream: 20,
  login: 30,
};

function groupOf(request: FastifyRequest): LimitGroup {
  const config = request.routeOptions.config;
  return config.limitGroup ?? (config.auth === 'apiKey' ? 'public' : 'authenticated');
}

/**
 * The spec's rate limits with @fastify/rate-limit, counted after authentication (preHandler) so
 * the identity is the API key (public routes), the user (JWT routes) or the client IP
 * (unauthenticated routes) — ARCHITECTURE.md. Counters are in Redis when REDIS_URL is set,
 * so every replica shares them; in memory otherwise.
 */
async function rateLimitPlugin(app: FastifyInstance) {
  if (!app.ctx.config.rateLimitEnabled) return;
  const redis = app.ctx.config.redisUrl
    ? new Redis(app.ctx.config.redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 2000 })
    : undefined;
  if (redis) app.addHook('onClose', async () => void redis.quit());
  await app.register(rateLimit, {
    global: true,
    hook: 'preHandler',
    timeWindow: 60_000,
    ...(redis ? { redis, nameSpace: 'cograg-rl:' } : {}),
    max: (request) => LIMITS[groupOf(request)],
    keyGenerator: (request) => {
      const p = request.principal;
      const who = p ? (p.kind === 'user' ? `u:${p.userId}` : `k:${p.apiKeyId}`) : `ip:${request.ip}`;
      return `${groupOf(request)}:${who}`;
    },
    errorResponseBuilder: (_request, context) =>
      new AppError(429, 'RATE_LIMIT_EXCEEDED', `Rate limit exceeded: ${context.max} requests per minute`, {
        extra: { retryAfter: Math.max(1, Math.ceil(context.ttl / 1000)) },
      }),
  });
}

export default fp(rateLimitPlugin, { name: 'rate-limit' });
