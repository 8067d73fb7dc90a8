import { cacheLookups } from '../metrics/registry.ts';
import { TtlLru } from './ttl-lru.ts';
import type { InvalidationBus } from '../auth/invalidation-bus.ts';

/**
 * Serialized answers of the list routes read far more often than written (`GET /api/documents`,
 * `GET /api/topics`, `GET /api/public/topics`), per company, valid while the company's
 * generation is unchanged. Every write that can change such a list calls `bump(companyId)` after
 * its commit (plugins/list-cache.ts for the API's writes, the ingestion worker for status
 * changes); with Redis the bump reaches the other processes over the invalidation channel.
 * Staleness bounds: docs/benchmarks.md "Request path".
 */
export interface ListCache {
  /** True while answers are served from memory: on, and with Redis, subscribed. */
  readonly active: boolean;
  /**
   * The answer's body for (`companyId`, `key`), UTF-8 JSON bytes: cached, or `load()`ed and
   * cached unless the company's generation moved meanwhile (a read racing a write must not store
   * the older answer). Bytes, not text: a hit is written to the socket as it is, with no UTF-8
   * encoding of a 10–15 kB answer per request (docs/benchmarks.md, request path round 11).
   */
  body(companyId: string, key: string, load: () => Promise<Buffer>): Promise<Buffer>;
  /** The company's lists changed (call after the commit); published to the other processes. */
  bump(companyId: string): void;
}

export interface ListCacheOptions {
  /** Answers kept at most (all companies); 0 turns the cache off. */
  capacity: number;
  /** Longest an answer is served, ms: the bound for a change made by a process that cannot tell us. */
  ttlMs: number;
  /** The processes' invalidation channel (with REDIS_URL); null in a single process. */
  bus: InvalidationBus | null;
}

/** `key` for a route and its validated query: the query's keys sorted, so their order does not split entries. */
export function listKey(route: string, query: object): string {
  const q = query as Record<string, unknown>;
  return `${route}?${JSON.stringify(
    Object.keys(q)
      .sort()
      .map((k) => [k, q[k]]),
  )}`;
}

/** Builds the cache (see ListCache). */
export function createListCache(options: ListCacheOptions): ListCache {
  const entries = new TtlLru<string, { companyId: string; generation: number; body: Buffer }>(
    options.capacity,
    options.ttlMs,
  );
  // Per company: bumped by every change. `epoch` moves when a subscription gap may have lost bumps.
  const generations = new Map<string, number>();
  let epoch = 0;
  const generationOf = (companyId: string) => epoch * 2 ** 32 + (generations.get(companyId) ?? 0);
  const forget = (companyId: string) => {
    generations.set(companyId, (generations.get(companyId) ?? 0) + 1);
    entries.deleteWhere((e) => e.companyId === companyId);
  };
  const forgetAll = () => {
    epoch++;
    entries.clear();
  };
  const bus = options.capacity > 0 ? options.bus : null;
  bus?.listen((event, own) => {
    // Our own bump came back: already applied, and forgetting again would drop answers loaded
    // since, for nothing.
    if (event.kind === 'lists' && !own) forget(event.id);
  }, forgetAll);
  const usable = () => options.capacity > 0 && (bus === null || bus.listening);

  return {
    get active() {
      return usable();
    },
    async body(companyId, key, load) {
      if (!usable()) return load();
      const id = `${companyId}\n${key}`;
      const seen = generationOf(companyId);
      const hit = entries.get(id);
      if (hit && hit.generation === seen) {
        cacheLookups.inc({ cache: 'list', result: 'hit' });
        return hit.body;
      }
      cacheLookups.inc({ cache: 'list', result: 'miss' });
      const body = await load();
      if (usable() && generationOf(companyId) === seen)
        entries.set(id, { companyId, generation: seen, body });
      return body;
    },
    bump(companyId) {
      if (options.capacity === 0) return;
      forget(companyId);
      bus?.publish({ kind: 'lists', id: companyId });
    },
  };
}
