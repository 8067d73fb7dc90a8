import t from 'tap';
import { TtlLru } from '../../src/lib/ttl-lru.ts';
import { buildTestApp, signUp } from '../helpers/app.ts';
import { sha256Hex } from '../../src/auth/tokens.ts';
import { addUser } from '../helpers/users.ts';

t.test('TtlLru: size cap evicts the least recently used, entries expire after the TTL', async (t) => {
  const lru = new TtlLru<string, number>(2, 1000);
  lru.set('a', 1, 0);
  lru.set('b', 2, 0);
  t.equal(lru.get('a', 10), 1, 'a read makes a the most recent');
  lru.set('c', 3, 10);
  t.equal(lru.get('b', 10), undefined, 'b was the least recently used');
  t.equal(lru.get('a', 999), 1);
  t.equal(lru.get('a', 1000), undefined, 'served until the TTL, not after');
  t.equal(lru.size, 1);
  lru.deleteWhere((v) => v === 3);
  t.equal(lru.get('c', 10), undefined);
});

/** GET /api/auth/me with `headers`; the status code. */
const me = async (app: Awaited<ReturnType<typeof buildTestApp>>['app'], headers: Record<string, string>) =>
  (await app.inject({ method: 'GET', url: '/api/auth/me', headers })).statusCode;

t.test('sessions are served from the cache: a change made behind its back is not seen', async (t) => {
  const { app, ctx } = await buildTestApp(t);
  t.ok(ctx.authCache.active, 'on by default');
  const admin = await signUp(app);
  t.equal(await me(app, admin.headers), 200, 'first request: read from the database and cached');
  // Revoked in the database directly, bypassing every service: only the cache still says live.
  await ctx.db.updateTable('refresh_tokens').set({ revoked_at: new Date() }).execute();
  t.equal(await me(app, admin.headers), 200, 'served from memory, no database read');
  ctx.authCache.invalidate({ kind: 'user', id: admin.user.id });
  t.equal(await me(app, admin.headers), 401, 'after invalidation the database decides');
});

t.test('AUTH_CACHE_SIZE=0: every request reads the database', async (t) => {
  const { app, ctx } = await buildTestApp(t, { env: { AUTH_CACHE_SIZE: '0' } });
  t.notOk(ctx.authCache.active);
  const admin = await signUp(app);
  t.equal(await me(app, admin.headers), 200);
  await ctx.db.updateTable('refresh_tokens').set({ revoked_at: new Date() }).execute();
  t.equal(await me(app, admin.headers), 401);
});

t.test('revocations take effect on the next request with the cache warm', async (t) => {
  const { app, ctx } = await buildTestApp(t);
  const admin = await signUp(app);

  t.test('logout', async (t) => {
    const user = await addUser(app, admin, 'COMPANY_READER');
    t.equal(await me(app, user.headers), 200);
    const out = await app.inject({ method: 'POST', url: '/api/auth/logout', headers: user.headers });
    t.equal(out.statusCode, 200);
    t.equal(await me(app, user.headers), 401);
  });

  t.test('refresh token reuse ends the session, its new access token included', async (t) => {
    const user = await addUser(app, admin, 'COMPANY_READER');
    const refresh = (refreshToken: string) =>
      app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken } });
    const rotated = (await refresh(user.refreshToken)).json().data;
    const fresh = { authorization: `Bearer ${rotated.accessToken}` };
    t.equal(await me(app, user.headers), 200);
    t.equal(await me(app, fresh), 200, 'both tokens of the session are live and cached');
    // Past the grace window (AUTH_REFRESH_REUSE_GRACE_SECONDS; moved back, not waited for).
    await ctx.db
      .updateTable('refresh_tokens')
      .set({ revoked_at: new Date(Date.now() - 60_000) })
      .where('token_hash', '=', sha256Hex(user.refreshToken))
      .execute();
    t.equal((await refresh(user.refreshToken)).statusCode, 401, 'reuse');
    t.equal(await me(app, user.headers), 401);
    t.equal(await me(app, fresh), 401);
  });

  t.test('disabled user', async (t) => {
    const user = await addUser(app, admin, 'COMPANY_EDITOR');
    t.equal(await me(app, user.headers), 200);
    const put = await app.inject({
      method: 'PUT',
      url: `/api/users/${user.id}`,
      headers: admin.headers,
      payload: { disabled: true },
    });
    t.equal(put.statusCode, 200);
    t.equal(await me(app, user.headers), 401);
  });

  t.test('raised role counts at once; deleted user is refused', async (t) => {
    const user = await addUser(app, admin, 'COMPANY_READER');
    const users = () => app.inject({ method: 'GET', url: '/api/users', headers: user.headers });
    t.equal((await users()).statusCode, 403, 'reader, cached');
    const put = await app.inject({
      method: 'PUT',
      url: `/api/users/${user.id}`,
      headers: admin.headers,
      payload: { role: 'COMPANY_ADMIN' },
    });
    t.equal(put.statusCode, 200);
    t.equal((await users()).statusCode, 200, 'the cached reader role is gone');
    const del = await app.inject({ method: 'DELETE', url: `/api/users/${user.id}`, headers: admin.headers });
    t.equal(del.statusCode, 200);
    t.equal(await me(app, user.headers), 401);
  });

  t.test('password change ends the other sessions', async (t) => {
    const user = await addUser(app, admin, 'COMPANY_READER');
    t.equal(await me(app, user.headers), 200);
    const changed = await app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: user.headers,
      payload: { currentPassword: user.password, newPassword: 'a brand new passphrase' },
    });
    t.equal(changed.statusCode, 200);
    t.equal(await me(app, user.headers), 401);
    const next = { authorization: `Bearer ${changed.json().data.accessToken}` };
    t.equal(await me(app, next), 200, 'the new session works');
  });

  t.test('deleted API key', async (t) => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/api-keys',
      headers: admin.headers,
      payload: { name: 'widget', allDocuments: true },
    });
    const { id, key } = created.json().data as { id: string; key: string };
    const topics = () =>
      app.inject({ method: 'GET', url: '/api/public/topics', headers: { 'x-api-key': key } });
    t.equal((await topics()).statusCode, 200);
    const row = await ctx.db
      .selectFrom('api_keys')
      .select('last_used_at')
      .where('id', '=', id)
      .executeTakeFirst();
    t.ok(row?.last_used_at, 'use recorded');
    t.equal((await topics()).statusCode, 200, 'cached');
    const again = await ctx.db
      .selectFrom('api_keys')
      .select('last_used_at')
      .where('id', '=', id)
      .executeTakeFirst();
    t.same(again?.last_used_at, row?.last_used_at, 'not written again within the minute');
    const del = await app.inject({ method: 'DELETE', url: `/api/api-keys/${id}`, headers: admin.headers });
    t.equal(del.statusCode, 200);
    t.equal((await topics()).statusCode, 401);
  });
});

