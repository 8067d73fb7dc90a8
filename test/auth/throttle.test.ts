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

t.test('bad bearer tokens and API keys count per IP before authentication', async (t) => {
  const { app } = await buildTestApp(t, { env: { RATE_LIMIT_ENABLED: 'true', REDIS_URL } });
  const user = await signUp(app);
  // Used once from elsewhere: its signature verified and its session cached.
  t.equal((await app.inject({ method: 'GET', url: '/api/auth/me', headers: user.headers })).statusCode, 200);
  const ip = `10.${randomBytes(3).join('.')}`;
  const seen: number[] = [];
  for (let i = 0; i < 26; i++) {
    const res = await app.inject({
      method: 'GET',
      url: i % 2 ? '/api/auth/me' : '/api/public/topics',
      remoteAddress: ip,
      headers: i % 2 ? { authorization: 'Bearer not.a.token' } : { 'x-api-key': 'svc_live_guessedkey123' },
    });
    seen.push(res.statusCode);
  }
  t.same(seen.slice(0, 21), Array(21).fill(401), '20 free failures, the 21st starts the back-off');
  t.same(seen.slice(22), Array(4).fill(429), 'then the attempts wait');
  const valid = await app.inject({
    method: 'GET',
    url: '/api/auth/me',
    remoteAddress: ip,
    headers: user.headers,
  });
  t.equal(valid.statusCode, 200, 'a credential verified before is not a guess: it passes the back-off');
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
  t.equal(fresh.statusCode, 429, 'a token not verified yet waits: verifying it would answer a guess');
  const other = await app.inject({ method: 'GET', url: '/api/auth/me', headers: user.headers });
  t.equal(other.statusCode, 200, 'other addresses are not affected');

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
});

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
