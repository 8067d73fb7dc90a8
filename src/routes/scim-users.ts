import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ScimBody, ScimIdParams, ScimListQuery, ScimListResponse, ScimResource } from '../../schemas/scim.ts';
import { parseFilter } from '../scim/filter.ts';
import { applyPatch } from '../scim/patch.ts';
import { userInputOf, userResource, versionOf } from '../scim/user-resource.ts';
import { createScimUser, getScimUser, listScimUsers, replaceScimUser } from '../scim/users.repository.ts';
import { deleteUser } from '../users/users.service.ts';
import { listResponse } from '../scim/discovery.ts';
import { assertIfMatch, pageOf, scimBase, scimCompanyOf, scimDoc, scimErrors } from '../scim/http.ts';

const resource = (summary: string, code = 200) => ({ [code]: { ...ScimResource, description: summary } });

/**
 * /scim/v2/Users: the company's users as SCIM Users (src/scim/user-resource.ts). Deactivating
 * (`active: false`, by PUT or PATCH) or deleting a user ends their sessions at once, on every replica.
 */
const scimUserRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, authCache } = app.ctx;
  const one = async (companyId: string, id: string, base: string) =>
    userResource(await getScimUser(db, companyId, id), base);

  app.get(
    '/Users',
    {
      schema: {
        ...scimDoc,
        operationId: 'scimListUsers',
        summary: 'List or filter the company’s users',
        description:
          'Filters as Okta and Entra send them: `userName eq "…"`, `externalId eq "…"`, `emails[type eq "work"].value eq "…"`; also `and`, `or`, `not`, `co`, `sw`, `pr`. Oldest first; `startIndex` (1-based) and `count` page.',
        querystring: ScimListQuery,
        response: { 200: ScimListResponse, ...scimErrors(400, 401) },
      },
    },
    async (request) => {
      const page = pageOf(request.query);
      const filter = request.query.filter ? parseFilter(request.query.filter) : undefined;
      const { total, rows } = await listScimUsers(db, scimCompanyOf(request), {
        ...page,
        ...(filter ? { filter } : {}),
      });
      const base = scimBase(request);
      return listResponse(
        total,
        page.startIndex,
        rows.map((r) => userResource(r, base)),
      );
    },
  );

  app.post(
    '/Users',
    {
      schema: {
        ...scimDoc,
        operationId: 'scimCreateUser',
        summary: 'Provision a user',
        description:
          'The e-mail is the primary (else `work`, else first) of `emails`, else `userName` when it is one. Role COMPANY_READER unless `roles` says; `password` lets the user sign in with one (else through single sign-on). A taken e-mail or userName is 409 `uniqueness`.',
        body: ScimBody,
        response: { ...resource('The user', 201), ...scimErrors(400, 401, 409) },
      },
    },
    async (request, reply) => {
      const companyId = scimCompanyOf(request);
      const id = await createScimUser(db, companyId, userInputOf(request.body));
      const user = await one(companyId, id, scimBase(request));
      return reply
        .code(201)
        .header('location', user.meta.location)
        .header('etag', user.meta.version)
        .send(user);
    },
  );

  app.get(
    '/Users/:id',
    {
      schema: {
        ...scimDoc,
        operationId: 'scimGetUser',
        summary: 'One user',
        description: 'Another company’s user is 404.',
        params: ScimIdParams,
        response: { ...resource('The user'), ...scimErrors(401, 404) },
      },
    },
    async (request, reply) => {
      const user = await one(scimCompanyOf(request), request.params.id, scimBase(request));
      return reply.header('etag', user.meta.version).send(user);
    },
  );

  app.put(
    '/Users/:id',
    {
      schema: {
        ...scimDoc,
        operationId: 'scimReplaceUser',
        summary: 'Replace a user',
        description:
          '`active` and `roles` left out keep their value; `active: false` ends the user’s sessions at once.',
        params: ScimIdParams,
        body: ScimBody,
        response: { ...resource('The user'), ...scimErrors(400, 401, 404, 409, 412) },
      },
    },
    async (request, reply) => {
      const companyId = scimCompanyOf(request);
      const input = userInputOf(request.body);
      await assertIfMatch(request, async () =>
        versionOf((await getScimUser(db, companyId, request.params.id)).updated_at),
      );
      await replaceScimUser(db, companyId, request.params.id, input, authCache);
      const user = await one(companyId, request.params.id, scimBase(request));
      return reply.header('etag', user.meta.version).send(user);
    },
  );

  app.patch(
    '/Users/:id',
    {
      schema: {
        ...scimDoc,
        operationId: 'scimPatchUser',
        summary: 'Change a user (PatchOp)',
        description:
          'RFC 7644 §3.5.2 as Okta and Entra send it: `replace` with a path or a value object (`{"active": false}`), `add`, `remove`, value filters (`emails[type eq "work"].value`). Deactivation ends the user’s sessions and refresh tokens at once.',
        params: ScimIdParams,
        body: ScimBody,
        response: { ...resource('The user'), ...scimErrors(400, 401, 404, 409, 412) },
      },
    },
    async (request, reply) => {
      const companyId = scimCompanyOf(request);
      const base = scimBase(request);
      const current = await one(companyId, request.params.id, base);
      await assertIfMatch(request, async () => current.meta.version);
      const patched = applyPatch(current, request.body);
      await replaceScimUser(db, companyId, request.params.id, userInputOf(patched), authCache);
      const user = await one(companyId, request.params.id, base);
      return reply.header('etag', user.meta.version).send(user);
    },
  );

  app.delete(
    '/Users/:id',
    {
      schema: {
        ...scimDoc,
        operationId: 'scimDeleteUser',
        summary: 'Delete a user',
        description: 'The user, their sessions and conversations go at once; 204.',
        params: ScimIdParams,
        response: { 204: { type: 'null', description: 'Deleted' }, ...scimErrors(401, 404, 409, 412) },
      },
    },
    async (request, reply) => {
      const companyId = scimCompanyOf(request);
      await assertIfMatch(request, async () =>
        versionOf((await getScimUser(db, companyId, request.params.id)).updated_at),
      );
      await deleteUser(db, companyId, request.params.id, authCache);
      return reply.code(204).send(null);
    },
  );
};

export default scimUserRoutes;
