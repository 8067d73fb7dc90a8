import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses, IdParams } from '../../schemas/common.ts';
import { ApiKeyResponse, VisitorSecretResponse } from '../../schemas/api-keys.ts';
import { principalOf } from '../../plugins/auth.ts';
import { keysOf } from '../api-keys/api-keys.repository.ts';
import { removeVisitorSecret, rotateVisitorSecret } from '../api-keys/visitor-secrets.ts';
import { notFound } from '../lib/errors.ts';

/** Signed visitors' HS256 secrets (docs/widget.md "Signed visitors"), admin only. */
const apiKeyVisitorRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const common = { tags: ['api-keys'], security: [{ bearerAuth: [] }], params: IdParams };

  app.post(
    '/api-keys/:id/visitor-secret',
    {
      config: { permission: 'admin' },
      schema: {
        operationId: 'rotateVisitorSecret',
        summary: 'Create or rotate the key’s visitor-token secret (HS256); shown once',
        description:
          'Your backend signs short-lived visitor tokens with this secret (claims `sub`, `aud` = the key id, `exp` ≤ 1 h, optional `topics`). Replaces the previous secret and any JWKS URL: their tokens are refused at once.',
        ...common,
        response: { 200: VisitorSecretResponse, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const { companyId } = principalOf(request);
      const secret = await rotateVisitorSecret(
        app.ctx.db,
        app.ctx.webhookKey,
        companyId,
        request.params.id,
        app.ctx.authCache,
      );
      if (!secret) throw notFound('API key');
      return { success: true as const, data: { id: request.params.id, visitorSecret: secret } };
    },
  );

  app.delete(
    '/api-keys/:id/visitor-secret',
    {
      config: { permission: 'admin' },
      schema: {
        operationId: 'removeVisitorSecret',
        summary: 'Remove the key’s visitor-token secret',
        description: 'Tokens signed with it are refused at once; with `requireVisitor`, so is every request.',
        ...common,
        response: { 200: ApiKeyResponse, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const { companyId } = principalOf(request);
      if (!(await removeVisitorSecret(app.ctx.db, companyId, request.params.id, app.ctx.authCache)))
        throw notFound('API key');
      return { success: true as const, data: (await keysOf(app.ctx.db, companyId, request.params.id))[0]! };
    },
  );
};

export default apiKeyVisitorRoutes;
