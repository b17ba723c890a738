import { SignerError } from './errors.ts'

/**
 * Where {@link verifyRequest} remembers the signatures it accepted, so the same signed
 * request is refused the second time (`'replay'`). One method: store `key` for `ttlMs`
 * milliseconds unless it is already there, atomically, and say whether it was stored. A
 * shared store (Redis: `createRedisReplayStore` from `@perpkit/redis-limiter`) makes every
 * instance behind a load balancer refuse a replay.
 *
 * @example
 * ```ts
 * import type { ReplayStore } from '@perpkit/signer'
 *
 * // node-redis: SET key 1 NX PX ttl answers 'OK' only when the key was absent.
 * declare const redis: { set(key: string, value: string, options: object): Promise<string | null> }
 * const store: ReplayStore = {
 *   setIfAbsent: async (key, ttlMs) => (await redis.set(`replay:${key}`, '1', { NX: true, PX: ttlMs })) === 'OK',
 * }
 * ```
 */
export interface ReplayStore {
  /**
   * Stores `key` for `ttlMs` milliseconds if it is absent. Resolves `true` when it stored it
   * (first sight), `false` when the key was already there (a replay). Must be atomic.
   */
  setIfAbsent(key: string, ttlMs: number): boolean | Promise<boolean>
}

/**
 * Options of {@link createMemoryReplayStore}.
 *
 * @example
 * ```ts
 * import { createMemoryReplayStore, type MemoryReplayStoreOptions } from '@perpkit/signer'
 *
 * const options: MemoryReplayStoreOptions = { maxEntries: 200_000 }
 * const store = createMemoryReplayStore(options)
 * ```
 */
export interface MemoryReplayStoreOptions {
  /**
   * Most signatures kept at once. Beyond it the entry closest to expiry is dropped, and that
   * one request could be replayed until its window closes: size it for your peak accepted
   * requests per window (the default covers 3,300 req/s over a 30 s window either way).
   * @default 200_000
   */
  maxEntries?: number | undefined
  /** The store's clock, for expiry. @default Date.now */
  now?: (() => number) | undefined
}

/**
 * The in-process {@link ReplayStore}: its answer is synchronous.
 *
 * @example
 * ```ts
 * import { createMemoryReplayStore, type MemoryReplayStore } from '@perpkit/signer'
 *
 * const store: MemoryReplayStore = createMemoryReplayStore()
 * const first: boolean = store.setIfAbsent('sig', 1000)
 * ```
 */
export interface MemoryReplayStore extends ReplayStore {
  /** Stores `key` for `ttlMs` ms if absent; `true` when stored, `false` for a replay. */
  setIfAbsent(key: string, ttlMs: number): boolean
}

/**
 * A replay store in this process's memory: enough for one instance. Entries expire after
 * their TTL and the store is bounded (`maxEntries`).
 *
 * @param options - Bound and clock.
 * @returns A {@link ReplayStore}.
 * @throws {SignerError} `'invalid-argument'` when `maxEntries` is not a positive integer.
 *
 * @example
 * ```ts
 * import { createMemoryReplayStore } from '@perpkit/signer'
 *
 * const store = createMemoryReplayStore()
 * store.setIfAbsent('sig', 60_000) // true: first sight
 * store.setIfAbsent('sig', 60_000) // false: a replay
 * ```
 */
export function createMemoryReplayStore(options: MemoryReplayStoreOptions = {}): MemoryReplayStore {
  const maxEntries = options.maxEntries ?? 200_000
  if (!Number.isInteger(maxEntries) || maxEntries < 1) {
    throw new SignerError('invalid-argument', 'maxEntries must be a positive integer.')
  }
  const now = options.now ?? Date.now
  // key -> expiry (epoch ms). Insertion order is roughly expiry order (TTLs are similar), so
  // expired entries are swept from the front.
  const entries = new Map<string, number>()
  return {
    setIfAbsent(key, ttlMs) {
      const time = now()
      const expiry = entries.get(key)
      if (expiry !== undefined && expiry > time) return false
      entries.delete(key)
      for (const [oldKey, oldExpiry] of entries) {
        if (oldExpiry > time && entries.size < maxEntries) break
        entries.delete(oldKey)
      }
      entries.set(key, time + ttlMs)
      return true
    },
  }
}
