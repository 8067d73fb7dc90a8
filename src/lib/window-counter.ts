import { Redis } from 'ioredis';
import { redisBreakerDefaults, redisWithFallback } from './redis-fallback.ts';

/** One hit counted: the window's count so far (this hit included) and ms until it resets. */
export interface WindowHit {
  count: number;
  ttlMs: number;
}

/** Fixed-window request counters, shared by replicas through Redis when there is one. */
export interface WindowCounter {
  /** Counts one hit for `key` in its current window of `windowMs`; never throws. */
  hit(key: string, windowMs: number): Promise<WindowHit>;
  close(): Promise<void>;
}

/** INCR, and start the window's expiry on its first hit (or if it lost it); atomic in Redis. */
const HIT_SCRIPT = `
local c = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {c, ttl}`;

/** In-process counters; expired windows are swept once the map grows. */
function localCounter(maxEntries = 100_000) {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return (key: string, windowMs: number): WindowHit => {
    const now = Date.now();
    let w = windows.get(key);
    if (!w || w.resetAt <= now) {
      if (windows.size >= maxEntries) for (const [k, v] of windows) if (v.resetAt <= now) windows.delete(k);
      w = { count: 0, resetAt: now + windowMs };
      windows.set(key, w);
    }
    w.count++;
    return { count: w.count, ttlMs: w.resetAt - now };
  };
}

/**
 * Counters in Redis at `redisUrl` (keys `prefix + key`), or in memory when null. While Redis is
 * unreachable (not connected, or a command fails or takes over REDIS_COMMAND_TIMEOUT_MS, after which a circuit breaker sends every hit to memory until a PING answers again) each replica counts in its
 * own memory instead: limits keep holding per replica, so the whole service allows at most
 * replicas × the figure until Redis is back; requests are never refused or failed because Redis
 * is down (docs/widget.md "Limits"). `onDegraded` is told once per outage, `onRecovered` when
 * the breaker's background PING finds Redis back.
 */
export function createWindowCounter(
  redisUrl: string | null,
  options: {
    prefix: string;
    /** The breaker's name on /metrics and in `redisBreakers` (default `rate-limits`): one per counter. */
    name?: string;
    onDegraded?: (err: Error) => void;
    onRecovered?: () => void;
  },
): WindowCounter {
  const local = localCounter();
  if (!redisUrl) return { hit: async (key, windowMs) => local(key, windowMs), close: async () => {} };
  const redis = new Redis(redisUrl, {
    maxRetriesPerRequest: 0,
    connectTimeout: 2000,
    // Only a backstop against commands piling up on a frozen connection: ioredis' own timer fires
    // before the socket is read after a busy event loop, and would trip the breaker with Redis
    // healthy; the breaker's lag-aware timeout (redis-fallback.ts `withTimeout`) decides.
    commandTimeout: redisBreakerDefaults().commandTimeoutMs * 10,
  });
  const run = redisWithFallback(redis, options.onDegraded, {
    name: options.name ?? 'rate-limits',
    ...(options.onRecovered ? { onRecovered: options.onRecovered } : {}),
  });
  return {
    hit: (key, windowMs) =>
      run(
        async () => {
          const [count, ttl] = (await redis.eval(HIT_SCRIPT, 1, options.prefix + key, windowMs)) as [
            number,
            number,
          ];
          return { count, ttlMs: ttl };
        },
        () => local(key, windowMs),
      ),
    async close() {
      redis.disconnect();
    },
  };
}
