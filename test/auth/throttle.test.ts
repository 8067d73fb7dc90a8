import t from 'tap';
import { randomBytes } from 'node:crypto';
import { buildTestApp, signUp } from '../helpers/app.ts';
import { backoffSeconds, MAX_DELAY_S } from '../../src/auth/throttle.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

t.test('back-off doubles past the free failures and is capped', async (t) => {
  t.same(
    [5, 6, 7, 8, 9].map((n) => backoffSeconds(n, 5)),
    [0, 1, 2, 4, 8],
  );
  t.equal(backoffSeconds(100, 5), MAX_DELAY_S);
});

for (const redis of [true, false]) {
  t.test(
    `one IP guessing across 20 e-mails is slowed; the victim logs in from elsewhere (${redis ? 'Redis' : 'memory'})`,
    async (t) => {
      const { app } = await buildTestApp(t, {
        env: { RATE_LIMIT_ENABLED: 'true', ...(redis ? { REDIS_URL } : {}) },
      });
      const victim = await signUp(app);
      // A fresh address per run: counters in the shared Redis outlive the test.
      const attacker = `10.${randomBytes(3).join('.')}`;
      const statuses: number[] = [];
      for (let i = 0; i < 20; i++) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress: attacker,
          payload: { email: i === 0 ? victim.email : `guess${i}@example.com`, password: 'wrong password' },
        });
        statuses.push(res.statusCode);
      }
      t.same(statuses.slice(0, 11), Array(11).fill(401), '10 free failures, the 11th starts the back-off');
      // Each refused attempt doubles the wait again, so the last ones surely fall inside it.
      t.same(statuses.slice(15), Array(5).fill(429), 'then the attempts wait');
      const slowed = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: attacker,
        payload: { email: victim.email, password: victim.password },
      });
      t.equal(slowed.statusCode, 429, 'even the right password waits on that IP');
      t.match(slowed.json().error, { code: 'RATE_LIMIT_EXCEEDED', retryAfter: Number });
      t.ok(slowed.json().error.retryAfter >= 1);

      const elsewhere = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: `10.${randomBytes(3).join('.')}`,
        payload: { email: victim.email, password: victim.password },
      });
      t.equal(elsewhere.statusCode, 200, 'the victim is not locked out');
    },
  );
}

t.test(
  '50 forged tokens from one IP: valid tokens and keys from it are served, the forgeries get 429',
  async (t) => {
    const { app } = await buildTestApp(t, { env: { RATE_LIMIT_ENABLED: 'true', REDIS_URL } });
    const user = await signUp(app);
    // Used once from elsewhere: its signature verified and its session cached.
    t.equal(
      (await app.inject({ method: 'GET', url: '/api/auth/me', headers: user.headers })).statusCode,
      200,
    );
    const created = await app.inject({
      method: 'POST',
      url: '/api/api-keys',
      headers: user.headers,
      payload: { name: 'integration', allDocuments: true },
    });
    const apiKey = created.json().data.key as string;
    const ip = `10.${randomBytes(3).join('.')}`;
    const seen: number[] = [];
    let refused: Awaited<ReturnType<typeof app.inject>> | undefined;
    for (let i = 0; i < 50; i++) {
      const res = await app.inject({
        method: 'GET',
        url: i % 2 ? '/api/auth/me' : '/api/public/topics',
        remoteAddress: ip,
        headers:
          i % 2
            ? {
                authorization: `Bearer ${user.token.slice(0, -6)}${randomBytes(6).toString('base64url').slice(0, 6)}`,
              }
            : { 'x-api-key': `svc_live_${randomBytes(32).toString('base64url')}` },
      });
      seen.push(res.statusCode);
      if (res.statusCode === 429) refused = res;
    }
    t.same(seen.slice(0, 21), Array(21).fill(401), '20 free failures, the 21st starts the back-off');
    t.same(seen.slice(25), Array(25).fill(429), 'then the forgeries wait');
    t.match(refused?.json().error, {
      code: 'RATE_LIMIT_EXCEEDED',
      reason: 'FAILED_ATTEMPTS',
      retryAfter: Number,
    });
    t.equal(refused?.headers['retry-after'], String(refused?.json().error.retryAfter), 'Retry-After');
    t.equal(refused?.headers['x-ratelimit-limit'], '20', 'X-RateLimit-Limit: the free failures');
    t.equal(refused?.headers['x-ratelimit-remaining'], '0');
    t.equal(refused?.headers['x-ratelimit-reset'], refused?.headers['retry-after']);

    const cached = await app.inject({
      method: 'GET',
      url: '/api/auth/me',
      remoteAddress: ip,
      headers: user.headers,
    });
    t.equal(cached.statusCode, 200, 'a token in use is served from the attacker’s address');
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: user.password },
    });
    const fresh = await app.inject({
      method: 'GET',
      url: '/api/auth/me',
      remoteAddress: ip,
      headers: { authorization: `Bearer ${login.json().data.accessToken}` },
    });
    t.equal(fresh.statusCode, 200, 'a token used for the first time is served: its signature verifies');
    const key = await app.inject({
      method: 'GET',
      url: '/api/public/topics',
      remoteAddress: ip,
      headers: { 'x-api-key': apiKey },
    });
    t.equal(key.statusCode, 200, 'a valid API key used for the first time is served');
    const again = await app.inject({
      method: 'GET',
      url: '/api/auth/me',
      remoteAddress: ip,
      headers: { authorization: 'Bearer not.a.token' },
    });
    t.equal(again.statusCode, 429, 'the attacker is still refused');
    t.equal(again.json().error.reason, 'FAILED_ATTEMPTS');
    const other = await app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: 'Bearer not.a.token' },
    });
    t.equal(other.statusCode, 401, 'another address is not affected');
    const bare = await app.inject({ method: 'GET', url: '/api/public/topics', remoteAddress: ip });
    t.equal(bare.statusCode, 429, 'a request without any credential from the attacker’s address waits too');
    t.equal(bare.json().error.reason, 'FAILED_ATTEMPTS');
    t.ok(Number(bare.headers['retry-after']) > 0, 'with Retry-After');
    t.equal(bare.headers['x-ratelimit-limit'], '20');
    const bareElsewhere = await app.inject({ method: 'GET', url: '/api/public/topics' });
    t.equal(bareElsewhere.statusCode, 401, 'elsewhere a missing key is a 401');

    // One revoked key sent from many addresses is slowed by its own counter.
    const dead = `svc_live_${randomBytes(32).toString('base64url')}`;
    const fromMany: number[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await app.inject({
        method: 'GET',
        url: '/api/public/topics',
        remoteAddress: `10.${randomBytes(3).join('.')}`,
        headers: { 'x-api-key': dead },
      });
      fromMany.push(res.statusCode);
    }
    t.same(fromMany.slice(0, 6), Array(6).fill(401), '5 free failures per credential');
    t.equal(fromMany.at(-1), 429, 'then the credential waits wherever it comes from');

    // Honest failures do not count: an ended session, no credential at all.
    const office = `10.${randomBytes(3).join('.')}`;
    await app.inject({ method: 'POST', url: '/api/auth/logout', headers: user.headers });
    const honest: number[] = [];
    for (let i = 0; i < 30; i++) {
      const res = await app.inject({
        method: 'GET',
        url: i % 2 ? '/api/auth/me' : '/api/public/topics',
        remoteAddress: office,
        headers: i % 2 ? user.headers : {},
      });
      honest.push(res.statusCode);
    }
    t.same(honest, Array(30).fill(401), 'ended sessions and missing keys are never slowed');
  },
);

