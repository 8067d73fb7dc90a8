import type { Redis } from 'ioredis';

/** The circuit breaker's figures: REDIS_COMMAND_TIMEOUT_MS and REDIS_BREAKER_COOLDOWN_MS. */
export interface RedisBreakerOptions {
  /** Longest a request waits for one Redis command before the stand-in answers, ms. */
  commandTimeoutMs: number;
  /** How long the breaker stays open before a background PING may close it again, ms. */
  cooldownMs: number;
}

const defaults: RedisBreakerOptions = { commandTimeoutMs: 500, cooldownMs: 5000 };

/** Sets the figures every breaker created afterwards starts with (src/context.ts, from Config). */
export function setRedisBreakerDefaults(options: RedisBreakerOptions): void {
  Object.assign(defaults, options);
}

/** The figures breakers start with now. */
export const redisBreakerDefaults = (): RedisBreakerOptions => ({ ...defaults });

/** Health of every breaker, by name, for /metrics (`cograg_dependency_up{dependency="redis"}`). */
export const redisBreakers = new Map<string, { open: boolean }>();

class CommandTimeout extends Error {
  override name = 'RedisCommandTimeout';
}

/** `promise`, or a rejection after `ms`. */
export function withTimeout<R>(promise: Promise<R>, ms: number): Promise<R> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new CommandTimeout(`Redis did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Runs a command on Redis while it answers and on this process's in-memory stand-in while it does
 * not, so an unreachable or frozen Redis never fails or holds up a request: shared counters become
 * per-replica ones until it is back (docs/widget.md "Limits", docs/deployment.md "Redis").
 *
 * A circuit breaker (Nygard, "Release It!", ch. 5): a command that fails or takes longer than
 * `commandTimeoutMs` opens it; while open every call goes to `local()` at once (no added latency)
 * and, once `cooldownMs` has passed, one background PING (bounded by the same timeout) closes it
 * when Redis answers. A connection that is not ready also routes to `local()` once an outage was
 * seen; before the first failure, commands wait for the connection, so counts do not split at
 * start. `onDegraded` is told once per outage, `onRecovered` when it ends.
 * @returns `run(shared, local)`: `shared()` on Redis, else `local()`; never rejects for Redis' sake.
 */
export function redisWithFallback(
  redis: Redis,
  onDegraded?: (err: Error) => void,
  options: Partial<RedisBreakerOptions> & { name?: string; onRecovered?: () => void } = {},
) {
  const { commandTimeoutMs, cooldownMs } = { ...defaults, ...options };
  const state = { open: false };
  if (options.name) redisBreakers.set(options.name, state);
  let degraded = false;
  let retryAt = 0;
  let probing = false;
  const open = (err: Error) => {
    if (!degraded) onDegraded?.(err);
    degraded = true;
    state.open = true;
    retryAt = Date.now() + cooldownMs;
  };
  const close = () => {
    if (degraded) options.onRecovered?.();
    degraded = false;
    state.open = false;
  };
  const probe = () => {
    if (probing) return;
    probing = true;
    withTimeout(redis.ping(), commandTimeoutMs)
      .then(close, (err: Error) => open(err))
      .finally(() => (probing = false));
  };
  redis.on('error', (err: Error) => open(err));
  return async function run<R>(shared: () => Promise<R>, local: () => R | Promise<R>): Promise<R> {
    if (state.open) {
      if (Date.now() >= retryAt && redis.status === 'ready') probe();
      return local();
    }
    if (degraded && redis.status !== 'ready') return local();
    try {
      return await withTimeout(shared(), commandTimeoutMs);
    } catch (err) {
      open(err as Error);
      return local();
    }
  };
}
