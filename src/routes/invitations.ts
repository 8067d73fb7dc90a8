import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DeleteResponse, errorResponses, pagination } from '../../schemas/common.ts';
import {
  InvitationInfo,
  InvitationInfoQuery,
  InvitationListQuery,
  OneTimeLink,
  PendingInvitationList,
  UserIdParams,
} from '../../schemas/accounts.ts';
import { userOf } from '../../plugins/auth.ts';
import {
  invitationInfo,
  listPendingInvitations,
  resendInvitation,
  revokeInvitation,
} from '../users/invitations.ts';
import { invitationLink, invitationMailer } from '../users/invitation-mail.ts';
import { companyNameOf, publicOrigin } from '../users/mail.ts';

/**
 * Invitations as their own action (issue 40): the pending list, a fresh link (resend), withdrawal
 * — admins only, within their company (another company's user is 404) — and the public read the
 * accept page makes to name the company and the e-mail before the person commits.
 */
const invitationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { smtp } = app.ctx.config;
  const mail = smtp.url ? invitationMailer({ url: smtp.url, from: smtp.from }) : null;
  const common = { tags: ['users'], security: [{ bearerAuth: [] }] };
  const config = { permission: 'admin' as const };

  app.get(
    '/invitations',
    {
      config,
      schema: {
        ...common,
        operationId: 'listInvitations',
        summary: 'Pending invitations: invited users who have not signed in yet, newest first',
        querystring: InvitationListQuery,
        response: { 200: PendingInvitationList, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const q = request.query;
      const { items, total } = await listPendingInvitations(app.ctx.db, userOf(request).companyId, q);
      return { success: true as const, data: { items, pagination: pagination(q.page, q.limit, total) } };
    },
  );

  app.post(
    '/invitations/:userId/resend',
    {
      config,
      schema: {
        ...common,
        operationId: 'resendInvitation',
        summary: 'A fresh invitation link (the earlier ones stop working), e-mailed when SMTP_URL is set',
        description:
          'For a user invited and not signed in yet: a new one-time token valid 7 days replaces the earlier links. An unknown user (or another company’s) is 404; an accepted invitation is 409.',
        params: UserIdParams,
        response: { 200: OneTimeLink, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => {
      const admin = userOf(request);
      const fresh = await resendInvitation(app.ctx.db, admin.companyId, request.params.userId, admin.userId);
      const link = invitationLink(publicOrigin(app.ctx.config.publicUrl, request), fresh.token);
      const data = { token: fresh.token, link, expiresAt: fresh.expiresAt };
      if (!mail) return { success: true as const, data };
      const companyName = await companyNameOf(app.ctx.db, admin.companyId);
      const emailed = await mail({
        to: fresh.email,
        name: fresh.name,
        companyName,
        link,
        expiresAt: fresh.expiresAt,
      });
      return { success: true as const, data: { ...data, emailed } };
    },
  );

  app.delete(
    '/invitations/:userId',
    {
      config,
      schema: {
        ...common,
        operationId: 'revokeInvitation',
        summary: 'Withdraw a pending invitation (the invited user, who never signed in, is deleted)',
        params: UserIdParams,
        response: { 200: DeleteResponse, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { userId } = request.params;
      await revokeInvitation(app.ctx.db, userOf(request).companyId, userId);
      return { success: true as const, data: { id: userId, deleted: true as const } };
    },
  );

  app.post(
    '/auth/invitation',
    {
      config: { auth: 'none' as const, limitGroup: 'login' as const },
      schema: {
        tags: ['auth'],
        operationId: 'getInvitation',
        summary: 'What an invitation token is for: the e-mail invited and the company joined',
        description:
          'Public, for the accept page, which reads it before the person commits. Answers only for a live, unused token (256 random bits); anything else is 404. A POST so the token stays out of URLs and logs.',
        security: [],
        body: InvitationInfoQuery,
        response: { 200: InvitationInfo, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return { success: true as const, data: await invitationInfo(app.ctx.db, request.body.token) };
    },
  );
};

export default invitationRoutes;
