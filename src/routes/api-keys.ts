import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses, IdParams } from '../../schemas/common.ts';
import {
  ApiKeyCreateBody,
  ApiKeyDeleted,
  ApiKeyList,
  ApiKeyResponse,
  ApiKeyUpdateBody,
  CreatedApiKey,
} from '../../schemas/api-keys.ts';
import { principalOf } from '../../plugins/auth.ts';
import { createApiKey, deleteApiKey, listApiKeys, updateApiKey } from '../api-keys/api-keys.repository.ts';
import { normalizeDomains } from '../api-keys/domains.ts';
import type { AppContext } from '../context.ts';
import { notFound, validationError } from '../lib/errors.ts';
import { userinfoOf } from '../lib/redact.ts';
import { assertTenantUrl } from '../webhooks/outbound.ts';

/**
 * Canonical domain entries. @throws 400 naming each entry that is not `[scheme://][*.]host[:port]`
 * or that is a wildcard over a public suffix (`*.com`).
 */
function domainsOf(entries: string[]): string[] {
  const { domains, invalid } = normalizeDomains(entries);
  if (invalid.length > 0) {
    throw validationError(
      'Invalid authorized domain',
      invalid.map((entry) => ({
        field: 'authorizedDomains',
        reason: /^\s*(https?:\/\/)?\*\./i.test(entry)
          ? `${entry.slice(0, 100)}: a wildcard must name a registrable domain (*.example.com), not a public suffix such as *.com`
          : `${entry.slice(0, 100)}: must be [http(s)://][*.]host[:port]`,
      })),
    );
  }
  return domains;
}

/**
 * Refuses, when it is set, a visitor JWKS URL the key could never fetch: it is checked by the
 * company's tenant policy (the one its webhooks are registered and delivered under, so no second
 * policy exists to drift), and it must carry no `user:password@` — the service sends no
 * credentials with the fetch and would only store and show them. Fetches check again at
 * connection time, so this is about telling the admin now, not the only line of defence.
 * @throws 400 VALIDATION_ERROR with a details entry for `visitorJwksUrl`.
 */
async function assertJwksUrl(ctx: AppContext, companyId: string, url: string): Promise<void> {
  const message = 'The visitor JWKS URL is not allowed';
  if (userinfoOf(url))
    throw validationError(message, [
      { field: 'visitorJwksUrl', reason: 'must not contain user:password@ (userinfo)' },
    ]);
  await assertTenantUrl(ctx.webhookHttp, companyId, url, 'visitorJwksUrl', message);
}

/**
 * A new key states what it answers from: `allDocuments: true` or at least one of `topicIds`. A
 * key created with a name only used to read nothing, and every answer said "I could not find an
 * answer" without telling why. Keys created before keep their scope (only creation checks).
 * @throws 400 VALIDATION_ERROR with a details entry for each of `topicIds` and `allDocuments`.
 */
function assertScope(body: { allDocuments?: boolean; topicIds?: string[] }): void {
  if (body.allDocuments === true || (body.topicIds?.length ?? 0) > 0) return;
  const reason = 'give the topics the key answers from (topicIds) or allDocuments: true';
  throw validationError('A new API key needs a scope: topicIds or allDocuments', [
    { field: 'topicIds', reason },
    { field: 'allDocuments', reason },
  ]);
}

const apiKeyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api-keys',
    {
      config: { permission: 'admin' },
      schema: {
        operationId: 'createApiKey',
        description:
          'Creates a key for the caller’s company (`svc_live_…` or `svc_test_…`), optionally restricted to authorized domains (`[scheme://][*.]host[:port]`, stored lower-cased and punycoded). The full key is returned once, in this response. A key without domains can be used from any web site: the response says so with `anyOrigin: true`. A new key needs a scope: `allDocuments: true` or at least one of `topicIds` (else 400 `VALIDATION_ERROR` with details for both fields).',
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
      assertScope(request.body);
      const data = await createApiKey(app.ctx.db, {
        companyId: principalOf(request).companyId,
        name: request.body.name,
        environment: request.body.environment ?? 'live',
        authorizedDomains: domainsOf(request.body.authorizedDomains ?? []),
        requireHttps: request.body.requireHttps ?? false,
        allDocuments: request.body.allDocuments ?? false,
        topicIds: request.body.topicIds ?? [],
        allowOriginals: request.body.allowOriginals ?? false,
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
          'Lists the company’s keys with their prefix and last four characters, environment, domains (`anyOrigin: true` flags a key usable from any site), creation and last use; the keys themselves are never shown again.',
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

  app.put(
    '/api-keys/:id',
    {
      config: { permission: 'admin' },
      schema: {
        operationId: 'updateApiKey',
        description:
          'Changes a key’s name, authorized domains, `requireHttps`, topics, signed-visitor settings or `allowOriginals` without replacing the key; fields left out keep their value. A `visitorJwksUrl` is checked when set, by the policy webhook URLs are checked by (400 `VALIDATION_ERROR`, field `visitorJwksUrl`). Takes effect at once on every replica. Another company’s key is 404.',
        tags: ['api-keys'],
        summary: "Change a key's name, domains or https requirement",
        params: IdParams,
        security: [{ bearerAuth: [] }],
        body: ApiKeyUpdateBody,
        response: { 200: ApiKeyResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const {
        name,
        authorizedDomains,
        requireHttps,
        allDocuments,
        topicIds,
        visitorJwksUrl,
        requireVisitor,
        allowOriginals,
      } = request.body;
      const { companyId } = principalOf(request);
      if (typeof visitorJwksUrl === 'string') await assertJwksUrl(app.ctx, companyId, visitorJwksUrl);
      const data = await updateApiKey(
        app.ctx.db,
        companyId,
        request.params.id,
        {
          name,
          authorizedDomains: authorizedDomains === undefined ? undefined : domainsOf(authorizedDomains),
          requireHttps,
          allDocuments,
          topicIds,
          visitorJwksUrl,
          requireVisitor,
          allowOriginals,
        },
        app.ctx.authCache,
      );
      if (!data) throw notFound('API key');
      return { success: true as const, data };
    },
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
