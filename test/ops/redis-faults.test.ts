import t from 'tap';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { buildTestApp, signUp } from '../helpers/app.ts';
import { tcpProxy } from '../helpers/tcp-proxy.ts';
import { redisBreakers } from '../../src/lib/redis-fallback.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * Redis frozen behind a paused TCP proxy (connections open, no answers): the rate limits fall
 * back to per-replica counters through the circuit breaker, no request hangs, and once the
 * breaker is open requests cost no more than before; after the thaw Redis is used again.
 */
t.test('a frozen Redis: breaker opens, ≤ 50 ms added, recovers', async (t) => {
  const target = new URL(REDIS_URL);
  const proxy = await tcpProxy(t, { host: target.hostname, port: Number(target.port || 6379) });
  const prefix = `t-${randomBytes(4).toString('hex')}:`;
  const commandTimeoutMs = 200;
  const { app } = await buildTestApp(t, {
    postgres: true,
    env: {
      REDIS_URL: `redis://127.0.0.1:${proxy.port}`,
      REDIS_PREFIX: prefix,
      RATE_LIMIT_ENABLED: 'true',
      REDIS_COMMAND_TIMEOUT_MS: String(commandTimeoutMs),
      REDIS_BREAKER_COOLDOWN_MS: '500',
    },
  });
  const direct = new Redis(REDIS_URL);
  t.teardown(async () => {
    const keys = await direct.keys(`${prefix}*`);
    if (keys.length) await direct.del(...keys);
    direct.disconnect();
  });
  const alice = await signUp(app);
  const me = () => app.inject({ method: 'GET', url: '/api/auth/me', headers: alice.headers });
  const timedMe = async () => {
    const start = performance.now();
    const res = await me();
    return { status: res.statusCode, ms: performance.now() - start };
  };
  // On a loaded machine (the suite runs files in parallel) a Redis reply can wait on the event loop
  // past the 200 ms timeout and open the breaker before the freeze: wait, bounded, until counting
  // is back in Redis (the breaker closes after its 500 ms cooldown) before measuring.
  for (let i = 0; i < 20 && (await direct.keys(`${prefix}rl:*`)).length === 0; i++) {
    await timedMe();
    await new Promise((r) => setTimeout(r, 300));
  }
  t.ok((await direct.keys(`${prefix}rl:*`)).length > 0, 'counters live in Redis under REDIS_PREFIX');
  const before: number[] = [];
  for (let i = 0; i < 15; i++) before.push((await timedMe()).ms);

  proxy.freeze();
  const first = await timedMe();
  t.equal(first.status, 200, 'the request that meets the frozen Redis is served');
  t.ok(first.ms < commandTimeoutMs + 1000, `and bounded by the command timeout (${first.ms.toFixed(0)} ms)`);
  t.equal(redisBreakers.get('rate-limits')?.open, true, 'the breaker is open');
  const after: number[] = [];
  for (let i = 0; i < 15; i++) {
    const r = await timedMe();
    t.equal(r.status, 200);
    after.push(r.ms);
  }
  const added = median(after) - median(before);
  t.ok(
    added <= 50,
    `median added latency ${added.toFixed(1)} ms (before ${median(before).toFixed(1)}, after ${median(after).toFixed(1)})`,
  );
  t.ok(
    Math.max(...after) < commandTimeoutMs + 1000,
    `no request hangs (worst ${Math.max(...after).toFixed(0)} ms)`,
  );
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: alice.email, password: alice.password },
  });
  t.equal(login.statusCode, 200, 'sign-in works with Redis frozen (its throttle falls back too)');

  proxy.thaw();
  let closed = false;
  for (let i = 0; i < 100 && !closed; i++) {
    await me();
    closed = redisBreakers.get('rate-limits')?.open === false;
    if (!closed) await new Promise((r) => setTimeout(r, 50));
  }
  t.ok(closed, 'the breaker closes once Redis answers');
  const counted = await direct.keys(`${prefix}rl:*`);
  t.ok(counted.length > 0, 'and counting is shared again');
});

t.test('the invalidation channel is namespaced by REDIS_PREFIX and the db number', async (t) => {
  const { redisInvalidationBus } = await import('../../src/auth/invalidation-bus.ts');
  const prefix = `t-${randomBytes(4).toString('hex')}:`;
  const bus = (db: number, p = prefix) => {
    const b = redisInvalidationBus(`${REDIS_URL}/${db}`, p);
    t.teardown(() => b.close());
    const heard: string[] = [];
    b.listen(
      (event) => heard.push(event.id),
      () => {},
    );
    return { b, heard };
  };
  const db4 = bus(4);
  const db4again = bus(4);
  const db9 = bus(9);
  const otherPrefix = bus(4, `${prefix}other:`);
  for (let i = 0; i < 100 && ![db4, db4again, db9, otherPrefix].every((x) => x.b.listening); i++)
    await new Promise((r) => setTimeout(r, 20));
  db4.b.publish({ kind: 'session', id: 'revoked-on-db4' });
  for (let i = 0; i < 100 && db4again.heard.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
  await new Promise((r) => setTimeout(r, 200));
  t.same(db4again.heard, ['revoked-on-db4'], 'a replica on the same db and prefix hears it');
  t.same(db9.heard, [], 'db 9 does not');
  t.same(otherPrefix.heard, [], 'another prefix does not');
});
