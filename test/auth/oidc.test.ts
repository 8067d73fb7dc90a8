import t from 'tap';
import type { AddressInfo } from 'node:net';
import { buildTestApp, signUp } from '../helpers/app.ts';
import { CookieJar, signIdToken, startIdp, type TestIdp } from '../helpers/oidc-provider.ts';

const CLIENT = { clientId: 'cograg', clientSecret: 'a-long-enough-client-secret-for-hs256' };

/**
 * OpenID Connect sign-in against a real provider (oidc-provider) on 127.0.0.1: the browser's
 * redirects are followed with cookies, the code is exchanged for real, and the directory's groups
 * decide topic access at each sign-in.
 */
t.test('OpenID Connect sign-in through oidc-provider', async (t) => {
  const idp = await startIdp(t);
  const other = await startIdp(t); // another issuer, for forged tokens
  const providers = [
    {
      id: 'kc',
      name: 'Keycloak',
      issuer: idp.issuer,
      ...CLIENT,
      scopes: 'openid email profile groups',
      groupsClaim: 'groups',
      groupsByName: true,
      groups: { '/staff/all': 'Everyone' },
      roles: { '/cograg-editors': 'COMPANY_EDITOR' },
      domains: ['acme.test'],
    },
  ];
  const { app, ctx } = await buildTestApp(t, {
    env: { OIDC_PROVIDERS: JSON.stringify(providers), LIST_CACHE_SIZE: '0', AUTH_CACHE_SIZE: '0' },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const appUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  idp.register({
    ...CLIENT,
    redirectUri: `${appUrl}/api/auth/oidc/kc/callback`,
    postLogoutUri: `${appUrl}/app/`,
  });
  other.register({
    ...CLIENT,
    redirectUri: `${appUrl}/api/auth/oidc/kc/callback`,
    postLogoutUri: `${appUrl}/app/`,
  });

  // A company that proved acme.test (the operator's mapping), two restricted topics, two groups.
  const admin = await signUp(app, 'boss@acme.test');
  await ctx.db
    .insertInto('company_domains')
    .values({
      domain: 'acme.test',
      company_id: admin.user.companyId,
      proof: 'operator',
      microsoft_tenant_id: null,
      claimed_by: null,
    })
    .execute();
  const post = (url: string, payload: object) =>
    app.inject({ method: 'POST', url, headers: admin.headers, payload }).then((r) => r.json().data);
  const engineering = await post('/api/groups', { name: 'Engineering' });
  const finance = await post('/api/groups', { name: 'Finance' });
  const support = await post('/api/groups', { name: 'Support' });
  const topic = async (name: string, groupId: string) => {
    const created = await post('/api/topics', { name });
    await app.inject({
      method: 'PUT',
      url: `/api/topics/${created.id}/access`,
      headers: admin.headers,
      payload: { allMembers: 'none', groups: [{ groupId, access: 'read' }] },
    });
  };
  await topic('Roadmap', engineering.id);
  await topic('Budget', finance.id);

  const providersRes = await app.inject({ url: '/api/auth/providers' });
  t.same(providersRes.json().data.oidc, [
    { id: 'kc', name: 'Keycloak', startUrl: '/api/auth/oidc/kc/start' },
  ]);

  idp.accounts.set('alice', { email: 'Alice@acme.test', name: 'Alice Martin', groups: ['/engineering'] });

  /** Signs in through the whole flow; the console's landing URL, and a session when it worked. */
  const signIn = async (login: string, jar = new CookieJar(), tamper?: (authorize: URL) => URL) => {
    let { url } = await jar.follow(`${appUrl}/api/auth/oidc/kc/start`, {
      stop: (u) => u.pathname === '/auth',
    });
    t.equal(url.origin, idp.issuer, 'sent to the provider');
    t.equal(url.searchParams.get('code_challenge_method'), 'S256', 'PKCE');
    if (tamper) url = tamper(url);
    ({ url } = await jar.follow(url.href, { form: { login }, stop: (u) => u.pathname.startsWith('/app') }));
    const error = new URLSearchParams(url.hash.slice(1)).get('signin_error');
    if (error) return { url, error, token: null };
    const refresh = await fetch(`${appUrl}/api/auth/refresh`, {
      method: 'POST',
      headers: {
        'x-refresh-cookie': '1',
        cookie: jar.header(new URL(appUrl)),
        'content-type': 'application/json',
      },
      body: '{}',
    });
    t.equal(refresh.status, 200, 'the console turns the refresh cookie into an access token');
    const token = ((await refresh.json()) as { data: { accessToken: string } }).data.accessToken;
    return { url, error: null, token };
  };
  const asUser = async (token: string) => {
    const headers = { authorization: `Bearer ${token}` };
    const me = (await app.inject({ url: '/api/auth/me', headers })).json().data;
    const topics = (await app.inject({ url: '/api/topics', headers })).json().data.items as {
      name: string;
    }[];
    return { me, topics: topics.map((x) => x.name).sort() };
  };

  const first = await signIn('alice');
  t.equal(first.error, null, 'signed in');
  t.equal(first.url.pathname, '/app/', 'back in the console');
  let seen = await asUser(first.token!);
  t.equal(seen.me.user.email, 'alice@acme.test', 'a new user of the company that proved the domain');
  t.equal(seen.me.user.role, 'COMPANY_READER');
  t.same(seen.topics, ['Roadmap'], 'the directory group Engineering grants Roadmap');
  const everyone = (await app.inject({ url: '/api/groups', headers: admin.headers }))
    .json()
    .data.items.find((g: { name: string }) => g.name === 'Everyone');
  t.equal(everyone, undefined, 'an explicitly mapped group is created only when someone is in it');

  // An admin adds Alice to Support by hand: the directory sync never removes that.
  const alice = await ctx.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'alice@acme.test')
    .executeTakeFirstOrThrow();
  await app.inject({
    method: 'PUT',
    url: `/api/groups/${support.id}`,
    headers: admin.headers,
    payload: { memberIds: [alice.id] },
  });

  // The directory moves Alice from Engineering to Finance and makes her an editor.
  idp.accounts.get('alice')!.groups = ['/finance', '/cograg-editors', '/staff/all'];
  const oldToken = first.token!;
  const second = await signIn('alice');
  seen = await asUser(second.token!);
  t.same(seen.topics, ['Budget'], 'topic access moved with the directory group');
  t.equal(seen.me.user.role, 'COMPANY_EDITOR', 'the role from a mapped group');
  t.same((await asUser(oldToken)).topics, ['Budget'], 'the earlier session follows at once too');
  const groupsOf = async () =>
    (await ctx.db
      .selectFrom('group_members')
      .innerJoin('groups', 'groups.id', 'group_members.group_id')
      .select(['groups.name', 'group_members.source'])
      .where('user_id', '=', alice.id)
      .orderBy('groups.name')
      .execute()) as { name: string; source: string | null }[];
  t.same(await groupsOf(), [
    { name: 'Everyone', source: 'oidc:kc' },
    { name: 'Finance', source: 'oidc:kc' },
    { name: 'Support', source: null },
  ]);

  idp.accounts.get('alice')!.groups = [];
  seen = await asUser((await signIn('alice')).token!);
  t.same(seen.topics, [], 'out of every directory group: no restricted topic');
  t.equal(seen.me.user.role, 'COMPANY_READER', 'the editors group gone, the default role');
  t.same(await groupsOf(), [{ name: 'Support', source: null }], 'the hand-made membership stays');

  t.test('refused: a wrong nonce at the provider', async (t) => {
    const res = await signIn('alice', new CookieJar(), (u) => {
      u.searchParams.set('nonce', 'a-nonce-of-another-flow');
      return u;
    });
    t.match(res.error, /nonce/, res.error ?? '');
  });

  t.test('refused: no flow cookie (state cannot be checked)', async (t) => {
    const jar = new CookieJar();
    const { url } = await jar.follow(`${appUrl}/api/auth/oidc/kc/start`, {
      stop: (u) => u.pathname === '/auth',
    });
    const { url: back } = await new CookieJar().follow(url.href, {
      form: { login: 'alice' },
      stop: (u) => u.pathname.startsWith('/app'),
    });
    t.match(decodeURIComponent(back.hash), /try again/);
  });

  /** A sign-in whose token response is forged: `claims` tweak a valid ID token. */
  const forged = async (
    claims: (nonce: string) => Record<string, unknown>,
    key = idp.signingKey(),
    expiresIn = 300,
  ) => {
    let nonce = '';
    const jar = new CookieJar();
    idp.tokenOverride = async () => ({
      access_token: 'opaque',
      token_type: 'Bearer',
      expires_in: 300,
      id_token: await signIdToken(
        key,
        {
          iss: idp.issuer,
          aud: CLIENT.clientId,
          sub: 'alice',
          nonce,
          email: 'alice@acme.test',
          email_verified: true,
          groups: ['/engineering'],
          ...claims(nonce),
        } as never,
        Math.floor(Date.now() / 1000) + expiresIn,
      ),
    });
    try {
      return await signIn('alice', jar, (u) => {
        nonce = u.searchParams.get('nonce')!;
        return u;
      });
    } finally {
      idp.tokenOverride = null;
    }
  };

  t.test('forged token responses', async (t) => {
    const control = await forged(() => ({}));
    t.equal(control.error, null, 'control: a well-formed token of the provider is accepted');
    const skewed = await forged(() => ({}), idp.signingKey(), -10);
    t.equal(skewed.error, null, 'expired 10 s ago: within the 30 s clock tolerance');
    const expired = await forged(() => ({}), idp.signingKey(), -3600);
    t.match(expired.error, /exp/, `expired an hour ago: ${expired.error}`);
    const wrongNonce = await forged(() => ({ nonce: 'not-the-flow-nonce' }));
    t.match(wrongNonce.error, /nonce/, `wrong nonce: ${wrongNonce.error}`);
    const otherIssuer = await forged(() => ({ iss: other.issuer }), other.signingKey());
    t.match(otherIssuer.error, /iss|key/, `another issuer's token: ${otherIssuer.error}`);
    const otherIss = await forged(() => ({ iss: other.issuer }));
    t.match(otherIss.error, /iss/, `the provider's key but another issuer: ${otherIss.error}`);
    const otherKey = await forged(() => ({}), other.signingKey());
    t.ok(otherKey.error, `this issuer, another issuer's key: ${otherKey.error}`);
    const audience = await forged(() => ({ aud: 'someone-else' }));
    t.match(audience.error, /aud/, `another audience: ${audience.error}`);
    const unverified = await forged(() => ({ email_verified: false }));
    t.match(unverified.error, /verified/, 'an unverified e-mail');
    const outside = await forged(() => ({ email: 'eve@elsewhere.test', sub: 'eve' }));
    t.match(outside.error, /domain/, 'an e-mail of a domain the provider may not vouch for');
  });

  t.test('key rotation at the provider', async (t) => {
    const before = idp.signingKey().kid;
    await idp.rotateKey();
    t.not(idp.signingKey().kid, before);
    const res = await signIn('alice');
    t.equal(res.error, null, 'the next sign-in verifies with the new key');
  });

  t.test('logout at the provider', async (t) => {
    const res = await fetch(`${appUrl}/api/auth/oidc/kc/logout`, { redirect: 'manual' });
    t.equal(res.status, 302);
    const to = new URL(res.headers.get('location')!);
    t.equal(`${to.origin}${to.pathname}`, `${idp.issuer}/session/end`, 'the end_session_endpoint');
    t.equal(to.searchParams.get('client_id'), CLIENT.clientId);
    t.equal(to.searchParams.get('post_logout_redirect_uri'), `${appUrl}/app/`);
    const unknown = await fetch(`${appUrl}/api/auth/oidc/nope/start`, { redirect: 'manual' });
    t.equal(unknown.status, 404);
    const open = await fetch(`${appUrl}/api/auth/oidc/kc/start?returnTo=https://evil.test/`, {
      redirect: 'manual',
    });
    t.equal(open.status, 400, 'returnTo is a console path only');
  });
});

t.test('a provider with its own company', async (t) => {
  const idp: TestIdp = await startIdp(t);
  const provider = { id: 'corp', issuer: idp.issuer, ...CLIENT, companyId: 'comp_placeholder' };
  const { app } = await buildTestApp(t, { env: { OIDC_PROVIDERS: JSON.stringify([provider]) } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const appUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  idp.register({
    ...CLIENT,
    redirectUri: `${appUrl}/api/auth/oidc/corp/callback`,
    postLogoutUri: `${appUrl}/app/`,
  });
  const admin = await signUp(app, 'admin@corp.test');
  const other = await signUp(app, 'someone@other.test');
  // The company id is known only now: the provider's settings object is the one the routes use.
  app.ctx.config.oidcProviders[0]!.companyId = admin.user.companyId;

  const landing = async (login: string) => {
    const { url } = await new CookieJar().follow(`${appUrl}/api/auth/oidc/corp/start`, {
      form: { login },
      stop: (u) => u.pathname.startsWith('/app'),
    });
    return new URLSearchParams(url.hash.slice(1)).get('signin_error');
  };
  idp.accounts.set('bob', { email: 'bob@anything.test', name: 'Bob', groups: [] });
  t.equal(await landing('bob'), null, 'any e-mail joins the provider’s company');
  const bob = await app.ctx.db
    .selectFrom('users')
    .selectAll()
    .where('email', '=', 'bob@anything.test')
    .executeTakeFirstOrThrow();
  t.equal(bob.company_id, admin.user.companyId);
  idp.accounts.set('mallory', { email: other.email, name: 'Mallory', groups: [] });
  t.match(await landing('mallory'), /cannot vouch/, 'another company’s user cannot be taken over');
});
