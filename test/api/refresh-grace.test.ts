import t from 'tap';
import { randomBytes } from 'node:crypto';
import { decodeJwt } from 'jose';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, signUp } from '../helpers/app.ts';
import { sha256Hex } from '../../src/auth/tokens.ts';

/**
 * Issue 38: refresh token rotation tolerates concurrency. A token rotated at most
 * AUTH_REFRESH_REUSE_GRACE_SECONDS ago answers the same pair again; a reuse after the window
 * still ends the whole session (RFC 9700 §4.14), as before. "After the window" is reached by
 * moving the rotation's time back in the database, not by waiting.
 */

type Pair = { accessToken: string; refreshToken: string; expiresIn: number };

const login = async (app: FastifyInstance, email: string, password: string): Promise<Pair> =>
  (await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } })).json().data;

const refresh = (app: FastifyInstance, refreshToken: string) =>
  app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken } });

const meStatus = async (app: FastifyInstance, accessToken: string) =>
  (await app.inject({ url: '/api/auth/me', headers: { authorization: `Bearer ${accessToken}` } })).statusCode;

/** Moves the rotation of `token` `seconds` into the past: its grace window has gone by. */
const ageRotation = (app: FastifyInstance, token: string, seconds: number) =>
  app.ctx.db
    .updateTable('refresh_tokens')
    .set({ revoked_at: sql`revoked_at - make_interval(secs => ${seconds})` })
    .where('token_hash', '=', sha256Hex(token))
    .execute();

