import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { overDeepAt } from '../../plugins/json-body.ts';
import { ScimIdParams, ScimListResponse, ScimResource } from '../../schemas/scim.ts';
import { SCIM_CONTENT_TYPE, scimBase, scimDoc, scimErrors } from '../scim/http.ts';
import { findScimToken, scimTokenToucher } from '../scim/tokens.repository.ts';
import { scimRateLimit } from '../scim/rate-limit.ts';
import { ScimError, scimErrorBody, scimNotFound } from '../scim/errors.ts';
import { listResponse, resourceTypes, schemas, serviceProviderConfig } from '../scim/discovery.ts';
import scimUserRoutes from './scim-users.ts';
import scimGroupRoutes from './scim-groups.ts';

const BEARER = /^Bearer\s+(\S+)$/i;

/**
 * SCIM 2.0 (RFC 7643/7644) at /scim/v2 for identity providers (Okta, Entra ID): a scope of its
 * own, outside /api, with its own credential (a company's SCIM token, POST /api/scim-tokens), its
 * own media type (`application/scim+json`, `application/json` too) and its own error format
 * (RFC 7644 §3.12). Every query is scoped to the token's company: another company's user or group
 * is 404, decided in the query. docs/auth.md "SCIM provisioning".
 */
const scimRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const parse = app.getDefaultJsonParser('remove', 'remove');
  app.addContentTypeParser('application/scim+json', { parseAs: 'string' }, (request, raw, done) => {
    if (overDeepAt(raw as string) >= 0)
      done(new ScimError(400, 'Body is nested too deeply', 'invalidSyntax'));
    else parse(request, raw as string, done);
  });
  app.decorateRequest('scimCompanyId', null);
  app.decorateRequest('scimTokenId', null);
  const touch = scimTokenToucher(app.ctx.db);
  const limit = scimRateLimit(app);
  app.addHook('onRequest', async (request, reply) => {
    const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
    const found = token ? await findScimToken(app.ctx.db, token) : null;
    if (!found) {
      void reply.header('www-authenticate', 'Bearer realm="scim"');
      throw new ScimError(401, token ? 'Invalid SCIM token' : 'A SCIM bearer token is required');
    }
    touch(found.id);
    request.scimCompanyId = found.companyId;
    request.scimTokenId = found.id;
    await limit(request, reply, found.id);
  });
  app.addHook('onSend', async (request, reply: FastifyReply, payload) => {
    if (String(reply.getHeader('content-type') ?? '').startsWith('application/json'))
      void reply.header('content-type', SCIM_CONTENT_TYPE);
    // A write can change who reads which topic (memberships, roles): the company's cached lists
    // (src/lib/list-cache.ts, as plugins/list-cache.ts does for /api writes) are stale from now.
    if (request.method !== 'GET' && request.scimCompanyId) app.ctx.listCache.bump(request.scimCompanyId);
    return payload;
  });
  app.setErrorHandler((err, request, reply) => {
    const { status, body } = scimErrorBody(err);
    if (status >= 500) request.log.error({ err }, 'SCIM request failed');
    return reply.code(status).type(SCIM_CONTENT_TYPE).send(body);
  });

  const doc = (operationId: string, summary: string, extra: object = {}) => ({
    ...scimDoc,
    operationId,
    summary,
    description: `${summary} (RFC 7643 §5–7).`,
    response: { 200: { ...ScimResource, description: summary }, ...scimErrors(401, 404) },
    ...extra,
  });
  app.get(
    '/ServiceProviderConfig',
    { schema: doc('scimServiceProviderConfig', 'What this SCIM service supports') },
    (request) => serviceProviderConfig(scimBase(request)),
  );
  const byId = <T extends { id: string }>(items: T[], id: string) => {
    const found = items.find((i) => i.id === id);
    if (!found) throw scimNotFound('Resource');
    return found;
  };
  const listed = { response: { 200: ScimListResponse, ...scimErrors(401) } };
  app.get(
    '/ResourceTypes',
    { schema: doc('scimListResourceTypes', 'The resource types: User and Group', listed) },
    (request) => {
      const all = resourceTypes(scimBase(request));
      return listResponse(all.length, 1, all);
    },
  );
  app.get(
    '/ResourceTypes/:id',
    { schema: { ...doc('scimGetResourceType', 'One resource type'), params: ScimIdParams } },
    (request) => byId(resourceTypes(scimBase(request)), request.params.id),
  );
  app.get('/Schemas', { schema: doc('scimListSchemas', 'The User and Group schemas', listed) }, (request) => {
    const all = schemas(scimBase(request));
    return listResponse(all.length, 1, all);
  });
  app.get(
    '/Schemas/:id',
    { schema: { ...doc('scimGetSchema', 'One schema'), params: ScimIdParams } },
    (request) => byId(schemas(scimBase(request)), request.params.id),
  );
  await app.register(scimUserRoutes);
  await app.register(scimGroupRoutes);
};

/** Registers the SCIM service under /scim/v2. */
export async function registerScim(app: FastifyInstance): Promise<void> {
  await app.register(scimRoutes, { prefix: '/scim/v2' });
}

export default scimRoutes;
