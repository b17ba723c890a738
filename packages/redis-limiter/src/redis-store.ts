/**
 * The client's rate-limit store on Redis: one budget per endpoint for every
 * process (and machine) that shares an egress IP.
 *
 * @module
 */
import {
  checkPositiveMs,
  InProcessRateLimitStore,
  invalidOption,
  MAX_TIMER_MS,
  OptionError,
  type RateLimitInfo,
  type RateLimitSlot,
  type RateLimitStore,
} from '@perpkit/client'
import { checkRateLimitBudget } from '@perpkit/schemas/lite'
import type { RedisCommands } from './run-script.ts'
import { BLOCK } from './scripts.ts'
import { SlotQueue } from './slot-queue.ts'
import { type Budget, type RedisStoreWarning, StoreCore } from './store-core.ts'

/**
 * Options of {@link createRedisStore}.
 *
 * @example
 * ```ts
 * const options: RedisStoreOptions = { redis, onRedisError: 'fallback', keyPrefix: 'egress-a:' }
 * ```
 */
export interface RedisStoreOptions {
  /**
   * Your connected node-redis client (`await createClient({ url }).connect()`)
   * or Redis Cluster client (`await createCluster({ rootNodes }).connect()`).
   * Give it an `'error'` listener, as node-redis asks: it reconnects on its own.
   */
  redis: RedisCommands
  /**
   * When Redis is unreachable, errs or is slower than `commandTimeoutMs`:
   * `'fail-closed'` rejects the waiting requests with a
   * {@link RedisLimiterError} (retryable: the client's retries try again) and
   * never sends over a budget; `'fallback'` hands them to the in-process
   * limiter, after an `onWarning` call, and goes back to Redis once it answers.
   * @default 'fail-closed'
   */
  onRedisError?: 'fail-closed' | 'fallback'
  /**
   * Called once when the store falls back, and once when Redis is back.
   * An error it throws is ignored: the requests go on.
   * @default console.warn of the warning's message
   */
  onWarning?: (warning: RedisStoreWarning) => void
  /**
   * Prefix of every key. Budgets are per egress IP: processes behind another
   * IP need another prefix.
   * @default 'perpkit:rate-limit:'
   */
  keyPrefix?: string
  /** Longest wait for one Redis command, in ms. @default 500 */
  commandTimeoutMs?: number
  /**
   * How long a slot may stay in flight before it frees itself (a process died
   * holding it), in ms. Keep it above the client's `timeout`.
   * @default 60000
   */
  slotLeaseMs?: number
  /** In fallback mode, how long to leave Redis alone after it failed, in ms. @default 1000 */
  retryIntervalMs?: number
  /** The in-process store used in fallback mode. @default new InProcessRateLimitStore() */
  fallback?: RateLimitStore
}

/**
 * Creates a rate-limit store on Redis. Every process that passes a store on
 * the same Redis (and key prefix) to its clients shares one budget per
 * endpoint: a slot counts while in flight and for a window from its
 * response's arrival, on the Redis server's clock; a 429 or 418 seen by one
 * process holds them all back. Within a process, waiters are served first in,
 * first out.
 *
 * @param options - The connected client and the failure policy.
 * @returns The store, for `createClient({ rateLimit: { store } })`.
 * @throws OptionError (from `@perpkit/client`) for a missing client or a bad option.
 * @example
 * ```ts
 * import { createClient } from '@perpkit/client'
 * import { createRedisStore } from '@perpkit/redis-limiter'
 * import { createClient as createRedisClient } from 'redis'
 *
 * const redis = await createRedisClient({ url: 'redis://127.0.0.1:6379' })
 *   .on('error', (error) => console.error('redis', error))
 *   .connect()
 * const store = createRedisStore({ redis, onRedisError: 'fallback' })
 * const client = createClient({ baseUrl: 'https://api.example.com', rateLimit: { store } })
 * ```
 */
export function createRedisStore(options: RedisStoreOptions): RateLimitStore {
  return new RedisRateLimitStore(options)
}

class RedisRateLimitStore implements RateLimitStore {
  readonly #core: StoreCore
  readonly #queues = new Map<string, SlotQueue>()

  constructor(options: RedisStoreOptions) {
    if (typeof options?.redis?.sendCommand !== 'function') {
      throw new OptionError(
        'redis',
        'createRedisStore needs { redis }: a connected node-redis client (await createClient({ url }).connect()) or cluster (await createCluster({ rootNodes }).connect())',
      )
    }
    const onRedisError = options.onRedisError ?? 'fail-closed'
    if (onRedisError !== 'fail-closed' && onRedisError !== 'fallback') {
      throw invalidOption('onRedisError', "'fail-closed' or 'fallback'", onRedisError)
    }
    this.#core = new StoreCore({
      redis: options.redis,
      keyPrefix: options.keyPrefix ?? 'perpkit:rate-limit:',
      onRedisError,
      fallback: options.fallback ?? new InProcessRateLimitStore(),
      onWarning: options.onWarning ?? ((warning) => console.warn(warning.message)),
      commandTimeoutMs: positiveMs('commandTimeoutMs', options.commandTimeoutMs, 500),
      slotLeaseMs: positiveMs('slotLeaseMs', options.slotLeaseMs, 60_000),
      retryIntervalMs: positiveMs('retryIntervalMs', options.retryIntervalMs, 1000),
    })
  }

  acquire(key: string, budget: Budget, signal?: AbortSignal): Promise<RateLimitSlot> {
    if (signal?.aborted) return Promise.reject(signal.reason)
    if (this.#core.isDown()) return this.#core.whenDown(key, budget, signal)
    const id = `${key} ${budget.limit}/${budget.windowMs}`
    let queue = this.#queues.get(id)
    if (!queue) {
      try {
        checkRateLimitBudget(budget, 'budget')
      } catch (error) {
        return Promise.reject(new OptionError('budget', (error as Error).message))
      }
      queue = new SlotQueue(this.#core, key, budget)
      this.#queues.set(id, queue)
    }
    return queue.acquire(signal)
  }

  observe(key: string, budget: Budget, info: RateLimitInfo): void {
    if (this.#core.fallsBack) this.#core.fallback.observe(key, budget, info)
    this.#core.followLimit(key, info.limit)
    if (info.used >= info.limit) this.#block(key, info.windowMs ?? budget.windowMs)
  }

  block(key: string, budget: Budget, ms: number): void {
    if (this.#core.fallsBack) this.#core.fallback.block(key, budget, ms)
    this.#block(key, ms)
  }

  #block(key: string, ms: number): void {
    if (this.#core.isDown() || !(ms > 0)) return
    // Whole ms (PX takes nothing else), and never beyond what a timer can wait.
    const ceiled = Math.min(MAX_TIMER_MS, Math.ceil(ms))
    this.#core.fireAndForget(BLOCK, [this.#core.redisKeys(key).block], [ceiled])
  }
}

/** An optional duration: its default when left out, else a positive number of ms. */
function positiveMs(name: string, value: number | undefined, fallback: number): number {
  return value === undefined ? fallback : checkPositiveMs(name, value)
}
