import t from 'tap';
import type { AddressInfo } from 'node:net';
import { buildTestApp, signUp } from '../helpers/app.ts';
import { CookieJar, startIdp } from '../helpers/oidc-provider.ts';
import { eventsDuring } from './helpers.ts';

const CLIENT = { clientId: 'cograg', clientSecret: 'a-long-enough-client-secret-for-hs256' };

/**
 * An OpenID Connect sign-in answers with redirects, not a login body: its audit event still names
 * the user (from the refresh cookie it sets) or the refusal (from the redirect), one per sign-in.
 */
t.test('OpenID Connect sign-ins are audited, success and refusal', async (t) => {
  const idp = await startIdp(t);
  const providers = [{ id: 'kc', name: 'Keycloak', issuer: idp.issuer, ...CLIENT, domains: ['acme.test'] }];
  const { app, ctx } = await buildTestApp(t, { env: { OIDC_PROVIDERS: JSON.stringify(providers) } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const appUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  idp.register({
    ...CLIENT,
    redirectUri: `${appUrl}/api/auth/oidc/kc/callback`,
    postLogoutUri: `${appUrl}/app/`,
  });
  const admin = await signUp(app, 'boss@acme.test');
  const companyId = admin.user.companyId;
  await ctx.db
    .insertInto('company_domains')
    .values({
      domain: 'acme.test',
      company_id: companyId,
      proof: 'operator',
      microsoft_tenant_id: null,
      claimed_by: null,
    })
    .execute();
  idp.accounts.set('alice', { email: 'alice@acme.test', name: 'Alice', groups: [] });
  idp.accounts.set('eve', { email: 'eve@elsewhere.test', name: 'Eve', groups: [] });
  const signIn = async (login: string) => {
    const jar = new CookieJar();
    const { url } = await jar.follow(`${appUrl}/api/auth/oidc/kc/start`, {
      stop: (u) => u.pathname === '/auth',
    });
    return (await jar.follow(url.href, { form: { login }, stop: (u) => u.pathname.startsWith('/app') })).url;
  };

  let landed!: URL;
  const ok = await eventsDuring(app, companyId, async () => (landed = await signIn('alice')));
  t.notOk(landed.hash.includes('signin_error'), 'alice signed in');
  const alice = await ctx.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'alice@acme.test')
    .executeTakeFirstOrThrow();
  t.equal(ok.length, 1, 'one event');
  t.match(ok[0], {
    action: 'auth.login',
    outcome: 'success',
    actor: { type: 'user', id: alice.id },
    target: { type: 'user', id: alice.id },
    details: { method: 'oidc', provider: 'kc' },
    ip: '127.0.0.1',
  });

  const refused = await eventsDuring(app, null, async () => (landed = await signIn('eve')));
  t.match(landed.hash, /signin_error=/, 'eve is refused (no company owns her domain)');
  t.equal(refused.length, 1, 'one event, in the company-less chain');
  t.match(refused[0], {
    action: 'auth.login',
    outcome: 'denied',
    actor: { type: 'anonymous' },
    details: { method: 'oidc', reason: /./ },
  });
});
