import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses, IdParams } from '../../schemas/common.ts';
import { ApiKeyCreateBody, ApiKeyDeleted, ApiKeyList, CreatedApiKey } from '../../schemas/api-keys.ts';
import { principalOf } from '../../plugins/auth.ts';
import { createApiKey, deleteApiKey, listApiKeys } from '../api-keys/api-keys.repository.ts';
import { notFound } from '../lib/errors.ts';

const apiKeyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api-keys',
    {
      config: { permission: 'admin' },
      schema: {
        operationId: 'createApiKey',
        description:
          'Creates a key for the caller’s company (`svc_live_…` or `svc_test_…`), optionally restricted to authorized domains. The full key is returned once, in this response; store it server-side.',
        tags: ['api-keys'],
        summary: 'Create an API key; the full key is in this response only',
        security: [{ bearerAuth: [] }],
        body: ApiKeyCreateBody,
        response: {
          201: CreatedApiKey,
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
        operationId: 'listApiKeys',
        description:
          'Lists the company’s keys with their prefix, domains and last use; the keys themselves are never shown again.',
        tags: ['api-keys'],
        summary: "The company's API keys (never the keys themselves)",
        security: [{ bearerAuth: [] }],
        response: { 200: ApiKeyList, ...errorResponses(401, 403) },
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
        operationId: 'deleteApiKey',
        description: 'Deletes the key; requests with it fail with 401 at once. Irreversible.',
        tags: ['api-keys'],
        summary: 'Delete a key: immediate and irreversible',
        params: IdParams,
        security: [{ bearerAuth: [] }],
        response: {
          200: ApiKeyDeleted,
          ...errorResponses(401, 403, 404),
        },
      },
    },
    async (request) => {
      const ok = await deleteApiKey(
        app.ctx.db,
        principalOf(request).companyId,
        request.params.id,
        app.ctx.authCache,
      );
      if (!ok) throw notFound('API key');
      return { success: true as const, data: { id: request.params.id, deleted: true as const } };
    },
  );
};

export default apiKeyRoutes;
