import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createWindowCounter } from '../lib/window-counter.ts';
import { limitsOf } from '../../plugins/rate-limit.ts';
import { ScimError } from './errors.ts';

const WINDOW_MS = 60_000;

/**
 * Requests a minute per SCIM token, counted in the `authenticated` class (RATE_LIMIT_AUTHENTICATED,
 * default 300; the same window counters as the API's limits, in Redis when REDIS_URL is set, so
 * replicas share them). Every answer carries `X-RateLimit-Limit/Remaining/Reset`; past the limit,
 * 429 with `Retry-After` in SCIM's error shape, which Okta and Entra ID back off on. Nothing is
 * counted when RATE_LIMIT_ENABLED is false.
 * @returns the check to run once the token is known.
 */
export function scimRateLimit(app: FastifyInstance) {
  const { config } = app.ctx;
  if (!config.rateLimitEnabled) return async () => {};
  // A breaker of its own: sharing the API's name let this one shadow it in `redisBreakers`.
  const counter = createWindowCounter(config.redisUrl, {
    prefix: `${config.ops.redisPrefix}rl:`,
    name: 'scim-rate-limits',
  });
  app.addHook('onClose', () => counter.close());
  const max = limitsOf(config).authenticated;
  return async (request: FastifyRequest, reply: FastifyReply, tokenId: string) => {
    const { count, ttlMs } = await counter.hit(`rl:scim:${tokenId}`, WINDOW_MS);
    const reset = Math.max(1, Math.ceil(ttlMs / 1000));
    void reply.header('x-ratelimit-limit', max);
    void reply.header('x-ratelimit-remaining', Math.max(0, max - count));
    void reply.header('x-ratelimit-reset', reset);
    if (count > max) {
      void reply.header('retry-after', reset);
      request.log.info({ route: request.routeOptions.url }, 'SCIM rate limit');
      throw new ScimError(429, `Rate limit exceeded: ${max} requests per minute for this SCIM token`);
    }
  };
}
