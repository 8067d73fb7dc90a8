/**
 * A least-recently-used map with a size cap and a time to live per entry. A Map keeps insertion
 * order, so re-inserting on a hit makes its first key the least recently used one. Expired
 * entries are dropped when read (no timers: nothing runs while nobody asks).
 */
export class TtlLru<K, V> {
  readonly #entries = new Map<K, { value: V; expiresAt: number }>();
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
    this.#entries.delete(key);
    if (entry.expiresAt <= now) return undefined;
    this.#entries.set(key, entry);
    return entry.value;
  }

  set(key: K, value: V, now = Date.now()): void {
    this.#entries.delete(key);
    this.#entries.set(key, { value, expiresAt: now + this.#ttlMs });
    if (this.#entries.size > this.#capacity) this.#entries.delete(this.#entries.keys().next().value!);
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
