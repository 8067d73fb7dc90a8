import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, errorResponses, IdParams } from '../../schemas/common.ts';
import { principalOf } from '../../plugins/auth.ts';
import { createApiKey, deleteApiKey, listApiKeys } from '../api-keys/api-keys.repository.ts';
import { notFound } from '../lib/errors.ts';

/** Exact host or `*.host`, lower-case, no scheme, port or path. */
const Domain = Type.String({
  pattern:
    '^(\\*\\.)?([a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?\\.)*[a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?$',
  maxLength: 253,
});

const ApiKey = Type.Object({
  id: Type.String(),
  name: Type.String(),
  environment: Type.Union([Type.Literal('live'), Type.Literal('test')]),
  keyPrefix: Type.String({ description: 'First characters of the key, to recognise it' }),
  authorizedDomains: Type.Array(Type.String()),
  lastUsedAt: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
});

const apiKeyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api-keys',
    {
      config: { permission: 'admin' },
      schema: {
        tags: ['api-keys'],
        summary: 'Create an API key; the full key is in this response only',
        security: [{ bearerAuth: [] }],
        body: Type.Object(
          {
            name: Type.String({ minLength: 1, maxLength: 100 }),
            environment: Type.Optional(
              Type.Union([Type.Literal('live'), Type.Literal('test')], { default: 'live' }),
            ),
            authorizedDomains: Type.Optional(Type.Array(Domain, { maxItems: 50 })),
          },
          { additionalProperties: false },
        ),
        response: {
          201: Envelope(
            Type.Object({ ...ApiKey.properties, key: Type.String({ examples: ['svc_live_…'] }) }),
          ),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const data = await createApiKey(app.ctx.db, {
        companyId: principalOf(request).companyId,
        name: request.body.name,
        environment: request.body.environment ?? 'live',
        authorizedDomains: (request.body.authorizedDomains ?? []).map((d) => d.toLowerCase()),
      });
      return reply.code(201).send({ success: true as const, data });
    },
  );

  app.get(
    '/api-keys',
    {
      config: { permission: 'admin' },
      schema: {
        tags: ['api-keys'],
        summary: "The company's API keys (never the keys themselves)",
        security: [{ bearerAuth: [] }],
        response: { 200: Envelope(Type.Object({ items: Type.Array(ApiKey) })), ...errorResponses(401, 403) },
      },
    },
    async (request) => ({
      success: true as const,
      data: { items: await listApiKeys(app.ctx.db, principalOf(request).companyId) },
    }),
  );

  app.delete(
    '/api-keys/:id',
    {
      config: { permission: 'admin' },
      schema: {
        tags: ['api-keys'],
        summary: 'Delete a key: immediate and irreversible',
        params: IdParams,
        security: [{ bearerAuth: [] }],
        response: {
          200: Envelope(Type.Object({ id: Type.String(), deleted: Type.Literal(true) })),
          ...errorResponses(401, 403, 404),
        },
      },
    },
    async (request) => {
      const ok = await deleteApiKey(app.ctx.db, principalOf(request).companyId, request.params.id);
      if (!ok) throw notFound('API key');
      return { success: true as const, data: { id: request.params.id, deleted: true as const } };
    },
  );
};

export default apiKeyRoutes;
