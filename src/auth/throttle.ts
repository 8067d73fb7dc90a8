import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { AppError } from '../lib/errors.ts';
import { redisWithFallback } from '../lib/redis-fallback.ts';

/**
 * Failed-attempt counters with exponential back-off instead of a hard lockout (OWASP
 * Authentication Cheat Sheet, "Login Throttling"): after `free` failures on a key, each further
 * failure makes the key wait 1 s, 2 s, 4 s … up to MAX_DELAY_S before the next attempt. A
 * success clears the key. Counters live in Redis when configured (shared by replicas), else in
 * memory.
 */
export interface ThrottleKey {
  key: string;
  /** Failures allowed before the back-off starts. */
  free: number;
  /** Kept on success: a client IP's count decays with time only, whoever logs in from it. */
  sticky?: boolean;
}

/** The longest wait, seconds (15 min). */
export const MAX_DELAY_S = 900;
/** A key is forgotten this long after its last failure, ms. */
const FORGET_AFTER_MS = 15 * 60_000;
const MEMORY_MAX_KEYS = 100_000;

/** Seconds to wait after the `count`-th failure of a key allowing `free` failures. */
export function backoffSeconds(count: number, free: number): number {
  return count <= free ? 0 : Math.min(2 ** (count - free - 1), MAX_DELAY_S);
}

interface Entry {
  count: number;
  /** Epoch ms before which the key is refused. */
  until: number;
}

interface Store {
  get(key: string): Promise<Entry | null>;
  increment(key: string, ttlMs: number): Promise<number>;
  setUntil(key: string, until: number, ttlMs: number): Promise<void>;
  delete(key: string): Promise<void>;
}

function memoryStore(): Store {
  const map = new Map<string, Entry & { expires: number }>();
  const live = (key: string) => {
    const e = map.get(key);
    if (e && e.expires <= Date.now()) map.delete(key);
    return map.get(key) ?? null;
  };
  return {
    get: async (key) => live(key),
    increment: async (key, ttlMs) => {
      const e = live(key) ?? { count: 0, until: 0, expires: 0 };
      map.delete(key); // re-insert: the Map's order is then least recently failed first
      map.set(key, { ...e, count: e.count + 1, expires: Date.now() + ttlMs });
      if (map.size > MEMORY_MAX_KEYS) map.delete(map.keys().next().value!);
      return e.count + 1;
    },
    setUntil: async (key, until) => {
      const e = map.get(key);
      if (e) e.until = until;
    },
    delete: async (key) => void map.delete(key),
  };
}

function redisStore(redis: Redis): Store {
  const k = (key: string) => `cograg-throttle:${key}`;
  return {
    get: async (key) => {
      const h = await redis.hgetall(k(key));
      return h.count ? { count: Number(h.count), until: Number(h.until ?? 0) } : null;
    },
    increment: async (key, ttlMs) => {
      const res = await redis.multi().hincrby(k(key), 'count', 1).pexpire(k(key), ttlMs).exec();
      return Number(res?.[0]?.[1] ?? 1);
    },
    setUntil: async (key, until, ttlMs) => {
      await redis.multi().hset(k(key), 'until', String(until)).pexpire(k(key), ttlMs).exec();
    },
    delete: async (key) => void (await redis.del(k(key))),
  };
}

/**
 * Redis while it answers, this process's memory while it does not (not connected, or a command
 * fails), as the rate limits do (src/lib/redis-fallback.ts), so an unreachable Redis
 * never fails a request; back-offs then hold per replica until it is back.
 */
function resilientStore(redis: Redis): Store {
  const shared = redisStore(redis);
  const local = memoryStore();
  const run = redisWithFallback(redis);
  const pick =
    <A extends unknown[], R>(method: (s: Store) => (...args: A) => Promise<R>) =>
    (...args: A): Promise<R> =>
      run(
        () => method(shared)(...args),
        () => method(local)(...args),
      );
  return {
    get: pick((s) => s.get),
    increment: pick((s) => s.increment),
    setUntil: pick((s) => s.setUntil),
    delete: pick((s) => s.delete),
  };
}

export interface Throttle {
  /** Seconds before any of `keys` may try again; 0 = now. */
  retryAfter(keys: string[]): Promise<number>;
  /** Seconds before each of `keys` may try again, in their order; 0 = now. */
  waits(keys: string[]): Promise<number[]>;
  /** Counts a failure on each key and starts its back-off once past its `free` failures. */
  fail(keys: ThrottleKey[]): Promise<void>;
  /** Forgets the keys' failures (a successful attempt). */
  succeed(keys: string[]): Promise<void>;
}

