import t from 'tap';
import { randomBytes } from 'node:crypto';
import { buildTestApp, signUp } from '../helpers/app.ts';
import { deepArrays, deepObjectField } from '../fixtures/hostile/deep-json.ts';
import { MAX_BODY_DEPTH, scanInput } from '../../plugins/no-nul.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

t.test('the scan is iterative: 1,000,000 levels return a finding, not a stack overflow', async (t) => {
  const deep = JSON.parse(deepArrays(1_000_000)) as unknown;
  t.match(scanInput(deep, 'body'), { reason: /nest deeper than 32/ });
  const ok = JSON.parse(deepObjectField(MAX_BODY_DEPTH - 2)) as unknown;
  t.equal(scanInput(ok, 'body'), null, 'nesting within the limit passes');
  t.same(scanInput({ a: [1, { b: 'x\u0000' }] }, 'body'), {
    field: 'a.1.b',
    reason: 'must not contain NUL characters',
  });
});

t.test(
  'deep JSON to the unauthenticated login: 400 VALIDATION_ERROR, then 429 with headers, never 500',
  async (t) => {
    const { app } = await buildTestApp(t, { env: { RATE_LIMIT_ENABLED: 'true', REDIS_URL } });
    const ip = `10.${randomBytes(3).join('.')}`;
    const payload = deepArrays(100_000);
    const codes: number[] = [];
    // Until the first 429: 30 a minute per IP, but a loaded machine may straddle a window.
    for (let i = 0; i < 70 && !codes.includes(429); i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: ip,
        headers: { 'content-type': 'application/json' },
        payload,
      });
      codes.push(res.statusCode);
      if (i === 0) {
        t.equal(res.json().error.code, 'VALIDATION_ERROR');
        // Refused on its text, before JSON.parse (plugins/json-body.ts): the field is the body.
        t.match(res.json().error.details, [
          { field: 'body', reason: /nest arrays and objects deeper than 32/ },
        ]);
        t.equal(res.headers['x-ratelimit-limit'], '30', 'counted by the rate limit before the body check');
      }
      if (res.statusCode === 429) {
        t.ok(Number(res.headers['retry-after']) >= 1, 'Retry-After');
        t.equal(res.headers['x-ratelimit-remaining'], '0');
        t.equal(res.json().error.reason, 'REQUEST_RATE');
      }
    }
    t.ok(codes.length >= 31, `the login limit (30/min per IP) counts hostile bodies (${codes.length})`);
    t.same(codes.slice(0, -1), Array(codes.length - 1).fill(400), 'each a 400, never a 500');
    t.equal(codes.at(-1), 429, 'then refused before the body is looked at');
  },
);

t.test('deep JSON inside a field of an authenticated route; a sane body still passes', async (t) => {
  const { app } = await buildTestApp(t);
  const { headers } = await signUp(app);
  const deep = await app.inject({
    method: 'POST',
    url: '/api/chat/message',
    headers: { ...headers, 'content-type': 'application/json' },
    payload: deepObjectField(30_000),
  });
  t.equal(deep.statusCode, 400);
  t.equal(deep.json().error.code, 'VALIDATION_ERROR');
  t.equal(
    deep.json().error.message,
    'Request body is nested too deeply: at most 32 levels of arrays and objects',
  );
  const query = await app.inject({
    method: 'GET',
    url: `/api/documents?${'a'.repeat(1)}[b][c]=1`,
    headers,
  });
  t.not(query.statusCode, 500, 'bracketed query keys are not a way round it');
  const fine = await app.inject({
    method: 'POST',
    url: '/api/chat/message',
    headers,
    payload: { message: 'hello' },
  });
  t.equal(fine.statusCode, 200);
});
