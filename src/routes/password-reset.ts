import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LoginResponse } from '../../schemas/auth.ts';
import { errorResponses, IdParams } from '../../schemas/common.ts';
import {
  ForgotPasswordBody,
  ForgotPasswordResponse,
  OneTimeLink,
  ResetPasswordBody,
} from '../../schemas/accounts.ts';
import { userOf } from '../../plugins/auth.ts';
import { loginKeys, throttled } from '../auth/throttle.ts';
import { CookieModeHeaders, deliverRefreshToken } from '../auth/refresh-cookie.ts';
import { authSettingsOf } from './auth.ts';
import { companyNameOf, plainMailer, publicOrigin } from '../users/mail.ts';
import { issuePasswordResetByAdmin, requestPasswordReset, resetPassword } from '../users/password-reset.ts';

/** The console page that redeems a reset token (console/src/screens/reset-password.tsx). */
export const resetLink = (origin: string, token: string) =>
  `${origin}/app/reset-password?token=${encodeURIComponent(token)}`;

const FORGOT_ANSWER =
  'If an account with a password exists for this e-mail, a link to choose a new one is on its way.';

/**
 * Forgotten passwords (issue 40, docs/auth.md "Forgotten passwords"): the person asks for an
 * e-mailed link (the same answer whether or not the account exists, and in the same time: the
 * lookup and the mail run after the answer), redeems it once, or an admin issues a link to hand
 * over. Every redemption ends the user's other sessions.
 */
const passwordResetRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { smtp, passwordResetTtlMinutes: ttl } = app.ctx.config;
  const send = smtp.url ? plainMailer({ url: smtp.url, from: smtp.from }) : null;
  const originOf = (request: FastifyRequest) => publicOrigin(app.ctx.config.publicUrl, request);
  const open = { auth: 'none' as const, limitGroup: 'login' as const };
  const mailText = (name: string, company: string, link: string, expiresAt: string) =>
    `Hello ${name},\n\nSomeone (hopefully you) asked to choose a new password for ${company} on Cog-RAG.\n` +
    `Open this link to choose it:\n\n${link}\n\nThe link works once and expires on ` +
    `${new Date(expiresAt).toUTCString()}. If you did not ask, ignore this e-mail: your password stays.\n`;

  app.post(
    '/auth/forgot-password',
    {
      config: open,
      schema: {
        tags: ['auth'],
        operationId: 'forgotPassword',
        summary: 'E-mail a one-time link to choose a new password (same answer for every address)',
        description:
          'Always 202 with the same message, whether or not the address has an account (no account enumeration). With SMTP_URL set and an enabled user with a password, a link valid PASSWORD_RESET_TTL_MINUTES is e-mailed (at most one a minute, five an hour per address). Without SMTP_URL nothing is sent: an admin issues the link.',
        security: [],
        body: ForgotPasswordBody,
        response: { 202: ForgotPasswordResponse, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      const { email } = request.body;
      const origin = originOf(request);
      if (send) {
        // After the answer: a known address must not answer slower than an unknown one.
        setImmediate(() => {
          requestPasswordReset(app.ctx.db, email, ttl)
            .then(async (link) => {
              if (!link) return;
              const sent = await send({
                to: email.trim().toLowerCase(),
                subject: `Choose a new password for ${link.companyName} on Cog-RAG`,
                text: mailText(link.name, link.companyName, resetLink(origin, link.token), link.expiresAt),
              });
              if (!sent) request.log.warn('password-reset e-mail not sent (SMTP_URL)');
            })
            .catch((err: unknown) => request.log.error({ err }, 'password-reset request failed'));
        });
      }
      return reply.code(202).send({ success: true as const, data: { message: FORGOT_ANSWER } });
    },
  );

  const session = <T extends { refreshToken: string }>(
    request: FastifyRequest,
    reply: FastifyReply,
    data: T,
  ) => deliverRefreshToken(request, reply, data, app.ctx.config.refreshTokenTtlDays);

  app.post(
    '/auth/reset-password',
    {
      config: open,
      schema: {
        tags: ['auth'],
        operationId: 'resetPassword',
        summary: 'Choose a new password with a one-time reset link, and sign in (answers like login)',
        description:
          'Redeems the token of an e-mailed or admin-issued link once: the password is set, every other session of the user ends, and a new session opens. An unknown, used or expired token is 401.',
        security: [],
        headers: CookieModeHeaders,
        body: ResetPasswordBody,
        response: { 200: LoginResponse, ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const data = await throttled(app.throttle, loginKeys(request.ip), () =>
        resetPassword(app.ctx.db, authSettingsOf(app.ctx), request.body, app.ctx.authCache),
      );
      return { success: true as const, data: session(request, reply, data) };
    },
  );

  app.post(
    '/users/:id/password-reset',
    {
      config: { permission: 'admin' as const },
      schema: {
        tags: ['users'],
        operationId: 'issuePasswordReset',
        summary:
          'Issue a one-time password-reset link for a user of your company (e-mailed when SMTP_URL is set)',
        description:
          'The link works once, for PASSWORD_RESET_TTL_MINUTES; the user’s earlier unused links stop working. The admin never sees or sets the password. Another company’s user is 404; a disabled one 409.',
        security: [{ bearerAuth: [] }],
        params: IdParams,
        response: { 200: OneTimeLink, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => {
      const admin = userOf(request);
      const issued = await issuePasswordResetByAdmin(
        app.ctx.db,
        admin.companyId,
        request.params.id,
        admin.userId,
        ttl,
      );
      const link = resetLink(originOf(request), issued.token);
      const data = { token: issued.token, link, expiresAt: issued.expiresAt };
      if (!send) return { success: true as const, data };
      const companyName = await companyNameOf(app.ctx.db, admin.companyId);
      const emailed = await send({
        to: issued.email,
        subject: `Choose a new password for ${companyName} on Cog-RAG`,
        text: mailText(issued.name, companyName, link, issued.expiresAt),
      });
      return { success: true as const, data: { ...data, emailed } };
    },
  );
};

export default passwordResetRoutes;
