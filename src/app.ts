import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import multipart from '@fastify/multipart';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { AppContext } from './context.ts';
import { ErrorEnvelope } from '../schemas/common.ts';
import errorsPlugin from '../plugins/errors.ts';
import authPlugin from '../plugins/auth.ts';
import swaggerPlugin from '../plugins/swagger.ts';
import rateLimitPlugin from '../plugins/rate-limit.ts';
import noNulPlugin from '../plugins/no-nul.ts';
import { installValidators } from '../plugins/validation.ts';
import healthRoutes, { API_VERSION } from './routes/health.ts';
import authRoutes from './routes/auth.ts';
import documentRoutes from './routes/documents.ts';
import searchRoutes from './routes/search.ts';
import apiKeyRoutes from './routes/api-keys.ts';
import chatRoutes from './routes/chat.ts';
import publicRoutes from './routes/public.ts';
import topicRoutes from './routes/topics.ts';
import conversationRoutes from './routes/conversations.ts';
import companyRoutes from './routes/companies.ts';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

/**
 * The whole HTTP API as one Fastify instance over a context; server.ts only boots it and the
 * tests build the very same app. Order: third-party plugins, ours, then routes under /api.
 */
export async function buildApp(
  ctx: AppContext,
  options: FastifyServerOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: ctx.config.logLevel },
    bodyLimit: ctx.config.maxJsonBodyBytes,
    trustProxy: ctx.config.trustProxy,
    routerOptions: { maxParamLength: 500 },
    // Malformed URLs and over-long path parameters are decided by the router, before any route:
    // answer them in the envelope too, as 400s (they can never name a resource).
    frameworkErrors: (err, _request, reply: FastifyReply) => {
      void reply.code(400).send({
        success: false,
        error: {
          code: 'VALIDATION_ERROR',
          message: err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'Path parameter too long' : 'Malformed URL',
        },
      });
    },
    ...options,
  }).withTypeProvider<TypeBoxTypeProvider>();

  installValidators(app);
  app.decorate('ctx', ctx);
  app.addSchema(ErrorEnvelope);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('x-api-version', API_VERSION);
  });

  await app.register(errorsPlugin);
  await app.register(helmet, { contentSecurityPolicy: false });
  await app.register(cors, { origin: ctx.config.corsOrigins });
  await app.register(multipart, {
    limits: { fileSize: ctx.config.maxUploadBytes, files: 1, fields: 10, fieldSize: 4096, parts: 20 },
  });
  await app.register(swaggerPlugin);

  await app.register(
    async (api) => {
      await api.register(rateLimitPlugin);
      await api.register(authPlugin);
      await api.register(noNulPlugin);
      await api.register(healthRoutes);
      await api.register(authRoutes);
      await api.register(documentRoutes);
      await api.register(searchRoutes);
      await api.register(apiKeyRoutes);
      await api.register(chatRoutes);
      await api.register(publicRoutes);
      await api.register(topicRoutes);
      await api.register(conversationRoutes);
      await api.register(companyRoutes);
    },
    { prefix: '/api' },
  );
  return app;
}
