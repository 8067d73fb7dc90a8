import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ScimBody, ScimIdParams, ScimListQuery, ScimListResponse, ScimResource } from '../../schemas/scim.ts';
import { parseFilter } from '../scim/filter.ts';
import { applyPatch } from '../scim/patch.ts';
import {
  getScimGroup,
  groupInputOf,
  groupResource,
  listScimGroups,
  saveScimGroup,
} from '../scim/groups.repository.ts';
import { deleteGroup } from '../access/groups.repository.ts';
import { listResponse } from '../scim/discovery.ts';
import { scimNotFound } from '../scim/errors.ts';
import { assertIfMatch, pageOf, scimBase, scimCompanyOf, scimDoc, scimErrors } from '../scim/http.ts';
import { versionOf } from '../scim/user-resource.ts';

const resource = (summary: string, code = 200) => ({ [code]: { ...ScimResource, description: summary } });

/**
 * /scim/v2/Groups: the company's Cog-RAG groups (the ones topics are granted to). A membership
 * change moves the member's topic access on their next request.
 */
const scimGroupRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;
  const one = async (companyId: string, id: string, base: string) =>
    groupResource(await getScimGroup(db, companyId, id), base);

  app.get(
    '/Groups',
    {
      schema: {
        ...scimDoc,
        operationId: 'scimListGroups',
        summary: 'List or filter the company’s groups',
        description:
          'Filters: `displayName eq "…"`, `externalId eq "…"`, `members[value eq "usr_…"]`. `excludedAttributes=members` leaves the members out.',
        querystring: ScimListQuery,
        response: { 200: ScimListResponse, ...scimErrors(400, 401) },
      },
    },
    async (request) => {
      const page = pageOf(request.query);
      const filter = request.query.filter ? parseFilter(request.query.filter) : undefined;
      const withMembers = !/(^|,)\s*members\s*(,|$)/i.test(request.query.excludedAttributes ?? '');
      const { total, rows } = await listScimGroups(db, scimCompanyOf(request), {
        ...page,
        withMembers,
        ...(filter ? { filter } : {}),
      });
      const base = scimBase(request);
      return listResponse(
        total,
        page.startIndex,
        rows.map((r) => groupResource(r, base, withMembers)),
      );
    },
  );

  app.post(
    '/Groups',
    {
      schema: {
        ...scimDoc,
        operationId: 'scimCreateGroup',
        summary: 'Create a group',
        description: 'A displayName another group has (case-insensitive) is 409 `uniqueness`.',
        body: ScimBody,
        response: { ...resource('The group', 201), ...scimErrors(400, 401, 409) },
      },
    },
    async (request, reply) => {
      const companyId = scimCompanyOf(request);
      const id = await saveScimGroup(db, companyId, null, groupInputOf(request.body));
      const group = await one(companyId, id, scimBase(request));
      return reply
        .code(201)
        .header('location', group.meta.location)
        .header('etag', group.meta.version)
        .send(group);
    },
  );

  app.get(
    '/Groups/:id',
    {
      schema: {
        ...scimDoc,
        operationId: 'scimGetGroup',
        summary: 'One group',
        description: 'With its members; another company’s group is 404.',
        params: ScimIdParams,
        response: { ...resource('The group'), ...scimErrors(401, 404) },
      },
    },
    async (request, reply) => {
      const group = await one(scimCompanyOf(request), request.params.id, scimBase(request));
      return reply.header('etag', group.meta.version).send(group);
    },
  );

  app.put(
    '/Groups/:id',
    {
      schema: {
        ...scimDoc,
        operationId: 'scimReplaceGroup',
        summary: 'Replace a group and its members',
        description:
          '`members` replaces the whole membership (topic access follows); another company’s group is 404.',
        params: ScimIdParams,
        body: ScimBody,
        response: { ...resource('The group'), ...scimErrors(400, 401, 404, 409, 412) },
      },
    },
    async (request, reply) => {
      const companyId = scimCompanyOf(request);
      const current = await getScimGroup(db, companyId, request.params.id);
      await assertIfMatch(request, async () => versionOf(current.updated_at));
      await saveScimGroup(db, companyId, request.params.id, groupInputOf(request.body));
      const group = await one(companyId, request.params.id, scimBase(request));
      return reply.header('etag', group.meta.version).send(group);
    },
  );

  app.patch(
    '/Groups/:id',
    {
      schema: {
        ...scimDoc,
        operationId: 'scimPatchGroup',
        summary: 'Change a group or its members (PatchOp)',
        description:
          'Members as Entra sends them (`add`/`remove` on `members` with `[{value}]`) and as Okta does (`remove` with `members[value eq "…"]`, `replace` of `members` or `displayName`).',
        params: ScimIdParams,
        body: ScimBody,
        response: { ...resource('The group'), ...scimErrors(400, 401, 404, 409, 412) },
      },
    },
    async (request, reply) => {
      const companyId = scimCompanyOf(request);
      const base = scimBase(request);
      const current = await one(companyId, request.params.id, base);
      await assertIfMatch(request, async () => current.meta.version);
      const patched = applyPatch(current, request.body);
      await saveScimGroup(db, companyId, request.params.id, groupInputOf(patched));
      const group = await one(companyId, request.params.id, base);
      return reply.header('etag', group.meta.version).send(group);
    },
  );

  app.delete(
    '/Groups/:id',
    {
      schema: {
        ...scimDoc,
        operationId: 'scimDeleteGroup',
        summary: 'Delete a group',
        description: 'Its topic grants go with it; 204.',
        params: ScimIdParams,
        response: { 204: { type: 'null', description: 'Deleted' }, ...scimErrors(401, 404, 412) },
      },
    },
    async (request, reply) => {
      const companyId = scimCompanyOf(request);
      await assertIfMatch(request, async () =>
        versionOf((await getScimGroup(db, companyId, request.params.id)).updated_at),
      );
      if (!(await deleteGroup(db, companyId, request.params.id))) throw scimNotFound('Group');
      return reply.code(204).send(null);
    },
  );
};

export default scimGroupRoutes;