t.test('sign-up policy: open on an empty install only, unless configured; throttled per IP', async (t) => {
  const payload = (n: number) => ({
    email: `founder${n}-${randomBytes(3).toString('hex')}@example.com`,
    password: 'long enough pw',
    name: 'F',
    companyName: `Co ${n}`,
  });
  const { app } = await buildTestApp(t);
  const first = await app.inject({ method: 'POST', url: '/api/auth/register', payload: payload(1) });
  t.equal(first.statusCode, 201, 'an empty install lets the first company register');
  const second = await app.inject({ method: 'POST', url: '/api/auth/register', payload: payload(2) });
  t.equal(second.statusCode, 403, 'then it is invite-only');
  t.match(second.json().error.message, /invitation/);

  const open = await buildTestApp(t, {
    env: { REGISTRATION_ENABLED: 'true', RATE_LIMIT_ENABLED: 'true', REDIS_URL },
  });
  const ip = `10.${randomBytes(3).join('.')}`;
  const codes: number[] = [];
  // The 6th sign-up starts a 1 s back-off, then 2 s, 4 s: on a loaded machine one password hash
  // can outlast the first wait, so up to three more attempts may be needed to meet it.
  for (let i = 0; i < 9 && !codes.includes(429); i++) {
    const res = await open.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      remoteAddress: ip,
      payload: payload(10 + i),
    });
    codes.push(res.statusCode);
  }
  t.same(codes.slice(0, 5), [201, 201, 201, 201, 201]);
  t.equal(codes[5], 201, 'the 6th starts the back-off');
  t.equal(codes.at(-1), 429, `sign-ups from one IP are slowed (${codes.join(' ')})`);

  const closed = await buildTestApp(t, { env: { REGISTRATION_ENABLED: 'false' } });
  const none = await closed.app.inject({ method: 'POST', url: '/api/auth/register', payload: payload(3) });
  t.equal(none.statusCode, 403, 'REGISTRATION_ENABLED=false closes even an empty install');
});

t.test('AUTH_BACKOFF_FREE_PER_IP and _PER_CREDENTIAL set the free failures', async (t) => {
  const { app } = await buildTestApp(t, {
    env: {
      RATE_LIMIT_ENABLED: 'true',
      AUTH_BACKOFF_FREE_PER_IP: '3',
      AUTH_BACKOFF_FREE_PER_CREDENTIAL: '100',
    },
  });
  const ip = `10.${randomBytes(3).join('.')}`;
  const seen: number[] = [];
  for (let i = 0; i < 6; i++) {
    const res = await app.inject({
      method: 'GET',
      url: '/api/auth/me',
      remoteAddress: ip,
      headers: { authorization: `Bearer forged.${randomBytes(8).toString('hex')}.x` },
    });
    seen.push(res.statusCode);
  }
  t.same(seen.slice(0, 4), [401, 401, 401, 401], '3 free failures, the 4th starts the back-off');
  t.equal(seen[5], 429);
});
