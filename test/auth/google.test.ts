import t from 'tap';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import { buildTestApp, signUp } from '../helpers/app.ts';

const CLIENT_ID = 'cograg-test.apps.googleusercontent.com';

/** A local JWKS endpoint in Google's wire format (`{ keys: [JWK…] }`) with our own RSA keys. */
async function jwksServer(t: { teardown(fn: () => unknown): void }) {
  let keys: JWK[] = [];
  let fetches = 0;
  const server = createServer((_req, res) => {
    fetches++;
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => new Promise((resolve) => server.close(resolve)));
  const newKey = async (kid: string) => {
    const pair = await generateKeyPair('RS256', { extractable: true });
    keys = [...keys, { ...(await exportJWK(pair.publicKey)), kid, alg: 'RS256', use: 'sig' }];
    return { kid, privateKey: pair.privateKey };
  };
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/oauth2/v3/certs`,
    newKey,
    fetches: () => fetches,
  };
}

type Key = { kid: string; privateKey: Awaited<ReturnType<typeof generateKeyPair>>['privateKey'] };

function idToken(key: Key, claims: Record<string, unknown>, exp = '1h') {
  return new SignJWT({ email_verified: true, name: 'Gina', ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: key.kid })
    .setIssuer((claims.iss as string) ?? 'https://accounts.google.com')
    .setAudience((claims.aud as string) ?? CLIENT_ID)
    .setSubject((claims.sub as string) ?? '1234567890')
    .setIssuedAt()
    .setExpirationTime(exp)
    .sign(key.privateKey);
}

for (const postgres of [false, true])
  t.test(`Google sign-in against a local JWKS (${postgres ? 'PostgreSQL' : 'PGlite'})`, async (t) => {
    const jwks = await jwksServer(t);
    const { app } = await buildTestApp(t, {
      postgres,
      env: { GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_JWKS_URL: jwks.url, GOOGLE_JWKS_COOLDOWN_SECONDS: '0' },
    });
    const admin = await signUp(app, 'boss@acme.test');
    const key1 = await jwks.newKey('k1');
    const google = (token: string) =>
      app.inject({ method: 'POST', url: '/api/auth/google', payload: { idToken: token } });

    const stranger = await google(await idToken(key1, { email: 'x@nowhere.test' }));
    t.equal(stranger.statusCode, 403, 'no user, no claimed domain');
    t.match(stranger.json().error.message, /invitation/);

    const claimAcme = () =>
      app.inject({
        method: 'PUT',
        url: `/api/companies/${admin.user.companyId}`,
        headers: admin.headers,
        payload: { settings: { ssoDomains: ['ACME.test'] } },
      });
    t.equal((await claimAcme()).statusCode, 403, 'no claim without proof');
    // The admin's own Workspace account (hd = the domain) is the proof.
    const linked = await google(
      await idToken(key1, { email: 'boss@acme.test', sub: 'g-boss', hd: 'acme.test' }),
    );
    t.equal(linked.statusCode, 200);
    t.match(linked.json().data.user, { id: admin.user.id, role: 'COMPANY_ADMIN' }, 'existing user linked');
    const claim = await claimAcme();
    t.equal(claim.statusCode, 200);
    t.same(claim.json().data.settings.ssoDomains, ['acme.test']);

    const personal = await google(await idToken(key1, { email: 'pat@acme.test', sub: 'g-pat' }));
    t.equal(personal.statusCode, 403, 'a personal Google account with the address (no hd) does not join');
    const good = await google(await idToken(key1, { email: 'gina@acme.test', sub: 'g-1', hd: 'acme.test' }));
    t.equal(good.statusCode, 200);
    t.match(good.json().data, {
      expiresIn: 3600,
      refreshToken: /^rt_/,
      user: { email: 'gina@acme.test', role: 'COMPANY_READER', companyId: admin.user.companyId },
    });
    const again = await google(await idToken(key1, { email: 'gina@acme.test', sub: 'g-1' }));
    t.equal(again.json().data.user.id, good.json().data.user.id, 'the same account next time');

    const refused: [string, Promise<string>, number][] = [
      ['wrong aud', idToken(key1, { email: 'gina@acme.test', aud: 'someone-else' }), 401],
      ['wrong iss', idToken(key1, { email: 'gina@acme.test', iss: 'https://evil.test' }), 401],
      ['expired', idToken(key1, { email: 'gina@acme.test' }, '-1m'), 401],
      ['email_verified false', idToken(key1, { email: 'gina@acme.test', email_verified: false }), 403],
    ];
    for (const [name, token, status] of refused) {
      const res = await google(await token);
      t.equal(res.statusCode, status, name);
    }
    const [h, p] = (await idToken(key1, { email: 'gina@acme.test', sub: 'g-1' })).split('.');
    const header = JSON.parse(Buffer.from(h!, 'base64url').toString());
    const none = `${Buffer.from(JSON.stringify({ ...header, alg: 'none' })).toString('base64url')}.${p}.`;
    t.equal((await google(none)).statusCode, 401, 'alg none');

    const fetchesBefore = jwks.fetches();
    const key2 = await jwks.newKey('k2');
    const rotated = await google(await idToken(key2, { email: 'gina@acme.test', sub: 'g-1' }));
    t.equal(rotated.statusCode, 200, 'a new kid makes the keys refetched');
    t.ok(jwks.fetches() > fetchesBefore);
    const forged = await generateKeyPair('RS256');
    const unknown = await google(
      await idToken({ kid: 'k9', privateKey: forged.privateKey }, { email: 'gina@acme.test' }),
    );
    t.equal(unknown.statusCode, 401, 'a kid the JWKS does not have');
  });

t.test('Google: hosted domain, and 503 when not configured', async (t) => {
  const jwks = await jwksServer(t);
  const key = await jwks.newKey('k1');
  const { app } = await buildTestApp(t, {
    env: { GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_JWKS_URL: jwks.url, GOOGLE_HOSTED_DOMAINS: 'acme.test' },
  });
  await signUp(app, 'hd@acme.test');
  const post = (claims: Record<string, unknown>) =>
    idToken(key, claims).then((token) =>
      app.inject({ method: 'POST', url: '/api/auth/google', payload: { idToken: token } }),
    );
  t.equal((await post({ email: 'hd@acme.test', sub: 'x' })).statusCode, 403, 'no hd claim');
  t.equal((await post({ email: 'hd@acme.test', sub: 'x', hd: 'acme.test' })).statusCode, 200);

  const bare = await buildTestApp(t);
  const res = await bare.app.inject({ method: 'POST', url: '/api/auth/google', payload: { idToken: 'x' } });
  t.equal(res.statusCode, 503);
  t.equal(res.json().error.code, 'SERVICE_UNAVAILABLE');
});
