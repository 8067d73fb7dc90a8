import type { Redis } from 'ioredis';

/**
 * Runs a command on Redis while it answers and on this process's in-memory stand-in while it does
 * not (not connected, or a command fails), so an unreachable Redis never fails a request: shared
 * counters become per-replica ones until it is back (docs/widget.md "Limits"). Until the first
 * failure, commands wait for the connection, so counts do not split at start. `onDegraded` is told
 * once per outage.
 * @returns `run(shared, local)`: `shared()` on Redis, else `local()`.
 */
export function redisWithFallback(redis: Redis, onDegraded?: (err: Error) => void) {
  let degraded = false;
  const degrade = (err: Error) => {
    if (!degraded) onDegraded?.(err);
    degraded = true;
  };
  redis.on('error', degrade);
  redis.on('ready', () => (degraded = false));
  return async function run<R>(shared: () => Promise<R>, local: () => R | Promise<R>): Promise<R> {
    if (degraded && redis.status !== 'ready') return local();
    try {
      return await shared();
    } catch (err) {
      degrade(err as Error);
      return local();
    }
  };
}
