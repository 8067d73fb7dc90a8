import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { DeleteResponse, Envelope, errorResponses, IdParams } from '../../schemas/common.ts';
import { CreatedScimToken, ScimToken, ScimTokenCreateBody } from '../../schemas/scim.ts';
import { principalOf, userOf } from '../../plugins/auth.ts';
import {
  createScimToken,
  deleteScimToken,
  listScimTokens,
  rotateScimToken,
} from '../scim/tokens.repository.ts';
import { notFound } from '../lib/errors.ts';

/**
 * A company's SCIM bearer tokens (docs/auth.md "SCIM provisioning"), admin only: the token is shown
 * once, in the create or rotate response; only its SHA-256 is kept. Rotating or deleting refuses
 * the old token from the next SCIM request on.
 */
const scimTokenRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const common = { tags: ['scim'], security: [{ bearerAuth: [] }] };

  app.get(
    '/scim-tokens',
    {
      config: { permission: 'admin' },
      schema: {
        operationId: 'listScimTokens',
        summary: 'The company’s SCIM tokens',
        description: 'Newest first, without the tokens themselves.',
        ...common,
        response: {
          200: Envelope(
            Type.Object(
              { items: Type.Array(ScimToken, { maxItems: 1000 }) },
              { additionalProperties: false },
            ),
          ),
          ...errorResponses(401, 403),
        },
      },
    },
    async (request) => ({
      success: true as const,
      data: { items: await listScimTokens(app.ctx.db, principalOf(request).companyId) },
    }),
  );

  app.post(
    '/scim-tokens',
    {
      config: { permission: 'admin' },
      schema: {
        operationId: 'createScimToken',
        summary: 'Create a SCIM token; the token is in this response only',
        description:
          'A bearer token (`scim_…`, 256 random bits) for an identity provider’s provisioning (Okta, Entra ID) at `/scim/v2`. It sees only this company’s users and groups.',
        ...common,
        body: ScimTokenCreateBody,
        response: { 201: Envelope(CreatedScimToken), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const user = userOf(request);
      const data = await createScimToken(app.ctx.db, user.companyId, request.body.name, user.userId);
      return reply.code(201).send({ success: true as const, data });
    },
  );

  app.post(
    '/scim-tokens/:id/rotate',
    {
      config: { permission: 'admin' },
      schema: {
        operationId: 'rotateScimToken',
        summary: 'Replace a SCIM token’s secret; the new token is in this response only',
        description: 'The old token is refused from the next request on. Another company’s token is 404.',
        ...common,
        params: IdParams,
        response: { 200: Envelope(CreatedScimToken), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const data = await rotateScimToken(app.ctx.db, principalOf(request).companyId, request.params.id);
      if (!data) throw notFound('SCIM token');
      return { success: true as const, data };
    },
  );

  app.delete(
    '/scim-tokens/:id',
    {
      config: { permission: 'admin' },
      schema: {
        operationId: 'deleteScimToken',
        summary: 'Revoke a SCIM token',
        description: 'Refused from the next request on. Another company’s token is 404.',
        ...common,
        params: IdParams,
        response: { 200: DeleteResponse, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      if (!(await deleteScimToken(app.ctx.db, principalOf(request).companyId, request.params.id)))
        throw notFound('SCIM token');
      return { success: true as const, data: { id: request.params.id, deleted: true as const } };
    },
  );
};

export default scimTokenRoutes;
