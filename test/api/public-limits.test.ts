import t from 'tap';
import { randomInt } from 'node:crypto';
import { buildTestApp, signUp } from '../helpers/app.ts';
import { buildApp } from '../../src/app.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Client addresses unique to this run: the Redis counters outlive a test by their minute. */
const net = `10.${randomInt(256)}.${randomInt(256)}`;
const ip = (n: number) => `${net}.${n}`;

type App = Awaited<ReturnType<typeof buildTestApp>>['app'];
async function newKey(app: App, headers: Record<string, string>, authorizedDomains: string[] = []) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/api-keys',
    headers,
    payload: { name: 'limits', authorizedDomains, allDocuments: true },
  });
  return res.json().data.key as string;
}
const topics = (app: App, key: string, remoteAddress: string, origin?: string) =>
  app.inject({
    method: 'GET',
    url: '/api/public/topics',
    remoteAddress,
    headers: { 'x-api-key': key, ...(origin ? { origin } : {}) },
  });

t.test('per client IP share, per key ceiling and stream cap, headers on 400/401/403 (Redis)', async (t) => {
  const { app } = await buildTestApp(t, {
    env: {
      RATE_LIMIT_ENABLED: 'true',
      REDIS_URL,
      RATE_LIMIT_PUBLIC_PER_IP: '3',
      RATE_LIMIT_PUBLIC_PER_KEY: '5',
      RATE_LIMIT_CHAT_STREAM_PER_KEY: '2',
    },
  });
  const admin = await signUp(app);
  const key = await newKey(app, admin.headers);

  const statuses = [];
  for (let i = 0; i < 4; i++) statuses.push((await topics(app, key, ip(1))).statusCode);
  t.same(statuses, [200, 200, 200, 429], 'one visitor gets 3');
  const limited = await topics(app, key, ip(1));
  t.equal(limited.json().error.code, 'RATE_LIMIT_EXCEEDED');
  t.ok(limited.json().error.retryAfter >= 1 && limited.json().error.retryAfter <= 60);
  t.equal(limited.headers['retry-after'], String(limited.json().error.retryAfter));
  t.equal(limited.headers['x-ratelimit-limit'], '3');
  t.equal(limited.headers['x-ratelimit-remaining'], '0');

  const second = await topics(app, key, ip(2));
  t.equal(second.statusCode, 200, 'another visitor has their own share');
  t.equal(second.headers['x-ratelimit-limit'], '5', 'the key ceiling is the tighter counter now');
  t.equal(second.headers['x-ratelimit-remaining'], '1', '3 + 1 of 5 used');
  t.equal((await topics(app, key, ip(3))).statusCode, 200);
  const ceiling = await topics(app, key, ip(4));
  t.equal(ceiling.statusCode, 429, 'the key ceiling holds across visitors');
  t.equal(ceiling.headers['x-ratelimit-limit'], '5');
  t.equal((await topics(app, await newKey(app, admin.headers), ip(4))).statusCode, 200, 'keys count apart');

  const unknown = await topics(app, 'svc_live_' + 'x'.repeat(43), ip(5));
  t.equal(unknown.statusCode, 401);
  t.equal(unknown.headers['x-ratelimit-limit'], '3', 'a 401 carries the headers');
  t.equal(unknown.headers['x-ratelimit-remaining'], '2');
  const restricted = await newKey(app, admin.headers, ['shop.example.com']);
  const foreign = await topics(app, restricted, ip(5), 'https://evil.test');
  t.equal(foreign.statusCode, 403);
  t.ok(foreign.headers['x-ratelimit-limit'], 'a 403 carries the headers');
  const invalid = await app.inject({
    method: 'POST',
    url: '/api/public/chat',
    remoteAddress: ip(6),
    headers: { 'x-api-key': restricted, origin: 'https://shop.example.com' },
    payload: {},
  });
  t.equal(invalid.statusCode, 400);
  t.ok(invalid.headers['x-ratelimit-remaining'], 'a 400 carries the headers');

  // Chat streams: their own per-key figure (invalid bodies are counted before validation, cheaply).
  const streamKey = await newKey(app, admin.headers);
  const streams = [];
  for (let i = 0; i < 3; i++) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/public/chat/stream',
      remoteAddress: ip(10 + i),
      headers: { 'x-api-key': streamKey },
      payload: {},
    });
    streams.push(res.statusCode);
  }
  t.same(streams, [400, 400, 429], 'two streams a minute per key, whatever the visitor');
});

t.test('two app instances share the key limit exactly through Redis: 60 allowed, the rest 429', async (t) => {
  const { app, ctx } = await buildTestApp(t, {
    // 70 requests land at once on a loaded 2-core machine: a Redis reply can wait behind them on
    // the event loop longer than the default 500 ms command timeout, which would (rightly) open the
    // breaker and count in memory; this test is about exact sharing, not about the breaker.
    env: { RATE_LIMIT_ENABLED: 'true', REDIS_URL, REDIS_COMMAND_TIMEOUT_MS: '10000' },
  });
  const replica = await buildApp(ctx, { logger: false });
  t.teardown(() => replica.close());
  const admin = await signUp(app);
  const key = await newKey(app, admin.headers);
  const counts: Record<number, number> = {};
  const results = await Promise.all(
    Array.from({ length: 70 }, (_, i) => topics(i % 2 ? replica : app, key, ip(100 + i))),
  );
  for (const res of results) counts[res.statusCode] = (counts[res.statusCode] ?? 0) + 1;
  t.same(counts, { 200: 60, 429: 10 });
});

t.test('Redis down: each replica counts in memory; requests are never failed for it', async (t) => {
  const { app } = await buildTestApp(t, {
    env: { RATE_LIMIT_ENABLED: 'true', REDIS_URL: 'redis://127.0.0.1:1', RATE_LIMIT_PUBLIC_PER_KEY: '3' },
  });
  const admin = await signUp(app);
  const key = await newKey(app, admin.headers);
  const statuses = [];
  for (let i = 0; i < 4; i++) statuses.push((await topics(app, key, ip(200 + i))).statusCode);
  t.same(statuses, [200, 200, 200, 429]);
});
