import t from 'tap';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { buildTestApp, signUp } from '../helpers/app.ts';
import { addUser } from '../helpers/users.ts';
import { sha256Hex } from '../../src/auth/tokens.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Polls `check` every 20 ms until true, up to `ms`: how a revocation published by another replica is awaited. */
async function eventually(check: () => Promise<boolean>, ms = 5000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return check();
}

/**
 * Two app instances (replicas) on one PostgreSQL schema and one Redis, over real HTTP. The cache
 * TTL is an hour, so only the pub/sub message can end a session cached on the other replica.
 */
t.test('a revocation on one replica ends the session cached on the other (Redis pub/sub)', async (t) => {
  const env = {
    REDIS_URL,
    AUTH_CACHE_TTL_SECONDS: '3600',
    JWT_SECRET: 'replicas-secret-' + randomBytes(16).toString('hex'),
  };
  const a = await buildTestApp(t, { postgres: true, env });
  const { rows } = await sql<{ s: string }>`select current_schema() as s`.execute(a.ctx.db);
  const b = await buildTestApp(t, { postgres: true, env, overrides: { dbSchema: rows[0]!.s } });
  const baseA = await a.app.listen({ port: 0, host: '127.0.0.1' });
  const baseB = await b.app.listen({ port: 0, host: '127.0.0.1' });
  t.ok(await eventually(async () => a.ctx.authCache.active && b.ctx.authCache.active), 'both subscribed');

  const admin = await signUp(a.app);
  const me = async (base: string, headers: Record<string, string>) =>
    (await fetch(`${base}/api/auth/me`, { headers })).status;
  const refusedOnB = (headers: Record<string, string>) =>
    eventually(async () => (await me(baseB, headers)) === 401);

  t.test('B serves from its cache: a change behind its back is not seen', async (t) => {
    const user = await addUser(a.app, admin, 'COMPANY_READER');
    t.equal(await me(baseB, user.headers), 200);
    await b.ctx.db
      .updateTable('refresh_tokens')
      .set({ revoked_at: new Date() })
      .where('user_id', '=', user.id)
      .execute();
    t.equal(await me(baseB, user.headers), 200, 'cached on B, revoked in the database');
  });

  t.test('logout on A', async (t) => {
    const user = await addUser(a.app, admin, 'COMPANY_READER');
    t.equal(await me(baseB, user.headers), 200, 'cached on B');
    const out = await fetch(`${baseA}/api/auth/logout`, { method: 'POST', headers: user.headers });
    t.equal(out.status, 200);
    t.ok(await refusedOnB(user.headers), 'B refuses it');
  });

  t.test('refresh token reuse on A', async (t) => {
    const user = await addUser(a.app, admin, 'COMPANY_READER');
    const refresh = (refreshToken: string) =>
      fetch(`${baseA}/api/auth/refresh`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ refreshToken }),
      });
    t.equal((await refresh(user.refreshToken)).status, 200);
    t.equal(await me(baseB, user.headers), 200, 'cached on B');
    // Past the grace window (AUTH_REFRESH_REUSE_GRACE_SECONDS; moved back, not waited for).
    await a.ctx.db
      .updateTable('refresh_tokens')
      .set({ revoked_at: new Date(Date.now() - 60_000) })
      .where('token_hash', '=', sha256Hex(user.refreshToken))
      .execute();
    t.equal((await refresh(user.refreshToken)).status, 401, 'reuse');
    t.ok(await refusedOnB(user.headers));
  });

  t.test('user disabled on A', async (t) => {
    const user = await addUser(a.app, admin, 'COMPANY_EDITOR');
    t.equal(await me(baseB, user.headers), 200, 'cached on B');
    const put = await fetch(`${baseA}/api/users/${user.id}`, {
      method: 'PUT',
      headers: { ...admin.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ disabled: true }),
    });
    t.equal(put.status, 200);
    t.ok(await refusedOnB(user.headers));
  });

  t.test('API key deleted on A', async (t) => {
    const created = await fetch(`${baseA}/api/api-keys`, {
      method: 'POST',
      headers: { ...admin.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'widget', allDocuments: true }),
    });
    const { id, key } = ((await created.json()) as { data: { id: string; key: string } }).data;
    const topics = async () =>
      (await fetch(`${baseB}/api/public/topics`, { headers: { 'x-api-key': key } })).status;
    t.equal(await topics(), 200, 'cached on B');
    const del = await fetch(`${baseA}/api/api-keys/${id}`, { method: 'DELETE', headers: admin.headers });
    t.equal(del.status, 200);
    t.ok(await eventually(async () => (await topics()) === 401), 'B refuses it');
  });
});
