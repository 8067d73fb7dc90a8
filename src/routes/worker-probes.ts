import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../context.ts';
import { API_VERSION } from './health.ts';
import { metricsRoute } from '../metrics/route.ts';

/** Longest `/ready` waits for the database, ms. */
const READY_TIMEOUT_MS = 5000;

/**
 * ROLE=worker's own small HTTP server (WORKER_PORT): `/health` (liveness, from memory), `/ready`
 * (the database answers and the process is not draining; else 503 in the API's envelope) and
 * `/metrics` (when METRICS_TOKEN is set), for orchestrators probing a process that serves no API.
 */
export async function buildWorkerProbes(ctx: AppContext): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  const unavailable = (message: string) => ({
    success: false,
    error: { code: 'SERVICE_UNAVAILABLE', message },
  });
  app.get('/health', async () => ({ success: true, data: { status: 'ok', version: API_VERSION } }));
  app.get('/ready', async (_request, reply) => {
    if (ctx.lifecycle.draining)
      return reply.code(503).header('retry-after', 1).send(unavailable('This worker is shutting down'));
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        sql`select 1`.execute(ctx.db),
        new Promise(
          (_, reject) => (timer = setTimeout(() => reject(new Error('timeout')), READY_TIMEOUT_MS)),
        ),
      ]);
      return { success: true, data: { status: 'ready', database: ctx.database.kind } };
    } catch {
      return reply.code(503).header('retry-after', 5).send(unavailable('The database does not answer'));
    } finally {
      clearTimeout(timer);
    }
  });
  await app.register(metricsRoute(ctx));
  return app;
}