t.test('a change no invalidation announces is seen after AUTH_CACHE_TTL_SECONDS', async (t) => {
  // docs/auth.md: a change made in the database by hand, or on a replica without REDIS_URL,
  // is bounded by the entries' TTL. 3 s here; the wait is past it, not a speed assertion.
  const { app, ctx } = await buildTestApp(t, { env: { AUTH_CACHE_TTL_SECONDS: '3' } });
  const admin = await signUp(app);
  const created = await app.inject({
    method: 'POST',
    url: '/api/api-keys',
    headers: admin.headers,
    payload: { name: 'widget', allDocuments: true },
  });
  const { key } = created.json().data as { key: string };
  const topics = async () =>
    (await app.inject({ method: 'GET', url: '/api/public/topics', headers: { 'x-api-key': key } }))
      .statusCode;
  t.equal(await me(app, admin.headers), 200);
  t.equal(await topics(), 200);
  await ctx.db.updateTable('refresh_tokens').set({ revoked_at: new Date() }).execute();
  await ctx.db.deleteFrom('api_keys').execute();
  t.equal(await me(app, admin.headers), 200, 'session still served from memory');
  t.equal(await topics(), 200, 'key still served from memory');
  await new Promise((r) => setTimeout(r, 3_100));
  t.equal(await me(app, admin.headers), 401, 'session refused once its entry expired');
  t.equal(await topics(), 401, 'key refused once its entry expired');
});

t.test('GET /api/auth/me answers from the cache and shows renames at once', async (t) => {
  const { app } = await buildTestApp(t);
  const admin = await signUp(app);
  const meBody = async () =>
    (await app.inject({ method: 'GET', url: '/api/auth/me', headers: admin.headers })).json().data as {
      user: { id: string; name: string; email: string; role: string; companyId: string };
      company: { id: string; name: string };
    };
  const before = await meBody();
  t.equal(before.user.id, admin.user.id);
  t.equal(before.user.email, admin.email);
  t.equal(before.user.role, 'COMPANY_ADMIN');
  t.equal(before.company.name, `Co ${admin.email}`);
  t.equal(before.company.id, before.user.companyId);

  const renamed = await app.inject({
    method: 'PUT',
    url: '/api/auth/me',
    headers: admin.headers,
    payload: { name: 'Renamed Admin' },
  });
  t.equal(renamed.statusCode, 200);
  t.equal((await meBody()).user.name, 'Renamed Admin', 'own rename seen on the next request');

  const company = await app.inject({
    method: 'PUT',
    url: `/api/companies/${before.company.id}`,
    headers: admin.headers,
    payload: { name: 'Renamed Co' },
  });
  t.equal(company.statusCode, 200);
  t.equal((await meBody()).company.name, 'Renamed Co', 'company rename seen on the next request');
});
