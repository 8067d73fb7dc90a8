import { Redis } from 'ioredis';

/** What a revocation ends, as published to the other replicas. */
export type AuthInvalidation =
  | { kind: 'session'; id: string }
  | { kind: 'user'; id: string }
  | { kind: 'apiKey'; id: string }
  /** Every session of a company's users (a company rename: sessions carry its name). */
  | { kind: 'company'; id: string }
  /** A company's cached list answers (src/lib/list-cache.ts): its documents or topics changed. */
  | { kind: 'lists'; id: string; origin?: string };

/** The Redis channel replicas publish revocations (and list-cache generation bumps) on. */
export const INVALIDATION_CHANNEL = 'cog-rag:auth-invalidations';

/** Publishes revocations to, and receives them from, the other replicas sharing REDIS_URL. */
export interface InvalidationBus {
  /** True while the subscription is live; a replica that may have missed messages is not. */
  readonly listening: boolean;
  /** Best effort: a failed publish leaves the other replicas to their cache TTL. */
  publish(event: AuthInvalidation): void;
  close(): Promise<void>;
}

function parse(message: string): AuthInvalidation | null {
  try {
    const v = JSON.parse(message) as { kind?: unknown; id?: unknown; origin?: unknown };
    if (v.kind === 'lists' && typeof v.id === 'string')
      return typeof v.origin === 'string'
        ? { kind: v.kind, id: v.id, origin: v.origin }
        : { kind: v.kind, id: v.id };
    if (
      (v.kind === 'session' ||
        v.kind === 'user' ||
        v.kind === 'apiKey' ||
        v.kind === 'company' ||
        v.kind === 'lists') &&
      typeof v.id === 'string'
    )
      return { kind: v.kind, id: v.id };
  } catch {
    /* not ours */
  }
  return null;
}

/**
 * Redis pub/sub on INVALIDATION_CHANNEL (a subscribed ioredis connection can do nothing else, so
 * two connections). `onMessage` gets every revocation, this replica's own included; `onGap` is
 * called whenever the subscription drops, since messages published meanwhile are lost — the
 * caller then forgets what it cached.
 */
export function redisInvalidationBus(
  url: string,
  onMessage: (event: AuthInvalidation) => void,
  onGap: () => void,
): InvalidationBus {
  const options = { maxRetriesPerRequest: 1, connectTimeout: 2000 };
  const publisher = new Redis(url, options);
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
    subscriber.subscribe(INVALIDATION_CHANNEL).then(
      () => {
        onGap();
        listening = true;
      },
      () => {},
    );
  });
  subscriber.on('message', (_channel: string, message: string) => {
    const event = parse(message);
    if (event) onMessage(event);
  });
  return {
    get listening() {
      return listening;
    },
    publish(event) {
      void publisher.publish(INVALIDATION_CHANNEL, JSON.stringify(event)).catch(() => {});
    },
    async close() {
      listening = false;
      await Promise.allSettled([publisher.quit(), subscriber.quit()]);
    },
  };
}
