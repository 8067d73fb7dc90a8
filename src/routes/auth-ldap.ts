import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { LoginResponse } from '../../schemas/auth.ts';
import { errorResponses } from '../../schemas/common.ts';
import { serviceUnavailable } from '../lib/errors.ts';
import { authenticate } from '../auth/ldap/directory.ts';
import { signInWithIdentity } from '../auth/sso.service.ts';
import { loginKeys, throttled } from '../auth/throttle.ts';
import { CookieModeHeaders, deliverRefreshToken } from '../auth/refresh-cookie.ts';
import { authSettingsOf } from './auth.ts';

const LdapBody = Type.Object(
  {
    username: Type.String({
      minLength: 1,
      maxLength: 256,
      description: 'sAMAccountName, userPrincipalName, uid or mail, as LDAP_CONFIG userFilter matches it',
    }),
    password: Type.String({ minLength: 1, maxLength: 1024, format: 'password' }),
  },
  { additionalProperties: false },
);

/** Sign-in with the LDAP / Active Directory account (LDAP_CONFIG; docs/auth.md). */
const ldapRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ldap = app.ctx.config.ldap;
  app.post(
    '/auth/ldap',
    {
      config: { auth: 'none', limitGroup: 'login' },
      schema: {
        operationId: 'signInWithLdap',
        tags: ['auth'],
        summary: 'Sign in with a directory (LDAP / Active Directory) account (answers like login)',
        description:
          'Binds to the directory as the user (directly, or after a search with the service account), then signs in like the other providers: linked account, same e-mail, or the company of LDAP_CONFIG companyId / the proven domain claim. Groups and role follow the directory. Wrong name or password: 401 (one message); 503 when LDAP is not configured or the directory cannot be reached. See docs/auth.md.',
        headers: CookieModeHeaders,
        body: LdapBody,
        response: { 200: LoginResponse, ...errorResponses(400, 401, 403, 503) },
      },
    },
    async (request, reply) => {
      if (!ldap) throw serviceUnavailable('LDAP sign-in is not configured on this server');
      const { username, password } = request.body;
      const data = await throttled(
        app.throttle,
        loginKeys(request.ip, `ldap:${username.trim()}`),
        async () => {
          const user = await authenticate(ldap, username, password);
          return signInWithIdentity(
            app.ctx.db,
            { ...authSettingsOf(app.ctx), domains: app.ctx.config.domains },
            user.identity,
            {
              companyId: ldap.companyId,
              externalGroups: user.groups,
              mapping: ldap.mapping,
              dn: user.dn,
              revocations: app.ctx.authCache,
            },
          );
        },
      );
      return {
        success: true as const,
        data: deliverRefreshToken(request, reply, data, app.ctx.config.refreshTokenTtlDays),
      };
    },
  );
};

export default ldapRoutes;
