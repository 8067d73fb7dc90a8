import t from 'tap';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { buildTestApp, signUp } from '../helpers/app.ts';
import { freePort } from '../helpers/server-process.ts';
import { redisWithFallback, withTimeout } from '../../src/lib/redis-fallback.ts';

const hasRedis = spawnSync('redis-server', ['--version']).status === 0;
const TOKEN = 'metrics-token-0123456789abcdef';

/** Holds the event loop for `ms` (a parse or a tokenizer on the API's thread). */
const holdLoop = (ms: number) => {
  const end = performance.now() + ms;
  while (performance.now() < end);
};

/**
 * A redis-server of this test's own on a free loopback port (never the shared one at 6379), that
 * the test stops and starts again on the same port.
 */
async function ownRedis(t: { teardown: (fn: () => unknown) => void }) {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'cograg-redis-'));
  let child: ChildProcess | null = null;
  const start = async () => {
    child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--dir', dir],
      {
        stdio: 'ignore',
      },
    );
    const probe = new Redis(port, '127.0.0.1', { lazyConnect: true, retryStrategy: () => null });
    probe.on('error', () => {});
    for (let i = 0; i < 100; i++) {
      if (
        await probe.connect().then(
          () => true,
          () => false,
        )
      )
        break;
      await new Promise((r) => setTimeout(r, 50));
    }
    probe.disconnect();
  };
  const stop = async () => {
    const c = child;
    if (!c || c.exitCode !== null) return;
    await new Promise((r) => {
      c.once('exit', r);
      c.kill('SIGKILL');
    });
  };
  t.teardown(async () => {
    await stop();
    rmSync(dir, { recursive: true, force: true });
  });
  await start();
  return { url: `redis://127.0.0.1:${port}`, start, stop };
}

t.test(
  'a reply that waits behind a held event loop is not a Redis timeout',
  { skip: !hasRedis && 'no redis-server' },
  async (t) => {
    const server = await ownRedis(t);
    const redis = new Redis(server.url);
    t.teardown(() => redis.disconnect());
    await redis.ping();
    const lags: number[] = [];
    // Sent, then the loop is held for 3 × the timeout: the reply is in the socket when the timer fires.
    const reply = withTimeout(redis.ping(), 100, (late) => lags.push(late));
    holdLoop(300);
    t.equal(await reply, 'PONG', 'the answer that arrived during the hold wins over the late timer');
    // A frozen Redis still times out: nothing arrives, the loop is free.
    const frozen = withTimeout(new Promise(() => {}), 100);
    const started = performance.now();
    await t.rejects(frozen, { name: 'RedisCommandTimeout' });
    t.ok(performance.now() - started < 400, 'a real timeout is not extended (the loop was free)');

    // The breaker under CPU load: every command meets a held loop, none trips it.
    let trips = 0;
    const run = redisWithFallback(redis, () => trips++, { commandTimeoutMs: 100, cooldownMs: 200 });
    let shared = 0;
    for (let i = 0; i < 30; i++) {
      const hit = run(
        async () => (await redis.incr('cograg-test-lag')) && ++shared,
        () => 0,
      );
      holdLoop(150 + (i % 3) * 50);
      await hit;
    }
    await redis.del('cograg-test-lag');
    t.equal(
      trips,
      0,
      `no trip in 30 commands that each waited 150–250 ms behind the loop (was 30: one per command)`,
    );
    t.equal(shared, 30, 'every count went to Redis');
  },
);

t.test(
  'Redis back: detected in the background, logged, gauge 1 without a request',
  { skip: !hasRedis && 'no redis-server' },
  async (t) => {
    const server = await ownRedis(t);
    // The breaker alone, as the rate limits and the sign-in back-off use it: its log lines.
    const events: string[] = [];
    const plain = new Redis(server.url, { maxRetriesPerRequest: 0 });
    t.teardown(() => plain.disconnect());
    redisWithFallback(plain, () => events.push('degraded'), {
      cooldownMs: 200,
      onRecovered: () => events.push('recovered'),
    });

    const { app } = await buildTestApp(t, {
      env: {
        REDIS_URL: server.url,
        RATE_LIMIT_ENABLED: 'true',
        REDIS_BREAKER_COOLDOWN_MS: '200',
        METRICS_TOKEN: TOKEN,
      },
    });
    const alice = await signUp(app);
    const redisUp = async () => {
      const res = await app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      const line = /^cograg_dependency_up\{dependency="redis"\} (\d)/m.exec(res.body);
      return line ? Number(line[1]) : null;
    };
    t.equal(
      (await app.inject({ method: 'GET', url: '/api/auth/me', headers: alice.headers })).statusCode,
      200,
    );
    t.equal(await redisUp(), 1, 'up while Redis answers');

    await server.stop();
    let up = await redisUp();
    for (let i = 0; i < 50 && up !== 0; i++) {
      await new Promise((r) => setTimeout(r, 100));
      up = await redisUp();
    }
    t.equal(up, 0, 'down once Redis is gone (its connection error opens the breaker, no request needed)');
    // The app's breakers and this one see the same closed socket, each on its own event: under a
    // loaded suite the gauge may read 0 a moment before this breaker's own event has come.
    for (let i = 0; i < 50 && events.length < 1; i++) await new Promise((r) => setTimeout(r, 100));
    t.same(events, ['degraded'], 'the outage is told once');

    await server.start();
    const back = Date.now();
    // No request from here on: only scrapes, which never go through the rate limits.
    for (let i = 0; i < 100 && up !== 1; i++) {
      await new Promise((r) => setTimeout(r, 100));
      up = await redisUp();
    }
    const ms = Date.now() - back;
    t.equal(up, 1, `up again ${ms} ms after Redis came back, without a request (before: 0 until one came)`);
    t.ok(ms < 5000, 'within a few cool-downs (ioredis reconnects with back-off, then the PING)');
    for (let i = 0; i < 50 && events.length < 2; i++) await new Promise((r) => setTimeout(r, 100));
    t.same(events, ['degraded', 'recovered'], 'and the recovery is told (the rate limits log it)');
  },
);
