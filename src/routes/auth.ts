import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import {
  LoginBody,
  LoginResponse,
  MeResponse,
  RefreshBody,
  RefreshResponse,
  RegisterBody,
} from '../../schemas/auth.ts';
import { Envelope, errorResponses } from '../../schemas/common.ts';
import {
  hasNoCompanies,
  login,
  logout,
  refresh,
  register,
  userView,
  type AuthSettings,
} from '../auth/auth.service.ts';
import { userOf } from '../../plugins/auth.ts';
import { refreshReuseWatch } from '../../plugins/audit.ts';
import { forbidden, unauthorized } from '../lib/errors.ts';
import { loginKeys, refuseWhileBackingOff, throttled } from '../auth/throttle.ts';
import {
  clearRefreshCookie,
  cookieRefreshToken,
  CookieModeHeaders,
  deliverRefreshToken,
  wantsCookie,
} from '../auth/refresh-cookie.ts';

/** The settings every session-opening route needs, from the app's context. */
export const authSettingsOf = (ctx: {
  jwtSecret: Uint8Array;
  config: { accessTokenTtlSeconds: number; refreshTokenTtlDays: number; refreshReuseGraceSeconds: number };
}): AuthSettings => ({
  jwtSecret: ctx.jwtSecret,
  accessTokenTtlSeconds: ctx.config.accessTokenTtlSeconds,
  refreshTokenTtlDays: ctx.config.refreshTokenTtlDays,
  refreshReuseGraceSeconds: ctx.config.refreshReuseGraceSeconds,
});

/** Sign-ups per client IP before the back-off starts (then 1 s, 2 s, 4 s …). */
const SIGNUPS_PER_IP = 5;

const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const settings = () => authSettingsOf(app.ctx);
  const session = <T extends { refreshToken: string }>(
    request: FastifyRequest,
    reply: FastifyReply,
    data: T,
  ) => deliverRefreshToken(request, reply, data, app.ctx.config.refreshTokenTtlDays);

  app.post(
    '/auth/login',
    {
      config: { auth: 'none', limitGroup: 'login' },
      schema: {
        operationId: 'login',
        tags: ['auth'],
        summary: 'Log in with e-mail and password',
        description:
          'Failed attempts back off exponentially per client IP and per e-mail (429 with retryAfter); see docs/auth.md.',
        headers: CookieModeHeaders,
        body: LoginBody,
        response: { 200: LoginResponse, ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const data = await throttled(app.throttle, loginKeys(request.ip, request.body.email), () =>
        login(app.ctx.db, settings(), request.body.email, request.body.password),
      );
      return { success: true as const, data: session(request, reply, data) };
    },
  );

  app.post(
    '/auth/register',
    {
      config: { auth: 'none', limitGroup: 'login' },
      schema: {
        operationId: 'register',
        tags: ['auth'],
        summary: 'Create a company and its first admin; answers like login',
        description:
          'Off by default once a company exists (REGISTRATION_ENABLED). Its 409 reveals that an e-mail is registered. Throttled per client IP.',
        body: RegisterBody,
        response: { 201: LoginResponse, ...errorResponses(400, 403, 409) },
      },
    },
    async (request, reply) => {
      const enabled = app.ctx.config.registrationEnabled ?? (await hasNoCompanies(app.ctx.db));
      if (!enabled)
        throw forbidden('Registration is disabled on this server; ask an admin for an invitation');
      const key = { key: `signup:ip:${request.ip}`, free: SIGNUPS_PER_IP, sticky: true };
      await refuseWhileBackingOff(app.throttle, [key]);
      await app.throttle.fail([key]); // every sign-up counts, successful or not
      const data = await register(app.ctx.db, settings(), request.body);
      return reply.code(201).send({ success: true as const, data });
    },
  );

  app.post(
    '/auth/refresh',
    {
      config: { auth: 'none' },
      schema: {
        operationId: 'refreshToken',
        description:
          'Exchanges a refresh token for a new access token and a new refresh token; the old refresh token stops working (rotation). Reusing a rotated token ends the session (401). Browser clients may send no body and `X-Refresh-Cookie: 1`: the token is then read from, and rotated in, the httpOnly cookie (docs/console.md).',
        tags: ['auth'],
        summary: 'Rotate the refresh token and get a new access token',
        headers: CookieModeHeaders,
        body: RefreshBody,
        response: { 200: RefreshResponse, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const token = request.body.refreshToken ?? cookieRefreshToken(request);
      // No token at all is a missing credential, like an expired one: 401, not a malformed
      // request (the body schema cannot say "required unless the cookie header is sent").
      if (!token)
        throw unauthorized(
          wantsCookie(request)
            ? 'No session: sign in'
            : 'No refresh token: send refreshToken, or the refresh cookie with X-Refresh-Cookie: 1',
        );
      // Hears of a session the refresh ends (a reused token) and audits it.
      const watch = refreshReuseWatch(app, request);
      try {
        const data = await refresh(app.ctx.db, settings(), token, watch.revocations);
        return { success: true as const, data: session(request, reply, data) };
      } catch (err) {
        if (!request.body.refreshToken) clearRefreshCookie(request, reply);
        await watch.record();
        throw err;
      }
    },
  );

  app.post(
    '/auth/logout',
    {
      schema: {
        operationId: 'logout',
        description:
          'Ends the current session: its refresh token and every access token issued for it stop working at once; the console’s refresh cookie is cleared.',
        tags: ['auth'],
        summary: 'End the session: its refresh tokens and access tokens stop working',
        security: [{ bearerAuth: [] }],
        response: {
          200: Envelope(Type.Object({ loggedOut: Type.Boolean() }, { additionalProperties: false })),
          ...errorResponses(401),
        },
      },
    },
    async (request, reply) => {
      await logout(app.ctx.db, userOf(request).sessionId, app.ctx.authCache);
      clearRefreshCookie(request, reply);
      return { success: true as const, data: { loggedOut: true } };
    },
  );
};

/**
 * `GET /api/auth/me`, apart from the session routes: it reads no cookie, so it is registered
 * outside the scope that parses and sets them (app.ts).
 */
export const meRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/auth/me',
    {
      schema: {
        operationId: 'getMe',
        description: 'The signed-in user and their company; a cheap way to check that a token still works.',
        tags: ['auth'],
        summary: 'The current user and company',
        security: [{ bearerAuth: [] }],
        response: { 200: MeResponse, ...errorResponses(401) },
      },
    },
    // Synchronous: the answer is built from the principal alone (no promise per request).
    (request) => {
      // From the session as authentication loaded it (the auth cache; renames invalidate it).
      const p = userOf(request);
      const user = { id: p.userId, email: p.email, name: p.name, role: p.role, company_id: p.companyId };
      return {
        success: true as const,
        data: { user: userView(user), company: { id: p.companyId, name: p.companyName } },
      };
    },
  );
};

export default authRoutes;
