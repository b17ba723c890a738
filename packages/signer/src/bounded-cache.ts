/**
 * How many secrets each key cache (WebCrypto `CryptoKey`s, `node:crypto` `KeyObject`s) keeps.
 * See key-cache.ts for why the caches are keyed by the secret and bounded.
 */
export const keyCacheCapacity = 16

/**
 * A map that keeps at most `maxEntries` entries, evicting the least recently used. Used for
 * imported HMAC keys; see key-cache.ts for why the keys are secret strings and why the bound.
 */
export class BoundedCache<V> {
  readonly #entries = new Map<string, V>()
  readonly #maxEntries: number

  constructor(maxEntries: number) {
    this.#maxEntries = maxEntries
  }

  /** The value for `key`, now marked most recently used; `undefined` when absent. */
  get(key: string): V | undefined {
    const entries = this.#entries
    const value = entries.get(key)
    if (value !== undefined && entries.size > 1) {
      // Move to the most recently used end: Map iteration follows insertion order.
      entries.delete(key)
      entries.set(key, value)
    }
    return value
  }

  /** The value for `key` without touching its recency; `undefined` when absent. */
  peek(key: string): V | undefined {
    return this.#entries.get(key)
  }

  /** Stores a value (replacing in place if present) and evicts the oldest beyond the bound. */
  set(key: string, value: V): void {
    const entries = this.#entries
    entries.set(key, value)
    if (entries.size > this.#maxEntries) {
      const oldest = entries.keys().next()
      if (oldest.done !== true) entries.delete(oldest.value)
    }
  }

  /** Removes one entry. */
  delete(key: string): void {
    this.#entries.delete(key)
  }

  /** Removes every entry. */
  clear(): void {
    this.#entries.clear()
  }
}
