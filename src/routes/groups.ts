import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DeleteResponse, errorResponses, IdParams } from '../../schemas/common.ts';
import {
  GroupCreateBody,
  GroupList,
  GroupResponse,
  GroupUpdateBody,
  TopicAccessBody,
  TopicAccessResponse,
} from '../../schemas/groups.ts';
import { principalOf } from '../../plugins/auth.ts';
import { deleteGroup, findGroup, listGroups, saveGroup } from '../access/groups.repository.ts';
import { setTopicAccess, topicAccess } from '../access/topic-access.repository.ts';
import { notFound } from '../lib/errors.ts';

/**
 * Who may read what (docs/auth.md): groups of users and the topics granted to them, admin only.
 * Changes apply to every session's next request: access is decided in each query, not cached.
 */
const groupRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const common = { tags: ['access'], security: [{ bearerAuth: [] }] };
  const companyOf = (request: Parameters<typeof principalOf>[0]) => principalOf(request).companyId;

  app.get(
    '/groups',
    {
      config: { permission: 'admin' },
      schema: {
        operationId: 'listGroups',
        summary: 'The company’s groups with their members and topic grants',
        description: 'Every group of the company, by name, with its members and the topics granted to it.',
        ...common,
        response: { 200: GroupList, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({
      success: true as const,
      data: { items: await listGroups(app.ctx.db, companyOf(request)) },
    }),
  );

  app.post(
    '/groups',
    {
      config: { permission: 'admin' },
      schema: {
        operationId: 'createGroup',
        summary: 'Create a group (optionally with its members)',
        description:
          'A name taken by another group (case-insensitive) is 409; a member id that is not a user of the company is 400.',
        ...common,
        body: GroupCreateBody,
        response: { 201: GroupResponse, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const companyId = companyOf(request);
      const id = await saveGroup(app.ctx.db, companyId, null, request.body);
      return reply
        .code(201)
        .send({ success: true as const, data: await findGroup(app.ctx.db, companyId, id) });
    },
  );

  app.get(
    '/groups/:id',
    {
      config: { permission: 'admin' },
      schema: {
        operationId: 'getGroup',
        summary: 'One group with its members and topic grants',
        description: 'Another company’s group is 404.',
        ...common,
        params: IdParams,
        response: { 200: GroupResponse, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await findGroup(app.ctx.db, companyOf(request), request.params.id),
    }),
  );

  app.put(
    '/groups/:id',
    {
      config: { permission: 'admin' },
      schema: {
        operationId: 'updateGroup',
        summary: 'Rename a group, describe it, or replace its members',
        description: '`memberIds` replaces the whole membership; fields left out keep their value.',
        ...common,
        params: IdParams,
        body: GroupUpdateBody,
        response: { 200: GroupResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const companyId = companyOf(request);
      await saveGroup(app.ctx.db, companyId, request.params.id, request.body);
      return { success: true as const, data: await findGroup(app.ctx.db, companyId, request.params.id) };
    },
  );

  app.delete(
    '/groups/:id',
    {
      config: { permission: 'admin' },
      schema: {
        operationId: 'deleteGroup',
        summary: 'Delete a group and its grants',
        description: 'Its members keep what other groups and the “all members” access give them.',
        ...common,
        params: IdParams,
        response: { 200: DeleteResponse, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      if (!(await deleteGroup(app.ctx.db, companyOf(request), request.params.id))) throw notFound('Group');
      return { success: true as const, data: { id: request.params.id, deleted: true as const } };
    },
  );

  app.get(
    '/topics/:id/access',
    {
      config: { permission: 'admin' },
      schema: {
        operationId: 'getTopicAccess',
        summary: 'Who may read and edit a topic’s documents',
        description:
          'The “all members” access and the groups granted the topic. Admins always see every topic.',
        ...common,
        params: IdParams,
        response: { 200: TopicAccessResponse, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await topicAccess(app.ctx.db, companyOf(request), request.params.id),
    }),
  );

  app.put(
    '/topics/:id/access',
    {
      config: { permission: 'admin' },
      schema: {
        operationId: 'setTopicAccess',
        summary: 'Restrict a topic or grant it to groups',
        description:
          '`allMembers` sets the company-wide access (`none` restricts the topic to its groups); `groups` replaces the grants. ' +
          'Applies to every session’s next request. A group id that is not the company’s is 400.',
        ...common,
        params: IdParams,
        body: TopicAccessBody,
        response: { 200: TopicAccessResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const companyId = companyOf(request);
      await setTopicAccess(app.ctx.db, companyId, request.params.id, request.body);
      return { success: true as const, data: await topicAccess(app.ctx.db, companyId, request.params.id) };
    },
  );
};

export default groupRoutes;
