import t from 'tap';
import { decodeJwt, SignJWT } from 'jose';
import { ConfigError, loadConfig } from '../../src/config/index.ts';
import { buildTestApp, signUp } from '../helpers/app.ts';

t.test('JWT_SECRET shorter than 32 bytes stops the start', async (t) => {
  t.throws(() => loadConfig({ JWT_SECRET: 'x'.repeat(31) }), ConfigError);
  t.throws(() => loadConfig({ JWT_SECRET: 'é'.repeat(15) }), ConfigError, '30 bytes in UTF-8');
  t.equal(loadConfig({ JWT_SECRET: 'x'.repeat(32) }).jwtSecret, 'x'.repeat(32));
  t.equal(loadConfig({}).jwtSecret, null, 'unset: generated at start');
});

t.test('access tokens carry iss and aud, and both are checked', async (t) => {
  const { app, ctx } = await buildTestApp(t);
  const admin = await signUp(app);
  const claims = decodeJwt(admin.token);
  t.equal(claims.iss, 'cog-rag');
  t.equal(claims.aud, 'cog-rag-api');
  const forge = (iss: string | undefined, aud: string | undefined) => {
    let jwt = new SignJWT({ ...claims, iss: undefined, aud: undefined })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt()
      .setExpirationTime('1h');
    if (iss) jwt = jwt.setIssuer(iss);
    if (aud) jwt = jwt.setAudience(aud);
    return jwt.sign(ctx.jwtSecret);
  };
  const me = async (token: string) =>
    (await app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } }))
      .statusCode;
  t.equal(await me(await forge('cog-rag', 'cog-rag-api')), 200, 'same secret, right iss and aud');
  t.equal(await me(await forge('cog-rag', 'another-service')), 401, 'wrong aud');
  t.equal(await me(await forge('someone-else', 'cog-rag-api')), 401, 'wrong iss');
  t.equal(await me(await forge(undefined, undefined)), 401, 'neither');
});

t.test('the role comes from the session, not from the claims', async (t) => {
  const { app, ctx } = await buildTestApp(t);
  const admin = await signUp(app);
  await ctx.db.updateTable('users').set({ role: 'COMPANY_READER' }).where('id', '=', admin.user.id).execute();
  const res = await app.inject({ method: 'GET', url: '/api/users', headers: admin.headers });
  t.equal(res.statusCode, 403, 'the token still says COMPANY_ADMIN; the database decides');
  t.equal(res.json().error.currentRole, 'COMPANY_READER');
});
