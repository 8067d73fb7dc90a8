import t from 'tap';
import { randomBytes } from 'node:crypto';
import { buildTestApp, signUp } from '../helpers/app.ts';
import { multipartBody } from '../helpers/multipart.ts';

/** The spec's limits, counted in the real Redis (shared by replicas), per user and per API key. */
t.test(
  'upload limit 10/min per user, headers, 429 envelope with retryAfter; per-key public limit',
  async (t) => {
    const { app } = await buildTestApp(t, {
      env: { RATE_LIMIT_ENABLED: 'true', REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379' },
    });
    const alice = await signUp(app, `rl-${randomBytes(4).toString('hex')}@example.com`);
    const bob = await signUp(app, `rl-${randomBytes(4).toString('hex')}@example.com`);
    const upload = (headers: Record<string, string>) => {
      const body = multipartBody({}, { filename: 'a.txt', bytes: Buffer.from('rate limited upload text') });
      return app.inject({
        method: 'POST',
        url: '/api/documents/upload',
        headers: { ...headers, ...body.headers },
        payload: body.payload,
      });
    };
    for (let i = 0; i < 10; i++) {
      const res = await upload(alice.headers);
      t.equal(res.statusCode, 201);
      if (i === 0) {
        t.equal(res.headers['x-ratelimit-limit'], '10');
        t.equal(res.headers['x-ratelimit-remaining'], '9');
        t.ok(Number(res.headers['x-ratelimit-reset']) > 0);
      }
    }
    const limited = await upload(alice.headers);
    t.equal(limited.statusCode, 429);
    t.equal(limited.json().success, false);
    t.equal(limited.json().error.code, 'RATE_LIMIT_EXCEEDED');
    t.ok(Number.isInteger(limited.json().error.retryAfter) && limited.json().error.retryAfter > 0);
    t.equal((await upload(bob.headers)).statusCode, 201, 'another user has their own counter');
    const list = await app.inject({ method: 'GET', url: '/api/documents', headers: alice.headers });
    t.equal(list.statusCode, 200, 'other endpoints count separately');
    t.equal(list.headers['x-ratelimit-limit'], '300');

    // Sign-ins have a per-IP ceiling here; failed attempts back off (test/auth/throttle.test.ts).
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: alice.email, password: alice.password },
    });
    t.equal(login.statusCode, 200);
    t.equal(login.headers['x-ratelimit-limit'], '30');
  },
);
