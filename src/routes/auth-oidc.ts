import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { jwtVerify, SignJWT } from 'jose';
import { errorResponses } from '../../schemas/common.ts';
import { AppError, notFound, validationError } from '../lib/errors.ts';
import { OidcProvider, type OidcFlow } from '../auth/oidc/client.ts';
import { signInWithIdentity } from '../auth/sso.service.ts';
import { loginKeys, throttled } from '../auth/throttle.ts';
import { setRefreshCookie } from '../auth/refresh-cookie.ts';
import { authSettingsOf } from './auth.ts';

/** The flow cookie: a signed JWT (HS256, the app's JWT secret) holding state, nonce and verifier. */
const FLOW_COOKIE = 'cograg_oidc';
const FLOW_AUDIENCE = 'cograg:oidc-flow';
/** How long a sign-in at the provider may take, seconds. */
const FLOW_TTL_S = 600;

const Params = Type.Object({ provider: Type.String({ pattern: '^[a-z0-9-]{1,40}$', maxLength: 40 }) });
const redirectResponses = { 302: Type.Null({ description: 'To the provider or the console' }) };

/**
 * The OpenID Connect browser flow for each provider of OIDC_PROVIDERS (docs/auth.md "OpenID
 * Connect"): `start` sends the browser to the provider, `callback` opens a session (the refresh
 * token as the console's cookie) and sends it back to the console, `logout` ends the session at
 * the provider when it supports RP-initiated logout. Errors of the callback come back to the
 * console as `/app/#signin_error=<message>` (a browser navigation cannot show a JSON envelope).
 */
const oidcRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const providers = new Map(app.ctx.config.oidcProviders.map((p) => [p.id, new OidcProvider(p)]));
  const providerOf = (id: string) => {
    const p = providers.get(id);
    if (!p) throw notFound('Sign-in provider');
    return p;
  };
  const origin = (request: FastifyRequest) =>
    app.ctx.config.publicUrl ?? `${request.protocol}://${request.host}`;
  const cookieOptions = (request: FastifyRequest) => ({
    httpOnly: true,
    // Lax: the cookie must come back with the provider's top-level GET redirect to the callback.
    sameSite: 'lax' as const,
    path: '/api/auth/oidc',
    secure: request.protocol === 'https',
  });

  app.get(
    '/auth/oidc/:provider/start',
    {
      config: { auth: 'none', limitGroup: 'login' },
      schema: {
        operationId: 'startOidcSignIn',
        tags: ['auth'],
        summary: 'Start signing in with an OpenID Connect provider (a browser redirect)',
        description:
          'Redirects to the provider’s authorization endpoint (code flow, PKCE S256, state, nonce) and sets a short-lived flow cookie. `returnTo`: a console path (`/app/…`) to land on after sign-in. See docs/auth.md.',
        params: Params,
        querystring: Type.Object({
          returnTo: Type.Optional(Type.String({ maxLength: 500, pattern: '^/app(/[^\\\\]*)?$' })),
        }),
        response: { ...redirectResponses, ...errorResponses(400, 404, 503) },
      },
    },
    async (request, reply) => {
      const provider = providerOf(request.params.provider);
      const returnTo = request.query.returnTo ?? '/app/';
      if (!/^\/app(\/[^\\]*)?$/.test(returnTo) || returnTo.startsWith('//'))
        throw validationError('returnTo must be a console path', [
          { field: 'returnTo', reason: 'is not /app/…' },
        ]);
      const redirectUri = `${origin(request)}/api/auth/oidc/${provider.settings.id}/callback`;
      const { url, flow } = await provider.start(redirectUri);
      const cookie = await new SignJWT({ ...flow, provider: provider.settings.id, returnTo })
        .setProtectedHeader({ alg: 'HS256' })
        .setAudience(FLOW_AUDIENCE)
        .setExpirationTime(`${FLOW_TTL_S}s`)
        .sign(app.ctx.jwtSecret);
      void reply.setCookie(FLOW_COOKIE, cookie, { ...cookieOptions(request), maxAge: FLOW_TTL_S });
      return reply.redirect(url.href, 302);
    },
  );

  app.get(
    '/auth/oidc/:provider/callback',
    {
      config: { auth: 'none', limitGroup: 'login' },
      schema: {
        operationId: 'finishOidcSignIn',
        tags: ['auth'],
        summary: 'The OpenID Connect redirect URI: opens a session and returns to the console',
        description:
          'Register `<PUBLIC_URL>/api/auth/oidc/<id>/callback` at the provider. Checks state (flow cookie), exchanges the code with the PKCE verifier, verifies the ID token (issuer, audience, signature, expiry with clock tolerance, nonce), signs the user in (groups follow the directory) and redirects to the console with the refresh cookie set; on any refusal redirects to `/app/#signin_error=…`.',
        params: Params,
        querystring: Type.Object({}, { additionalProperties: true }),
        response: { ...redirectResponses, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const provider = providerOf(request.params.provider);
      void reply.clearCookie(FLOW_COOKIE, cookieOptions(request));
      try {
        const flow = await flowOf(request, provider.settings.id);
        const callbackUrl = new URL(request.url, flow.redirectUri);
        const { settings } = provider;
        const data = await throttled(app.throttle, loginKeys(request.ip), async () => {
          const result = await provider.finish(callbackUrl, flow);
          return signInWithIdentity(
            app.ctx.db,
            { ...authSettingsOf(app.ctx), domains: app.ctx.config.domains },
            result.identity,
            {
              companyId: settings.companyId,
              externalGroups: result.externalGroups,
              mapping: settings.mapping,
              dn: null,
              revocations: app.ctx.authCache,
            },
          );
        });
        setRefreshCookie(request, reply, data.refreshToken, app.ctx.config.refreshTokenTtlDays);
        return reply.redirect(flow.returnTo, 302);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        request.log.info(
          { provider: provider.settings.id, reason: err.message },
          'OpenID Connect sign-in refused',
        );
        return reply.redirect(`/app/#signin_error=${encodeURIComponent(err.message)}`, 302);
      }
    },
  );

  app.get(
    '/auth/oidc/:provider/logout',
    {
      config: { auth: 'none' },
      schema: {
        operationId: 'oidcLogout',
        tags: ['auth'],
        summary: 'End the session at the OpenID Connect provider too (a browser redirect)',
        description:
          'After `POST /api/auth/logout`, the console sends the browser here: a redirect to the provider’s end_session_endpoint (RP-Initiated Logout 1.0, with client_id and post_logout_redirect_uri `<PUBLIC_URL>/app/`; register it at the provider), or straight to `/app/` when the provider has none.',
        params: Params,
        response: { ...redirectResponses, ...errorResponses(404, 503) },
      },
    },
    async (request, reply) => {
      const provider = providerOf(request.params.provider);
      const end = await provider.endSessionUrl(`${origin(request)}/app/`);
      return reply.redirect(end?.href ?? '/app/', 302);
    },
  );

  async function flowOf(
    request: FastifyRequest,
    providerId: string,
  ): Promise<OidcFlow & { returnTo: string }> {
    const cookie = request.cookies[FLOW_COOKIE];
    const lost = new AppError(
      401,
      'UNAUTHORIZED',
      'The sign-in took too long or was started in another browser; try again',
    );
    if (!cookie) throw lost;
    try {
      const { payload } = await jwtVerify(cookie, app.ctx.jwtSecret, {
        audience: FLOW_AUDIENCE,
        algorithms: ['HS256'],
      });
      if (payload.provider !== providerId) throw lost;
      return payload as unknown as OidcFlow & { returnTo: string };
    } catch {
      throw lost;
    }
  }
};

export default oidcRoutes;
