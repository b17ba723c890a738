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
 * let refusedWhenFull = 0
 * const options: MemoryReplayStoreOptions = { maxEntries: 200_000, onFull: () => refusedWhenFull++ }
 * const store = createMemoryReplayStore(options)
 * ```
 */
export interface MemoryReplayStoreOptions {
  /**
   * Most signatures kept at once. A signature is kept until its window closes, so size it for
   * your peak accepted requests per window (the default covers 3,300 req/s over a 30 s window
   * either way). When every slot holds a live signature the store fails closed: it forgets
   * none, and `setIfAbsent` throws (`'replay-store-full'`), which `verifyRequest` answers as
   * `'replay-unavailable'` (503, 30014) until entries expire.
   * @default 200_000
   */
  maxEntries?: number | undefined
  /** The store's clock, for expiry. @default Date.now */
  now?: (() => number) | undefined
  /**
   * Called each time a new signature is refused because the store is full: count it, log it,
   * alert on it. Never given a key.
   */
  onFull?: (() => void) | undefined
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
 * store.size // 1
 * ```
 */
export interface MemoryReplayStore extends ReplayStore {
  /**
   * Stores `key` for `ttlMs` ms if absent; `true` when stored, `false` for a replay.
   * @throws {SignerError} `'replay-store-full'` when `maxEntries` live signatures are held.
   */
  setIfAbsent(key: string, ttlMs: number): boolean
  /** Signatures held now (expired ones not yet swept included). */
  readonly size: number
}

/**
 * A replay store in this process's memory: enough for one instance. Entries expire after
 * their TTL. The store is bounded (`maxEntries`) and never forgets a live signature to make
 * room: when full, it refuses new ones (fail closed) and calls `onFull`.
 *
 * @param options - Bound, clock and the full-store hook.
 * @returns A {@link ReplayStore}.
 * @throws {SignerError} `'invalid-argument'` when `maxEntries` is not a positive integer.
 *
 * @example
 * ```ts
 * import { createMemoryReplayStore } from '@perpkit/signer'
 *
 * const store = createMemoryReplayStore({ onFull: () => console.warn('replay store full') })
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
  const onFull = options.onFull
  // key -> expiry (epoch ms). Insertion order is roughly expiry order (TTLs are similar), so
  // expired entries are swept from the front; when that leaves the store full, one full sweep
  // looks for expired entries further in, and none runs again before the earliest expiry it
  // saw (so a full store costs one pass per expiry, not one per request).
  const entries = new Map<string, number>()
  let noFullSweepBefore = Number.NEGATIVE_INFINITY
  const sweepAll = (time: number): void => {
    let earliest = Number.POSITIVE_INFINITY
    for (const [key, expiry] of entries) {
      if (expiry <= time) entries.delete(key)
      else if (expiry < earliest) earliest = expiry
    }
    noFullSweepBefore = earliest
  }
  return {
    get size() {
      return entries.size
    },
    setIfAbsent(key, ttlMs) {
      const time = now()
      const expiry = entries.get(key)
      if (expiry !== undefined && expiry > time) return false
      entries.delete(key)
      for (const [oldKey, oldExpiry] of entries) {
        if (oldExpiry > time) break
        entries.delete(oldKey)
      }
      if (entries.size >= maxEntries && time >= noFullSweepBefore) sweepAll(time)
      if (entries.size >= maxEntries) {
        onFull?.()
        throw new SignerError(
          'replay-store-full',
          `The replay store holds ${maxEntries} signatures still inside their window: raise ` +
            'maxEntries, or share a Redis store.',
        )
      }
      const newExpiry = time + ttlMs
      if (newExpiry < noFullSweepBefore) noFullSweepBefore = newExpiry
      entries.set(key, newExpiry)
      return true
    },
  }
}
