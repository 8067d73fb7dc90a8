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

/**
 * `promise`, or a rejection once it has had `ms` of this process's attention. A timer callback runs
 * before the event loop's poll phase, where sockets are read: after the loop was held (a parse, a
 * tokenizer, a busy machine) the timer fired first and rejected a reply that was already in the
 * socket, so Redis looked slow when the process was (46 breaker trips in the audit, Redis healthy).
 * So the verdict waits for that poll phase (setImmediate), and a timer that itself ran late by
 * more than half of `ms` (the loop was held) grants one more `ms`: at most about 2 × `ms` plus the
 * hold. `onLag` hears of each extension.
 */
export function withTimeout<R>(
  promise: Promise<R>,
  ms: number,
  onLag?: (lateMs: number) => void,
): Promise<R> {
  return new Promise<R>((resolve, reject) => {
    let settled = false;
    let extended = false;
    let timer: NodeJS.Timeout | undefined;
    const arm = () => {
      const due = performance.now() + ms;
      timer = setTimeout(() => {
        const lateMs = performance.now() - due;
        setImmediate(() => {
          if (settled) return;
          if (!extended && lateMs > ms / 2) {
            extended = true;
            onLag?.(lateMs);
            return arm();
          }
          settled = true;
          reject(new CommandTimeout(`Redis did not answer within ${ms} ms`));
        });
      }, ms);
    };
    arm();
    promise.then(
      (value) => {
        settled = true;
        clearTimeout(timer);
        resolve(value);
      },
      (err: unknown) => {
        settled = true;
        clearTimeout(timer);
        reject(err as Error);
      },
    );
  });
}

/**
 * Runs a command on Redis while it answers and on this process's in-memory stand-in while it does
 * not, so an unreachable or frozen Redis never fails or holds up a request: shared counters become
 * per-replica ones until it is back (docs/widget.md "Limits", docs/deployment.md "Redis").
 *
 * A circuit breaker (Nygard, "Release It!", ch. 5): a command that fails or takes longer than
 * `commandTimeoutMs` opens it; while open every call goes to `local()` at once (no added latency)
 * and, every `cooldownMs`, a PING from a background timer (bounded by the same timeout) closes it
 * when Redis answers — with or without requests, so `cograg_dependency_up{dependency="redis"}`
 * turns 1 on an idle replica too. A connection that is not ready also routes to `local()` once an outage was
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
  let ended = false;
  let watcher: NodeJS.Timeout | null = null;
  const open = (err: Error) => {
    if (!degraded) onDegraded?.(err);
    degraded = true;
    state.open = true;
    retryAt = Date.now() + cooldownMs;
    if (!watcher && !ended) {
      watcher = setInterval(() => {
        if (redis.status === 'ready') probe();
      }, cooldownMs);
      watcher.unref();
    }
  };
  const close = () => {
    if (watcher) clearInterval(watcher);
    watcher = null;
    if (degraded) options.onRecovered?.();
    degraded = false;
    state.open = false;
  };
  const probe = () => {
    if (probing || ended) return;
    probing = true;
    withTimeout(redis.ping(), commandTimeoutMs)
      .then(close, (err: Error) => open(err))
      .finally(() => (probing = false));
  };
  redis.on('error', (err: Error) => open(err));
  // disconnect()/quit(): no more probes (the interval would keep a closed client pinging).
  redis.on('end', () => {
    ended = true;
    if (watcher) clearInterval(watcher);
    watcher = null;
  });
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