/** A throttle over Redis (shared by replicas; memory while it is down) or, with `redis` null, this process's memory. */
export function createThrottle(redis: Redis | null): Throttle {
  const store = redis ? resilientStore(redis) : memoryStore();
  const waits = async (keys: string[]) => {
    const now = Date.now();
    const entries = await Promise.all(keys.map((key) => store.get(key)));
    return entries.map((e) => (e && e.until > now ? Math.ceil((e.until - now) / 1000) : 0));
  };
  return {
    waits,
    async retryAfter(keys) {
      return Math.max(0, ...(await waits(keys)));
    },
    async fail(keys) {
      await Promise.all(
        keys.map(async ({ key, free }) => {
          const count = await store.increment(key, FORGET_AFTER_MS);
          const delay = backoffSeconds(count, free);
          if (delay > 0) {
            await store.setUntil(key, Date.now() + delay * 1000, Math.max(FORGET_AFTER_MS, 2000 * delay));
          }
        }),
      );
    },
    async succeed(keys) {
      await Promise.all(keys.map((key) => store.delete(key)));
    },
  };
}

/** A throttle that never refuses (RATE_LIMIT_ENABLED=false). */
export const noThrottle: Throttle = {
  retryAfter: async () => 0,
  waits: async (keys) => keys.map(() => 0),
  fail: async () => {},
  succeed: async () => {},
};

/**
 * The keys a password or provider sign-in counts against: the client IP (one address trying
 * many accounts: 10 free failures), the e-mail from that IP (5), and the e-mail from anywhere
 * (50, against a distributed guess) — so an attacker elsewhere slows a victim only after many
 * failures, and never locks them out.
 */
export function loginKeys(ip: string, email?: string): ThrottleKey[] {
  const keys: ThrottleKey[] = [{ key: `login:ip:${ip}`, free: 10, sticky: true }];
  if (email) {
    const e = email.toLowerCase();
    keys.push({ key: `login:email-ip:${e}|${ip}`, free: 5 }, { key: `login:email:${e}`, free: 50 });
  }
  return keys;
}

/** Default free failures of `credentialKeys`: per client IP (20), per credential text (5). */
export const CREDENTIAL_FREE = { perIp: 20, perCredential: 5 } as const;

/**
 * The keys a credential that failed verification (a forged or malformed token, an unknown API key)
 * counts against: the client IP (`free.perIp` failures, AUTH_BACKOFF_FREE_PER_IP, default 20, kept
 * while the address keeps failing) and the credential itself, by a hash of its text
 * (`free.perCredential`, AUTH_BACKOFF_FREE_PER_CREDENTIAL, default 5: a revoked key that a thousand
 * browsers still send is slowed everywhere). Only failing credentials and requests without any are
 * ever checked against them (plugins/auth.ts): a token whose signature verifies or a key that
 * exists passes whatever its address did.
 */
export const credentialKeys = (
  ip: string,
  credential: string,
  free: { perIp: number; perCredential: number } = CREDENTIAL_FREE,
): ThrottleKey[] => [
  { key: `credentials:ip:${ip}`, free: free.perIp, sticky: true },
  {
    key: `credentials:secret:${createHash('sha256').update(credential).digest('base64url').slice(0, 22)}`,
    free: free.perCredential,
  },
];

/**
 * 429 RATE_LIMIT_EXCEEDED with `retryAfter` seconds and `reason: 'FAILED_ATTEMPTS'` (the request
 * rate's 429 says `REQUEST_RATE`), with the headers every 429 carries: `Retry-After`, and
 * `X-RateLimit-Limit` = the failures allowed before the back-off, `-Remaining` 0, `-Reset` = the wait.
 */
export const tooManyAttempts = (retryAfter: number, free: number) =>
  new AppError(429, 'RATE_LIMIT_EXCEEDED', `Too many failed attempts; retry in ${retryAfter} s`, {
    extra: { retryAfter, reason: 'FAILED_ATTEMPTS' },
    headers: {
      'retry-after': retryAfter,
      'x-ratelimit-limit': free,
      'x-ratelimit-remaining': 0,
      'x-ratelimit-reset': retryAfter,
    },
  });

/**
 * @throws 429 while any key backs off (tooManyAttempts, naming the longest wait). A refused attempt
 *   counts as a failure on the sticky (IP) keys only, so hammering an address makes it wait
 *   longer, while the other keys — which a stranger could push up for a victim — grow only with
 *   real attempts.
 */
export async function refuseWhileBackingOff(throttle: Throttle, keys: ThrottleKey[]): Promise<void> {
  const waits = await throttle.waits(keys.map((k) => k.key));
  const wait = Math.max(0, ...waits);
  if (wait === 0) return;
  const blocking = keys[waits.indexOf(wait)]!;
  await throttle.fail(keys.filter((k) => k.sticky));
  throw tooManyAttempts(wait, blocking.free);
}

/**
 * Runs a sign-in attempt under `keys`: refused with 429 while any key is backing off; a 401 or
 * 403 counts as a failure on every key, a success clears the non-sticky ones.
 */
export async function throttled<T>(
  throttle: Throttle,
  keys: ThrottleKey[],
  attempt: () => Promise<T>,
): Promise<T> {
  await refuseWhileBackingOff(throttle, keys);
  let result: T;
  try {
    result = await attempt();
  } catch (err) {
    if (err instanceof AppError && (err.statusCode === 401 || err.statusCode === 403))
      await throttle.fail(keys);
    throw err;
  }
  await throttle.succeed(keys.filter((k) => !k.sticky).map((k) => k.key));
  return result;
}
