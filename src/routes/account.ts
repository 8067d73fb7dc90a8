import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { LoginResponse } from '../../schemas/auth.ts';
import { Envelope, errorResponses } from '../../schemas/common.ts';
import {
  AcceptInvitationBody,
  ChangePasswordBody,
  GoogleBody,
  MeUpdateBody,
  MicrosoftBody,
} from '../../schemas/users.ts';
import { userOf } from '../../plugins/auth.ts';
import { serviceUnavailable } from '../lib/errors.ts';
import { acceptInvitation, changePassword, updateOwnName } from '../users/account.service.ts';
import { signInWithIdentity } from '../auth/sso.service.ts';
import { googleVerifier } from '../auth/providers/google.ts';
import { microsoftVerifier } from '../auth/providers/microsoft.ts';
import { loginKeys, throttled } from '../auth/throttle.ts';
import { authSettingsOf } from './auth.ts';
import { CookieModeHeaders, deliverRefreshToken } from '../auth/refresh-cookie.ts';

/** A user's own account (invitation, name, password) and sign-in with Google or Microsoft. */
const accountRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { google, microsoft } = app.ctx.config;
  const verifyGoogle = google.clientIds.length > 0 ? googleVerifier(google) : null;
  const verifyMicrosoft = microsoft.allowedTenants.length > 0 ? microsoftVerifier(microsoft) : null;
  const settings = () => authSettingsOf(app.ctx);
  const ssoSettings = () => ({ ...settings(), domains: app.ctx.config.domains });
  const open = { auth: 'none' as const, limitGroup: 'login' as const };
  const session = <T extends { refreshToken: string }>(
    request: FastifyRequest,
    reply: FastifyReply,
    data: T,
  ) => deliverRefreshToken(request, reply, data, app.ctx.config.refreshTokenTtlDays);

  app.post(
    '/auth/accept-invitation',
    {
      config: open,
      schema: {
        operationId: 'acceptInvitation',
        description:
          'Sets the invited user’s password and name from the one-time token of `POST /api/users`, then opens a session like login. An unknown, used or expired token is 401.',
        tags: ['auth'],
        summary: 'Accept an invitation: set a password and name, and log in (answers like login)',
        headers: CookieModeHeaders,
        body: AcceptInvitationBody,
        response: { 200: LoginResponse, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const data = await throttled(app.throttle, loginKeys(request.ip), () =>
        acceptInvitation(app.ctx.db, settings(), request.body),
      );
      return { success: true as const, data: session(request, reply, data) };
    },
  );

  app.post(
    '/auth/google',
    {
      config: open,
      schema: {
        operationId: 'signInWithGoogle',
        tags: ['auth'],
        summary: 'Sign in with a Google ID token (answers like login)',
        description: 'See docs/auth.md: who may sign in, ssoDomains, 503 when not configured.',
        headers: CookieModeHeaders,
        body: GoogleBody,
        response: { 200: LoginResponse, ...errorResponses(400, 401, 403, 503) },
      },
    },
    async (request, reply) => {
      if (!verifyGoogle) throw serviceUnavailable('Google sign-in is not configured on this server');
      const data = await throttled(app.throttle, loginKeys(request.ip), async () =>
        signInWithIdentity(app.ctx.db, ssoSettings(), await verifyGoogle(request.body.idToken)),
      );
      return { success: true as const, data: session(request, reply, data) };
    },
  );

  app.post(
    '/auth/microsoft',
    {
      config: open,
      schema: {
        operationId: 'signInWithMicrosoft',
        tags: ['auth'],
        summary: 'Sign in with a Microsoft Graph access token (scope User.Read; answers like login)',
        description: 'See docs/auth.md: tenant from Graph /organization, MICROSOFT_ALLOWED_TENANTS.',
        headers: CookieModeHeaders,
        body: MicrosoftBody,
        response: { 200: LoginResponse, ...errorResponses(400, 401, 403, 503) },
      },
    },
    async (request, reply) => {
      if (!verifyMicrosoft) throw serviceUnavailable('Microsoft sign-in is not configured on this server');
      const data = await throttled(app.throttle, loginKeys(request.ip), async () =>
        signInWithIdentity(app.ctx.db, ssoSettings(), await verifyMicrosoft(request.body.accessToken)),
      );
      return { success: true as const, data: session(request, reply, data) };
    },
  );

  app.put(
    '/auth/me',
    {
      schema: {
        operationId: 'updateMe',
        tags: ['account'],
        description: 'Changes the signed-in user’s display name; needs a user session (not an API key).',
        summary: 'Change your own display name',
        security: [{ bearerAuth: [] }],
        body: MeUpdateBody,
        response: {
          200: Envelope(Type.Object({ user: Type.Ref('User') }, { additionalProperties: false })),
          ...errorResponses(400, 401),
        },
      },
    },
    async (request) => ({
      success: true as const,
      data: {
        user: await updateOwnName(app.ctx.db, userOf(request).userId, request.body.name, app.ctx.authCache),
      },
    }),
  );

  app.post(
    '/auth/change-password',
    {
      schema: {
        operationId: 'changePassword',
        tags: ['account'],
        description:
          'Checks the current password, sets the new one (8–1024 characters), ends every session of the user and returns a fresh token set. A wrong current password is 401.',
        summary: 'Change your password; every session ends and a new one is returned (login shape)',
        security: [{ bearerAuth: [] }],
        headers: CookieModeHeaders,
        body: ChangePasswordBody,
        response: { 200: LoginResponse, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const user = userOf(request);
      const data = await throttled(app.throttle, loginKeys(request.ip, user.email), () =>
        changePassword(app.ctx.db, settings(), user.userId, request.body, app.ctx.authCache),
      );
      return { success: true as const, data: session(request, reply, data) };
    },
  );
};

export default accountRoutes;
