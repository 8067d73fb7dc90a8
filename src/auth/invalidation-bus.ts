import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { redisBreakerDefaults, withTimeout } from '../lib/redis-fallback.ts';

/** What a revocation ends, as published to the other replicas. */
export type AuthInvalidation =
  | { kind: 'session'; id: string }
  | { kind: 'user'; id: string }
  | { kind: 'apiKey'; id: string }
  /** Every session of a company's users (a company rename: sessions carry its name). */
  | { kind: 'company'; id: string }
  /** A company's cached list answers (src/lib/list-cache.ts): its documents or topics changed. */
  | { kind: 'lists'; id: string };

/**
 * The Redis channel replicas publish revocations (and list-cache generation bumps) on, inside
 * REDIS_PREFIX. Pub/sub channels ignore the database number (`redis://…/4` and `/9` hear each
 * other), so the prefix and the URL's db number name the channel.
 */
export function invalidationChannel(prefix: string, url = ''): string {
  // The db number of the URL is part of the name too: two installs told apart only by it
  // (`redis://…/4` and `/9`, REDIS_PREFIX left alone) stay apart.
  const db = /^\/(\d+)$/.exec(URL.canParse(url) ? new URL(url).pathname : '')?.[1] ?? '0';
  return `${prefix}db${db}:auth-invalidations`;
}

/** How often the subscription is checked with a PING, ms. */
const HEARTBEAT_MS = 1000;

/**
 * Publishes invalidations to, and receives them from, the other processes sharing REDIS_URL. One
 * per process (src/context.ts), shared by the caches that listen to it.
 */
export interface InvalidationBus {
  /** True while the subscription is live; a process that may have missed messages is not. */
  readonly listening: boolean;
  /** Best effort: a failed publish leaves the other processes to their cache TTL. */
  publish(event: AuthInvalidation): void;
  /**
   * Adds a listener: `onMessage` gets every event, `own` telling this process's from the others';
   * `onGap` runs whenever a (re)subscription is confirmed, since messages published while the
   * subscription was down are lost — the listener then forgets what it cached.
   */
  listen(onMessage: (event: AuthInvalidation, own: boolean) => void, onGap: () => void): void;
  close(): Promise<void>;
}

function parse(message: string): { event: AuthInvalidation; origin: unknown } | null {
  try {
    const v = JSON.parse(message) as { kind?: unknown; id?: unknown; origin?: unknown };
    if (
      (v.kind === 'session' ||
        v.kind === 'user' ||
        v.kind === 'apiKey' ||
        v.kind === 'company' ||
        v.kind === 'lists') &&
      typeof v.id === 'string'
    )
      return { event: { kind: v.kind, id: v.id }, origin: v.origin };
  } catch {
    /* not ours */
  }
  return null;
}

/**
 * Redis pub/sub on `invalidationChannel(prefix)` (a subscribed ioredis connection can do nothing else, so
 * two connections). Each message carries this bus's random id, so listeners can tell their own
 * process's events when they come back.
 */
export function redisInvalidationBus(url: string, prefix = 'cograg:'): InvalidationBus {
  const channel = invalidationChannel(prefix, url);
  const origin = randomUUID();
  const listeners: { onMessage: (event: AuthInvalidation, own: boolean) => void; onGap: () => void }[] = [];
  const options = { maxRetriesPerRequest: 1, connectTimeout: 2000 };
  const publisher = new Redis(url, { ...options, commandTimeout: redisBreakerDefaults().commandTimeoutMs });
  // Subscribed by hand on every 'ready': ioredis' own resubscription happens after 'ready' fires,
  // and only a confirmed subscription makes this replica trust its cache again.
  const subscriber = new Redis(url, { ...options, autoResubscribe: false });
  let listening = false;
  // Errors also surface as 'close' (handled below); without a listener ioredis would log them.
  publisher.on('error', () => {});
  subscriber.on('error', () => {});
  subscriber.on('close', () => {
    listening = false;
  });
  subscriber.on('ready', () => {
    subscriber.subscribe(channel).then(
      () => {
        for (const l of listeners) l.onGap();
        listening = true;
      },
      () => {},
    );
  });
  // A frozen Redis (connection open, no answers) never closes the socket: without a heartbeat the
  // caches would go on trusting a subscription that delivers nothing. A missed PING drops the
  // connection; ioredis reconnects and 'ready' above resubscribes (and tells listeners of the gap).
  const { commandTimeoutMs } = redisBreakerDefaults();
  const heartbeat = setInterval(() => {
    if (subscriber.status !== 'ready') return;
    withTimeout(subscriber.ping(), Math.max(commandTimeoutMs, 250)).catch(() => {
      listening = false;
      subscriber.disconnect(true);
    });
  }, HEARTBEAT_MS);
  heartbeat.unref();
  subscriber.on('message', (_channel: string, message: string) => {
    const parsed = parse(message);
    if (parsed) for (const l of listeners) l.onMessage(parsed.event, parsed.origin === origin);
  });
  return {
    get listening() {
      return listening;
    },
    publish(event) {
      void publisher.publish(channel, JSON.stringify({ ...event, origin })).catch(() => {});
    },
    listen(onMessage, onGap) {
      listeners.push({ onMessage, onGap });
    },
    async close() {
      clearInterval(heartbeat);
      listening = false;
      await Promise.allSettled([publisher.quit(), subscriber.quit()]);
    },
  };
}
