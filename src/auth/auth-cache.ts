import { cacheLookups } from '../metrics/registry.ts';
import { TtlLru } from '../lib/ttl-lru.ts';
import type { SessionUser } from './sessions.repository.ts';
import type { AuthInvalidation, InvalidationBus } from './invalidation-bus.ts';

export type { AuthInvalidation } from './invalidation-bus.ts';

/** What authenticating an API key needs from its record. */
export interface CachedApiKey {
  id: string;
  companyId: string;
  authorizedDomains: string[];
  requireHttps: boolean;
  /**
   * Visitors may open originals (0067): decides whether `sources` carry signed links. Cached like
   * the rest, so every key update's invalidation (updateApiKey) covers it; the file route still
   * checks the column itself, in its query.
   */
  allowOriginals?: boolean;
  /** Visitor tokens (0016): the encrypted HS256 secret, the JWKS URL, and whether one is required. */
  visitor?: { secretCiphertext: string | null; jwksUrl: string | null; required: boolean };
}

export type { Revocations } from './revocations.ts';
import type { Revocations } from './revocations.ts';

/**
 * Sessions and API keys as last read from the database, so that an authenticated request needs
 * no round trip (docs/auth.md "Caching and revocation"). Only live credentials are cached.
 * Every revocation goes through `invalidate`, after its transaction commits; with a bus, the
 * other replicas drop their copies too.
 */
export interface AuthCache extends Revocations {
  /** True while entries are served: the cache is on and, with Redis, subscribed to revocations. */
  readonly active: boolean;
  /** The session's user: cached, or `load()`ed and cached when live. */
  session(
    sessionId: string,
    userId: string,
    load: () => Promise<SessionUser | null>,
  ): Promise<SessionUser | null>;
  /** The key with SHA-256 `keyHash`: cached, or `load()`ed and cached when it exists. */
  apiKey(keyHash: string, load: () => Promise<CachedApiKey | null>): Promise<CachedApiKey | null>;
  /**
   * The session's user if cached and served now (same rules as `session`), else undefined:
   * synchronous, so an authenticated request can pass without a promise (plugins/auth.ts).
   */
  peekSession(sessionId: string, userId: string): SessionUser | undefined;
  /** The key's record if cached and served now, else undefined (synchronous, like `peekSession`). */
  peekApiKey(keyHash: string): CachedApiKey | undefined;
}

export interface AuthCacheOptions {
  /** Entries per kind (sessions, API keys); 0 turns the cache off. */
  capacity: number;
  /** Longest an entry is served without re-reading the database, ms: the bound when a message is lost. */
  ttlMs: number;
  /** The processes' invalidation channel (with REDIS_URL); null with a single process. */
  bus: InvalidationBus | null;
}

/**
 * Builds the cache. A load that started before an invalidation is not stored (a generation
 * counter, bumped by every invalidation), so a read racing a revocation cannot resurrect it.
 * With Redis, the cache is bypassed whenever the subscription is down: messages may be missed.
 */
export function createAuthCache(options: AuthCacheOptions): AuthCache {
  const sessions = new TtlLru<string, SessionUser>(options.capacity, options.ttlMs);
  const keys = new TtlLru<string, CachedApiKey>(options.capacity, options.ttlMs);
  let generation = 0;
  const forget = (event: AuthInvalidation) => {
    if (event.kind === 'lists') return; // the list cache's, on the same channel
    generation++;
    if (event.kind === 'session') sessions.delete(event.id);
    else if (event.kind === 'user') sessions.deleteWhere((u) => u.userId === event.id);
    else if (event.kind === 'company') sessions.deleteWhere((u) => u.companyId === event.id);
    else keys.deleteWhere((k) => k.id === event.id);
  };
  const forgetAll = () => {
    generation++;
    sessions.clear();
    keys.clear();
  };
  const bus = options.capacity > 0 ? options.bus : null;
  bus?.listen(forget, forgetAll);
  const usable = () => options.capacity > 0 && (bus === null || bus.listening);

  async function through<V>(map: TtlLru<string, V>, key: string, load: () => Promise<V | null>) {
    if (!usable()) return load();
    const hit = map.get(key);
    const cache = map === (keys as unknown) ? 'api_key' : 'session';
    cacheLookups.inc({ cache, result: hit !== undefined ? 'hit' : 'miss' });
    if (hit !== undefined) return hit;
    const seen = generation;
    const value = await load();
    if (value !== null && seen === generation && usable()) map.set(key, value);
    return value;
  }

  return {
    get active() {
      return usable();
    },
    async session(sessionId, userId, load) {
      const user = await through(sessions, sessionId, load);
      // The session id is random; a token naming another user for it is refused by the loader.
      return user && user.userId === userId ? user : user === null ? null : load();
    },
    apiKey: (keyHash, load) => through(keys, keyHash, load),
    peekSession(sessionId, userId) {
      if (!usable()) return undefined;
      const user = sessions.get(sessionId);
      return user?.userId === userId ? user : undefined;
    },
    peekApiKey: (keyHash) => (usable() ? keys.get(keyHash) : undefined),
    invalidate(event) {
      forget(event);
      bus?.publish(event);
    },
  };
}
