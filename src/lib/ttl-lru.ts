interface Entry<V> {
  value: V;
  expiresAt: number;
  /** Read since it was last (re)inserted: spared once by eviction (the CLOCK bit). */
  used: boolean;
}

/**
 * A map with a size cap and a time to live per entry, evicting by CLOCK, the second-chance
 * approximation of least-recently-used (Corbató, 1968): a hit only sets the entry's `used` bit,
 * so reads, the hot path of authentication and the answer cache, never reorder the Map; when the
 * cap is passed, the oldest entries with the bit set are moved to the back (bit cleared) and the
 * first one without it is evicted. Expired entries are dropped when read (no timers: nothing runs
 * while nobody asks).
 */
export class TtlLru<K, V> {
  readonly #entries = new Map<K, Entry<V>>();
  readonly #capacity: number;
  readonly #ttlMs: number;

  /**
   * @param capacity entries kept at most (≥ 1)
   * @param ttlMs how long an entry may be served after it was set, ms
   */
  constructor(capacity: number, ttlMs: number) {
    this.#capacity = Math.max(1, capacity);
    this.#ttlMs = ttlMs;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The live value of `key`, or undefined when absent or expired (then dropped). */
  get(key: K, now = Date.now()): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= now) {
      this.#entries.delete(key);
      return undefined;
    }
    entry.used = true;
    return entry.value;
  }

  set(key: K, value: V, now = Date.now()): void {
    this.#entries.delete(key);
    this.#entries.set(key, { value, expiresAt: now + this.#ttlMs, used: false });
    // Each pass clears a bit or evicts, so this ends within 2 × size steps.
    while (this.#entries.size > this.#capacity) {
      const [oldest, entry] = this.#entries.entries().next().value!;
      this.#entries.delete(oldest);
      // The entry being set is never the one evicted: it goes round once more.
      if (entry.used || oldest === key) {
        entry.used = false;
        this.#entries.set(oldest, entry);
      }
    }
  }

  delete(key: K): void {
    this.#entries.delete(key);
  }

  /** Drops every entry whose value matches; O(size), for rare invalidations by a secondary key. */
  deleteWhere(match: (value: V) => boolean): void {
    for (const [key, entry] of this.#entries) if (match(entry.value)) this.#entries.delete(key);
  }

  clear(): void {
    this.#entries.clear();
  }
}
