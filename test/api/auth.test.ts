import t from 'tap';
import { decodeJwt } from 'jose';
import { buildTestApp, signUp } from '../helpers/app.ts';
import { sha256Hex } from '../../src/auth/tokens.ts';

t.test('login, me, refresh rotation, reuse detection, logout', async (t) => {
  const { app } = await buildTestApp(t);
  const { email, password, user } = await signUp(app);

  const bad = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: 'wrong password' },
  });
  t.equal(bad.statusCode, 401);
  t.same(bad.json(), {
    success: false,
    error: { code: 'UNAUTHORIZED', message: 'Invalid e-mail or password' },
  });

  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: email.toUpperCase(), password },
  });
  t.equal(res.statusCode, 200);
  const body = res.json();
  t.equal(body.success, true);
  t.equal(body.data.expiresIn, 3600);
  t.match(body.data.user, { id: user.id, email, role: 'COMPANY_ADMIN', companyId: /^comp_/ });
  t.match(body.data.user.id, /^usr_/);
  const claims = decodeJwt(body.data.accessToken);
  t.equal(claims.sub, user.id);
  t.equal(claims.email, email);
  t.equal(claims.role, 'COMPANY_ADMIN');
  t.equal(claims.companyId, user.companyId);
  t.equal((claims.exp as number) - (claims.iat as number), 3600);

  const headers = { authorization: `Bearer ${body.data.accessToken}` };
  const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers });
  t.equal(me.statusCode, 200);
  t.equal(me.json().data.user.id, user.id);
  t.equal(me.headers['x-api-version'], '3.5.0');

  const refreshed = await app.inject({
    method: 'POST',
    url: '/api/auth/refresh',
    payload: { refreshToken: body.data.refreshToken },
  });
  t.equal(refreshed.statusCode, 200);
  t.not(refreshed.json().data.refreshToken, body.data.refreshToken);

  // Reusing the rotated token once its grace window is over (AUTH_REFRESH_REUSE_GRACE_SECONDS:
  // within it, the same pair comes back, test/api/refresh-grace.test.ts) revokes the whole
  // session, including the new tokens. The rotation is moved a minute back rather than waited for.
  await app.ctx.db
    .updateTable('refresh_tokens')
    .set({ revoked_at: new Date(Date.now() - 60_000) })
    .where('token_hash', '=', sha256Hex(body.data.refreshToken))
    .execute();
  const reuse = await app.inject({
    method: 'POST',
    url: '/api/auth/refresh',
    payload: { refreshToken: body.data.refreshToken },
  });
  t.equal(reuse.statusCode, 401);
  const afterReuse = await app.inject({
    method: 'POST',
    url: '/api/auth/refresh',
    payload: { refreshToken: refreshed.json().data.refreshToken },
  });
  t.equal(afterReuse.statusCode, 401);
  t.equal((await app.inject({ method: 'GET', url: '/api/auth/me', headers })).statusCode, 401);

  // A fresh session ends with logout.
  const second = (
    await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } })
  ).json();
  const h2 = { authorization: `Bearer ${second.data.accessToken}` };
  t.equal((await app.inject({ method: 'POST', url: '/api/auth/logout', headers: h2 })).statusCode, 200);
  t.equal((await app.inject({ method: 'GET', url: '/api/auth/me', headers: h2 })).statusCode, 401);
});

t.test('tokens that must be refused', async (t) => {
  const { app } = await buildTestApp(t);
  for (const authorization of [
    undefined,
    'Bearer',
    'Bearer nope',
    'Basic abc',
    'Bearer eyJhbGciOiJub25lIn0.e30.',
  ]) {
    const res = await app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: authorization ? { authorization } : {},
    });
    t.equal(res.statusCode, 401, String(authorization));
    t.equal(res.json().error.code, 'UNAUTHORIZED');
  }
});

t.test('register creates a company and its admin, and refuses a taken e-mail', async (t) => {
  const { app } = await buildTestApp(t, { env: { REGISTRATION_ENABLED: 'true' } });
  const payload = { email: 'new@example.com', password: 'long enough pw', name: 'New', companyName: 'Acme' };
  // Unknown fields are refused, as on every other body (`additionalProperties: false`).
  const extra = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { ...payload, role: 'SUPER_ADMIN' },
  });
  t.equal(extra.statusCode, 400, 'an unknown field');
  t.equal(extra.json().error.code, 'VALIDATION_ERROR');
  const res = await app.inject({ method: 'POST', url: '/api/auth/register', payload });
  t.equal(res.statusCode, 201);
  t.equal(res.json().data.user.role, 'COMPANY_ADMIN');
  const again = await app.inject({ method: 'POST', url: '/api/auth/register', payload });
  t.equal(again.statusCode, 409);
  t.equal(again.json().error.code, 'CONFLICT');
});
