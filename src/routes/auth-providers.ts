import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, errorResponses, Text } from '../../schemas/common.ts';

const ProvidersResponse = Envelope(
  Type.Object(
    {
      password: Type.Boolean({ description: 'E-mail and password sign-in (always on)' }),
      google: Type.Union(
        [
          Type.Object(
            { clientId: Text(512, { description: 'The first GOOGLE_CLIENT_ID, for the browser flow' }) },
            { additionalProperties: false },
          ),
          Type.Null(),
        ],
        { description: 'null: Google sign-in is not configured' },
      ),
      microsoft: Type.Union(
        [
          Type.Object(
            {
              clientId: Type.Union([Text(512), Type.Null()], {
                description:
                  'MICROSOFT_CLIENT_ID for the browser flow; null: the API accepts tokens but the console shows no button',
              }),
            },
            { additionalProperties: false },
          ),
          Type.Null(),
        ],
        { description: 'null: Microsoft sign-in is not configured' },
      ),
      oidc: Type.Array(
        Type.Object(
          {
            id: Text(40, { description: 'The provider id of OIDC_PROVIDERS' }),
            name: Text(200, { description: 'The button label' }),
            startUrl: Text(200, {
              description: 'Where the browser goes to sign in: /api/auth/oidc/<id>/start',
            }),
          },
          { additionalProperties: false },
        ),
        {
          maxItems: 100,
          description: 'OpenID Connect providers (OIDC_PROVIDERS), one button each; empty: none',
        },
      ),
      ldap: Type.Boolean({
        description: 'LDAP / Active Directory sign-in at POST /api/auth/ldap (LDAP_CONFIG is set)',
      }),
    },
    { additionalProperties: false },
  ),
);

/** Which sign-in buttons a client should show; nothing secret (client ids are public). */
const authProviderRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/auth/providers',
    {
      config: { auth: 'none' },
      schema: {
        operationId: 'getAuthProviders',
        description:
          'The sign-in methods this server accepts: password always, Google when GOOGLE_CLIENT_ID is set, Microsoft when MICROSOFT_ALLOWED_TENANTS is set, one entry per OpenID Connect provider of OIDC_PROVIDERS. Client ids are public values.',
        tags: ['auth'],
        summary: 'Which sign-in providers are configured',
        response: { 200: ProvidersResponse, ...errorResponses() },
      },
    },
    async () => {
      const { google, microsoft } = app.ctx.config;
      return {
        success: true as const,
        data: {
          password: true,
          google: google.clientIds[0] ? { clientId: google.clientIds[0] } : null,
          microsoft: microsoft.allowedTenants.length > 0 ? { clientId: microsoft.clientId } : null,
          oidc: app.ctx.config.oidcProviders.map((p) => ({
            id: p.id,
            name: p.name,
            startUrl: `/api/auth/oidc/${p.id}/start`,
          })),
          ldap: app.ctx.config.ldap !== null,
        },
      };
    },
  );
};

export default authProviderRoutes;
