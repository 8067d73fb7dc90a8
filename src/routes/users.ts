import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DeleteResponse, errorResponses, IdParams, pagination } from '../../schemas/common.ts';
import {
  UserCreateBody,
  UserCreateResponse,
  UserList,
  UserListQuery,
  UserResponse,
  UserUpdateBody,
} from '../../schemas/users.ts';
import { userOf } from '../../plugins/auth.ts';
import { notFound } from '../lib/errors.ts';
import { findUser, listUsers } from '../users/users.repository.ts';
import { createUser, deleteUser, updateUser } from '../users/users.service.ts';
import { invitationLink, invitationMailer } from '../users/invitation-mail.ts';
import { companyNameOf, publicOrigin } from '../users/mail.ts';

/**
 * "User management" (spec RBAC: admins only), within the admin's own company: another
 * company's user is 404.
 */
const userRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { smtp } = app.ctx.config;
  const sendInvitation = smtp.url ? invitationMailer({ url: smtp.url, from: smtp.from }) : null;
  const common = { tags: ['users'], security: [{ bearerAuth: [] }] };
  const config = { permission: 'admin' as const };

  app.get(
    '/users',
    {
      config,
      schema: {
        operationId: 'listUsers',
        description: 'The company’s users, paginated; filter by `role`, search name or e-mail.',
        ...common,
        summary: "List the company's users (filter by role; search name or e-mail)",
        querystring: UserListQuery,
        response: { 200: UserList, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const q = request.query;
      const { items, total } = await listUsers(app.ctx.db, userOf(request).companyId, q);
      return { success: true as const, data: { items, pagination: pagination(q.page, q.limit, total) } };
    },
  );

  app.post(
    '/users',
    {
      config,
      schema: {
        operationId: 'createUser',
        description:
          'With `password`: an active user. Without: an invited user and a one-time `invitation.token` (valid 7 days) for `POST /api/auth/accept-invitation`; with SMTP_URL set the server also e-mails the person the console link (`invitation.emailed`). An e-mail already registered is 409.',
        ...common,
        summary: 'Create a user with a password, or invite one (no password: a one-time token, valid 7 days)',
        body: UserCreateBody,
        response: { 201: UserCreateResponse, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const admin = userOf(request);
      const data = await createUser(app.ctx.db, admin.companyId, admin.userId, request.body);
      if (!data.invitation || !sendInvitation) return reply.code(201).send({ success: true as const, data });
      const companyName = await companyNameOf(app.ctx.db, admin.companyId);
      const origin = publicOrigin(app.ctx.config.publicUrl, request);
      const emailed = await sendInvitation({
        to: data.user.email,
        name: data.user.name,
        companyName,
        link: invitationLink(origin, data.invitation.token),
        expiresAt: data.invitation.expiresAt,
      });
      if (!emailed) request.log.warn({ userId: data.user.id }, 'invitation e-mail not sent (SMTP_URL)');
      return reply
        .code(201)
        .send({ success: true as const, data: { ...data, invitation: { ...data.invitation, emailed } } });
    },
  );

  app.get(
    '/users/:id',
    {
      config,
      schema: {
        operationId: 'getUser',
        description: 'One user of the company; another company’s user is 404.',
        ...common,
        summary: 'User detail',
        params: IdParams,
        response: { 200: UserResponse, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const user = await findUser(app.ctx.db, userOf(request).companyId, request.params.id);
      if (!user) throw notFound('User');
      return { success: true as const, data: user };
    },
  );

  app.put(
    '/users/:id',
    {
      config,
      schema: {
        operationId: 'updateUser',
        ...common,
        summary: 'Rename, change the role of, disable or enable a user',
        description:
          'Demoting or disabling ends the user’s sessions at once. The last active admin cannot be demoted or disabled (409).',
        params: IdParams,
        body: UserUpdateBody,
        response: { 200: UserResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await updateUser(
        app.ctx.db,
        userOf(request).companyId,
        request.params.id,
        request.body,
        app.ctx.authCache,
      ),
    }),
  );

  app.delete(
    '/users/:id',
    {
      config,
      schema: {
        operationId: 'deleteUser',
        description:
          'Deletes a user with their sessions and conversations; the last active admin cannot be deleted (409).',
        ...common,
        summary: 'Delete a user (their sessions and conversations too); not the last active admin (409)',
        params: IdParams,
        response: {
          200: DeleteResponse,
          ...errorResponses(401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      await deleteUser(app.ctx.db, userOf(request).companyId, request.params.id, app.ctx.authCache);
      return { success: true as const, data: { id: request.params.id, deleted: true as const } };
    },
  );
};

export default userRoutes;
