import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { sql } from 'kysely';
import { Envelope } from '../../schemas/common.ts';

export const API_VERSION = '3.5.0';

const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/health',
    {
      config: { auth: 'none' },
      schema: {
        tags: ['health'],
        summary: 'Liveness and what is active: database, vector search, embedding model, LLM provider',
        response: {
          200: Envelope(
            Type.Object({
              status: Type.Literal('ok'),
              version: Type.String(),
              database: Type.String(),
              vectorSearch: Type.Boolean(),
              embeddingModel: Type.String(),
              llmProvider: Type.String(),
              llmModel: Type.Union([Type.String(), Type.Null()]),
              ingestionQueue: Type.Object({ queued: Type.Integer(), active: Type.Integer() }),
            }),
          ),
        },
      },
    },
    async () => {
      await sql`select 1`.execute(app.ctx.db);
      const stats = await app.ctx.db
        .selectFrom('documents')
        .select((eb) => [
          eb.fn.count<number>('id').filterWhere('status', '=', 'UPLOADED').as('queued'),
          eb.fn.count<number>('id').filterWhere('status', '=', 'PROCESSING').as('active'),
        ])
        .executeTakeFirstOrThrow();
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
          ingestionQueue: { queued: Number(stats.queued), active: Number(stats.active) },
        },
      };
    },
  );
};

export default healthRoutes;
