import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { Envelope, errorResponses } from '../../schemas/common.ts';
import type { DB } from '../db/schema.ts';
import { serviceUnavailable } from '../lib/errors.ts';

export const API_VERSION = '3.5.0';

/** The liveness answer: the same object every time (serialized per request by the route's schema). */
const HEALTH_ANSWER = { success: true as const, data: { status: 'ok' as const, version: API_VERSION } };

/** Longest `/ready` waits for the database before answering 503, ms (less when the connect timeout is). */
const READY_TIMEOUT_MS = 5000;

/** Documents waiting for and in ingestion, read now. */
async function queueFigures(db: Kysely<DB>): Promise<{ queued: number; active: number }> {
  const stats = await db
    .selectFrom('documents')
    .select((eb) => [
      eb.fn.count<number>('id').filterWhere('status', '=', 'UPLOADED').as('queued'),
      eb.fn.count<number>('id').filterWhere('status', '=', 'PROCESSING').as('active'),
    ])
    .executeTakeFirstOrThrow();
  return { queued: Number(stats.queued), active: Number(stats.active) };
}

/**
 * `/health` is liveness: answered from memory, to anyone, with only `ok` and the version (nothing
 * an outsider can map the install with, and no database round trip, so probes and load balancers
 * cost nothing). `/ready` is readiness: the database answers, with the ingestion queue's figures.
 * `/health/details` adds model names, for admins.
 */
const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/health',
    {
      // Probes come from every balancer every few seconds, all from a few addresses: never limited.
      config: { auth: 'none', rateLimit: false },
      // Probes come every few seconds from every balancer: no request line for them (errors still log).
      logLevel: 'warn',
      schema: {
        operationId: 'getHealth',
        description:
          'Answers anyone with `ok` and the API version once the database answers; nothing more, so it reveals nothing about the install.',
        tags: ['health'],
        summary: 'Liveness: ok and the API version (details: GET /api/health/details, admin)',
        response: {
          200: Envelope(
            Type.Object(
              { status: Type.Literal('ok'), version: Type.String({ maxLength: 32 }) },
              { additionalProperties: false },
            ),
          ),
        },
      },
    },
    // Synchronous: the answer is a constant, and an async handler costs a promise per probe.
    () => HEALTH_ANSWER,
  );

  app.get(
    '/ready',
    {
      config: { auth: 'none', rateLimit: false },
      // Probes come every few seconds from every balancer: no request line for them (errors still log).
      logLevel: 'warn',
      schema: {
        operationId: 'getReadiness',
        description:
          'For load balancers and orchestrators: 200 once the database answers (within a time budget), with the ingestion queue figures (totals over every company); 503 `SERVICE_UNAVAILABLE` otherwise, for the first seconds after a start while the server compiles its request and response schemas, and from the moment the process is told to stop (SIGTERM) while it drains. Never rate-limited.',
        tags: ['health'],
        summary: 'Readiness: the database answers; ingestion queue figures (503 when it does not)',
        response: {
          200: Envelope(
            Type.Object(
              {
                status: Type.Literal('ready'),
                database: Type.String({ maxLength: 32 }),
                ingestionQueue: Type.Object(
                  {
                    queued: Type.Integer({ minimum: 0, maximum: 2 ** 31 - 1 }),
                    active: Type.Integer({ minimum: 0, maximum: 2 ** 31 - 1 }),
                  },
                  { additionalProperties: false },
                ),
              },
              { additionalProperties: false },
            ),
          ),
          ...errorResponses(503),
        },
      },
    },
    async (_request, reply) => {
      if (app.ctx.lifecycle.draining) {
        void reply.header('retry-after', 1);
        throw serviceUnavailable('This server is shutting down');
      }
      if (app.schemasWarming) {
        // Compiling the rest of the schemas takes a core for a few seconds after a start.
        void reply.header('retry-after', 1);
        throw serviceUnavailable('This server is starting: compiling its request and response schemas');
      }
      let timer: NodeJS.Timeout | undefined;
      const budget = Math.min(READY_TIMEOUT_MS, app.ctx.config.ops.database.connectMs || READY_TIMEOUT_MS);
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), budget);
      });
      try {
        const ingestionQueue = await Promise.race([
          sql`select 1`.execute(app.ctx.db).then(() => queueFigures(app.ctx.db)),
          timeout,
        ]);
        return {
          success: true as const,
          data: { status: 'ready' as const, database: app.ctx.database.kind, ingestionQueue },
        };
      } catch {
        void reply.header('retry-after', 5);
        throw serviceUnavailable('The database does not answer');
      } finally {
        clearTimeout(timer);
      }
    },
  );

  app.get(
    '/health/details',
    {
      config: { permission: 'admin' },
      schema: {
        operationId: 'getHealthDetails',
        description:
          'For admins: database kind, whether vector search is on, the embedding model, the LLM provider and model, and the ingestion queue.',
        tags: ['health'],
        summary:
          'What is active: database, vector search, embedding model, LLM provider, ingestion queue (admin)',
        security: [{ bearerAuth: [] }],
        response: {
          200: Envelope(
            Type.Object(
              {
                status: Type.Literal('ok'),
                version: Type.String({ maxLength: 32 }),
                database: Type.String({ maxLength: 32 }),
                vectorSearch: Type.Boolean(),
                embeddingModel: Type.String({ maxLength: 200 }),
                llmProvider: Type.String({ maxLength: 32 }),
                llmModel: Type.Union([Type.String({ maxLength: 500 }), Type.Null()]),
                ingestionQueue: Type.Object(
                  {
                    queued: Type.Integer({ minimum: 0, maximum: 2 ** 31 - 1 }),
                    active: Type.Integer({ minimum: 0, maximum: 2 ** 31 - 1 }),
                  },
                  { additionalProperties: false },
                ),
              },
              { additionalProperties: false },
            ),
          ),
          ...errorResponses(401, 403),
        },
      },
    },
    async () => {
      const ingestionQueue = await queueFigures(app.ctx.db);
      return {
        success: true as const,
        data: {
          status: 'ok' as const,
          version: API_VERSION,
          database: app.ctx.database.kind,
          vectorSearch: app.ctx.database.vectorEnabled,
          embeddingModel: app.ctx.embedder.modelId,
          llmProvider: app.ctx.llm.name,
          llmModel: app.ctx.llm.model,
          ingestionQueue,
        },
      };
    },
  );
};

export default healthRoutes;