t.test('the grace window (PGlite, fastify.inject)', async (t) => {
  const { app } = await buildTestApp(t);

  await t.test('two concurrent refreshes with one token: both 200, the same pair', async (t) => {
    const { email, password } = await signUp(app);
    const first = await login(app, email, password);
    const sid = decodeJwt(first.accessToken).sid;

    const [a, b] = await Promise.all([refresh(app, first.refreshToken), refresh(app, first.refreshToken)]);
    t.equal(a.statusCode, 200, 'the first');
    t.equal(b.statusCode, 200, 'the second');
    const pa: Pair = a.json().data;
    const pb: Pair = b.json().data;
    t.not(pa.refreshToken, first.refreshToken, 'rotated');
    t.equal(pb.refreshToken, pa.refreshToken, 'the same refresh token');
    t.equal(pb.accessToken, pa.accessToken, 'the same access token');
    t.equal(decodeJwt(pa.accessToken).sid, sid, 'for the same session');
    t.ok(pb.expiresIn > 3500 && pb.expiresIn <= 3600, `expiresIn ${pa.expiresIn} and ${pb.expiresIn}`);
    t.equal(await meStatus(app, pa.accessToken), 200, 'the new access token works');

    // A retry after a lost response, a little later but within the window: the same pair again.
    const again = await refresh(app, first.refreshToken);
    t.equal(again.statusCode, 200);
    t.equal(again.json().data.refreshToken, pa.refreshToken, 'a retry gets the same refresh token');

    // The same token after the window: reuse detection ends the whole session, as before.
    await ageRotation(app, first.refreshToken, 31);
    const late = await refresh(app, first.refreshToken);
    t.equal(late.statusCode, 401, 'after the window: refused');
    t.equal(late.json().error.code, 'UNAUTHORIZED');
    t.equal((await refresh(app, pa.refreshToken)).statusCode, 401, 'the successor is refused too');
    t.equal(await meStatus(app, pa.accessToken), 401, 'its access token is refused at once');
    t.equal(await meStatus(app, first.accessToken), 401, 'and the first one');
  });

  const { email, password } = await signUp(app);

  await t.test('a token two rotations old is a reuse, even within the window', async (t) => {
    const t0 = await login(app, email, password);
    const t1: Pair = (await refresh(app, t0.refreshToken)).json().data;
    const t2: Pair = (await refresh(app, t1.refreshToken)).json().data;
    t.equal((await refresh(app, t0.refreshToken)).statusCode, 401);
    t.equal((await refresh(app, t2.refreshToken)).statusCode, 401, 'the session ended');
    t.equal(await meStatus(app, t2.accessToken), 401);
  });

  await t.test('after logout the rotated token does not bring the session back', async (t) => {
    const t0 = await login(app, email, password);
    const t1: Pair = (await refresh(app, t0.refreshToken)).json().data;
    const out = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${t1.accessToken}` },
    });
    t.equal(out.statusCode, 200);
    t.equal((await refresh(app, t0.refreshToken)).statusCode, 401, 'within the window, still refused');
    t.equal(await meStatus(app, t1.accessToken), 401);
  });

  await t.test('a disabled user gets nothing within the window', async (t) => {
    const admin = await signUp(app);
    const created = await app.inject({
      method: 'POST',
      url: '/api/users',
      headers: admin.headers,
      payload: {
        email: 'rita@example.com',
        name: 'Rita',
        role: 'COMPANY_READER',
        password: 'long enough pw',
      },
    });
    const rita = await login(app, 'rita@example.com', 'long enough pw');
    t.equal((await refresh(app, rita.refreshToken)).statusCode, 200);
    const disabled = await app.inject({
      method: 'PUT',
      url: `/api/users/${created.json().data.user.id}`,
      headers: admin.headers,
      payload: { disabled: true },
    });
    t.equal(disabled.statusCode, 200);
    t.equal((await refresh(app, rita.refreshToken)).statusCode, 401);
  });

  await t.test('an unknown token is refused and ends nothing', async (t) => {
    const live = await login(app, email, password);
    t.equal((await refresh(app, `rt_${randomBytes(32).toString('base64url')}`)).statusCode, 401);
    t.equal(await meStatus(app, live.accessToken), 200);
  });

  await t.test("a grace replay answers its own session's pair, never another's", async (t) => {
    const alice = await signUp(app);
    const bob = await signUp(app);
    const a0 = await login(app, alice.email, alice.password);
    const b0 = await login(app, bob.email, bob.password);
    const a1: Pair = (await refresh(app, a0.refreshToken)).json().data;
    const b1: Pair = (await refresh(app, b0.refreshToken)).json().data;

    const replay = await refresh(app, b0.refreshToken);
    t.equal(replay.statusCode, 200);
    const got: Pair = replay.json().data;
    t.equal(got.refreshToken, b1.refreshToken, "Bob's replay gets Bob's successor");
    t.not(got.refreshToken, a1.refreshToken, "not Alice's");
    t.equal(decodeJwt(got.accessToken).sid, decodeJwt(b0.accessToken).sid, "Bob's session");
    t.equal(decodeJwt(got.accessToken).sub, bob.user.id);

    // Two sessions of the same user: each replay stays in its own session.
    const s1 = await login(app, alice.email, alice.password);
    const s2 = await login(app, alice.email, alice.password);
    const s1n: Pair = (await refresh(app, s1.refreshToken)).json().data;
    const s2n: Pair = (await refresh(app, s2.refreshToken)).json().data;
    const r2: Pair = (await refresh(app, s2.refreshToken)).json().data;
    t.equal(r2.refreshToken, s2n.refreshToken);
    t.not(r2.refreshToken, s1n.refreshToken);
    t.equal(decodeJwt(r2.accessToken).sid, decodeJwt(s2.accessToken).sid);
    t.not(decodeJwt(r2.accessToken).sid, decodeJwt(s1.accessToken).sid);
    t.equal(await meStatus(app, a1.accessToken), 200, "Alice's first session is untouched");
  });
});

t.test('AUTH_REFRESH_REUSE_GRACE_SECONDS=0: any reuse ends the session, as before', async (t) => {
  const { app } = await buildTestApp(t, { env: { AUTH_REFRESH_REUSE_GRACE_SECONDS: '0' } });
  const { email, password } = await signUp(app);
  const first = await login(app, email, password);
  const results = await Promise.all([refresh(app, first.refreshToken), refresh(app, first.refreshToken)]);
  t.same(results.map((r) => r.statusCode).sort(), [200, 401], 'one rotates, the other is a reuse');
  const won: Pair = results.find((r) => r.statusCode === 200)!.json().data;
  t.equal(await meStatus(app, won.accessToken), 401, 'and the reuse ended the session');
});

t.test('PostgreSQL, two replicas, real HTTP and the refresh cookie', async (t) => {
  const env = { JWT_SECRET: 'grace-secret-' + randomBytes(16).toString('hex') };
  const a = await buildTestApp(t, { postgres: true, env });
  const { rows } = await sql<{ s: string }>`select current_schema() as s`.execute(a.ctx.db);
  const b = await buildTestApp(t, { postgres: true, env, overrides: { dbSchema: rows[0]!.s } });
  const bases = [
    await a.app.listen({ port: 0, host: '127.0.0.1' }),
    await b.app.listen({ port: 0, host: '127.0.0.1' }),
  ];
  const { email, password } = await signUp(a.app);
  const post = (base: string, path: string, init: { body?: unknown; headers?: Record<string, string> }) =>
    fetch(`${base}/api/auth/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...init.headers },
      body: JSON.stringify(init.body ?? {}),
    });

  await t.test('eight concurrent refreshes spread over both replicas', async (t) => {
    const first = await login(a.app, email, password);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        post(bases[i % 2]!, 'refresh', { body: { refreshToken: first.refreshToken } }),
      ),
    );
    t.same(
      answers.map((r) => r.status),
      Array(8).fill(200),
      'every one 200',
    );
    const pairs = await Promise.all(answers.map(async (r) => ((await r.json()) as { data: Pair }).data));
    t.equal(new Set(pairs.map((p) => p.refreshToken)).size, 1, 'one refresh token');
    t.equal(new Set(pairs.map((p) => p.accessToken)).size, 1, 'one access token');
    const { count } = await a.ctx.db
      .selectFrom('refresh_tokens')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('session_id', '=', String(decodeJwt(first.accessToken).sid))
      .executeTakeFirstOrThrow();
    t.equal(Number(count), 2, 'one rotation stored: the first token and its successor');

    await ageRotation(a.app, first.refreshToken, 60);
    t.equal((await post(bases[1]!, 'refresh', { body: { refreshToken: first.refreshToken } })).status, 401);
    for (const base of bases) {
      const me = await fetch(`${base}/api/auth/me`, {
        headers: { authorization: `Bearer ${pairs[0]!.accessToken}` },
      });
      t.equal(me.status, 401, `session ended, seen on ${base === bases[0] ? 'A' : 'B'}`);
    }
  });

  await t.test('two tabs: concurrent cookie refreshes set the same cookie', async (t) => {
    const signIn = await post(bases[0]!, 'login', {
      body: { email, password },
      headers: { 'x-refresh-cookie': '1' },
    });
    const cookie = signIn.headers
      .getSetCookie()
      .find((c) => c.startsWith('cograg_refresh='))!
      .split(';')[0]!;
    const headers = { cookie, 'x-refresh-cookie': '1' };
    const [r1, r2] = await Promise.all([
      post(bases[0]!, 'refresh', { headers }),
      post(bases[1]!, 'refresh', { headers }),
    ]);
    t.same([r1.status, r2.status], [200, 200]);
    const set = (r: Response) =>
      r.headers
        .getSetCookie()
        .find((c) => c.startsWith('cograg_refresh='))!
        .split(';')[0];
    t.equal(set(r1), set(r2), 'the same successor cookie');
    t.not(set(r1), cookie, 'rotated');
    const access = async (r: Response) => ((await r.json()) as { data: Pair }).data.accessToken;
    t.equal(await access(r1), await access(r2), 'the same access token');
  });
});
