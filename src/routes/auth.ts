import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
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
import { login, logout, refresh, register, userView, type AuthSettings } from '../auth/auth.service.ts';
import { userOf } from '../../plugins/auth.ts';
import { forbidden, notFound } from '../lib/errors.ts';

const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const settings = (): AuthSettings => ({
    jwtSecret: app.ctx.jwtSecret,
    accessTokenTtlSeconds: app.ctx.config.accessTokenTtlSeconds,
    refreshTokenTtlDays: app.ctx.config.refreshTokenTtlDays,
  });

  app.post(
    '/auth/login',
    {
      config: { auth: 'none', limitGroup: 'login' },
      schema: {
        tags: ['auth'],
        summary: 'Log in with e-mail and password',
        body: LoginBody,
        response: { 200: LoginResponse, ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await login(app.ctx.db, settings(), request.body.email, request.body.password),
    }),
  );

  app.post(
    '/auth/register',
    {
      config: { auth: 'none' },
      schema: {
        tags: ['auth'],
        summary: 'Create a company and its first admin; answers like login',
        body: RegisterBody,
        response: { 201: LoginResponse, ...errorResponses(400, 403, 409) },
      },
    },
    async (request, reply) => {
      if (!app.ctx.config.registrationEnabled) throw forbidden('Registration is disabled on this server');
      const data = await register(app.ctx.db, settings(), request.body);
      return reply.code(201).send({ success: true as const, data });
    },
  );

  app.post(
    '/auth/refresh',
    {
      config: { auth: 'none' },
      schema: {
        tags: ['auth'],
        summary: 'Rotate the refresh token and get a new access token',
        body: RefreshBody,
        response: { 200: RefreshResponse, ...errorResponses(400, 401) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await refresh(app.ctx.db, settings(), request.body.refreshToken),
    }),
  );

  app.post(
    '/auth/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'End the session: its refresh tokens and access tokens stop working',
        security: [{ bearerAuth: [] }],
        response: { 200: Envelope(Type.Object({ loggedOut: Type.Boolean() })), ...errorResponses(401) },
      },
    },
    async (request) => {
      await logout(app.ctx.db, userOf(request).sessionId);
      return { success: true as const, data: { loggedOut: true } };
    },
  );

  app.get(
    '/auth/me',
    {
      schema: {
        tags: ['auth'],
        summary: 'The current user and company',
        security: [{ bearerAuth: [] }],
        response: { 200: MeResponse, ...errorResponses(401) },
      },
    },
    async (request) => {
      const p = userOf(request);
      const row = await app.ctx.db
        .selectFrom('users')
        .innerJoin('companies', 'companies.id', 'users.company_id')
        .select([
          'users.id',
          'users.email',
          'users.name',
          'users.role',
          'users.company_id',
          'companies.name as company_name',
        ])
        .where('users.id', '=', p.userId)
        .executeTakeFirst();
      if (!row) throw notFound('User');
      return {
        success: true as const,
        data: { user: userView(row), company: { id: row.company_id, name: row.company_name } },
      };
    },
  );
};

export default authRoutes;
