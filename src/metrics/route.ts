import { timingSafeEqual, createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { registry } from './registry.ts';

const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * `GET /metrics` in Prometheus' text format, for a scraper holding METRICS_TOKEN
 * (`Authorization: Bearer <token>`, compared in constant time). Without METRICS_TOKEN the route
 * answers 404, as if it did not exist: metrics name routes and volumes an outsider should not see.
 */
export function metricsRoute(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const token = ctx.config.ops.metricsToken;
    app.get('/metrics', { schema: { hide: true }, logLevel: 'warn' }, async (request, reply) => {
      const sent = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
      if (!token) {
        return reply
          .code(404)
          .send({ success: false, error: { code: 'NOT_FOUND', message: 'Route GET /metrics not found' } });
      }
      if (!sent || !timingSafeEqual(digest(sent), digest(token))) {
        return reply
          .code(401)
          .header('www-authenticate', 'Bearer realm="metrics"')
          .send({
            success: false,
            error: { code: 'UNAUTHORIZED', message: 'A valid metrics token is required' },
          });
      }
      return reply.type(registry.contentType).send(await registry.metrics());
    });
  };
}
