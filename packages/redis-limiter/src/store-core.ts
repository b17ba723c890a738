/**
 * What the local queues of one store share: the Redis client, the settings,
 * the limits the server's headers taught, and the state of the connection
 * (up, or down and falling back or failing closed).
 *
 * @module
 */
import { randomUUID } from 'node:crypto'
import type { RateLimitSlot, RateLimitStore } from '@perpkit/client'
import { RedisLimiterError } from './errors.ts'
import { type RedisCommands, runScript } from './run-script.ts'
import type { Script } from './scripts.ts'

/** An endpoint's budget, as the client passes it. */
export type Budget = Parameters<RateLimitStore['acquire']>[1]

/**
 * Something the store tells the application (a fallback, a recovery).
 *
 * @example
 * ```ts
 * const onWarning = (warning: RedisStoreWarning) => {
 *   if (warning.kind === 'fallback') console.error(warning.message, warning.cause)
 *   else console.info(warning.message)
 * }
 * ```
 */
export interface RedisStoreWarning {
  /** `'fallback'`: Redis failed, the in-process limiter took over; `'recovered'`: Redis is back. */
  kind: 'fallback' | 'recovered'
  /** One line for a log. */
  message: string
  /** What Redis (or the timeout) said, for `'fallback'`. */
  cause?: unknown
}

/** Settings a store runs with (every default filled in). */
export interface CoreSettings {
  redis: RedisCommands
  keyPrefix: string
  onRedisError: 'fail-closed' | 'fallback'
  fallback: RateLimitStore
  onWarning: (warning: RedisStoreWarning) => void
  commandTimeoutMs: number
  slotLeaseMs: number
  retryIntervalMs: number
}

/** The state every queue of one store shares. */
export class StoreCore {
  readonly redis: RedisCommands
  readonly commandTimeoutMs: number
  readonly slotLeaseMs: number
  readonly #settings: CoreSettings
  /** Unique per store, so slot ids of different processes never collide. */
  readonly #id = randomUUID()
  #sequence = 0
  /** The latest limit the server's headers reported, per key. */
  readonly #limits = new Map<string, number>()
  #down = false
  #downUntil = 0
  /** How many times Redis came back: see {@link StoreCore.epoch}. */
  #recoveries = 0
  #lastError: unknown

  constructor(settings: CoreSettings) {
    this.#settings = settings
    this.redis = settings.redis
    this.commandTimeoutMs = settings.commandTimeoutMs
    this.slotLeaseMs = settings.slotLeaseMs
  }

  get fallsBack(): boolean {
    return this.#settings.onRedisError === 'fallback'
  }

  get fallback(): RateLimitStore {
    return this.#settings.fallback
  }

  /** The Redis keys of a rate-limit key; one hash tag, so they share a Cluster slot. */
  redisKeys(key: string): { log: string; inflight: string; block: string } {
    const base = `${this.#settings.keyPrefix}{${key}}`
    return { log: `${base}:log`, inflight: `${base}:inflight`, block: `${base}:block` }
  }

  /** A fresh prefix for the ids of the slots one acquire may grant. */
  nextIdPrefix(): string {
    this.#sequence += 1
    return `${this.#id}:${this.#sequence}:`
  }

  /** The budget's limit, or the lower one the server's headers last reported (at least 1). */
  limitOf(key: string, budget: Budget): number {
    const reported = this.#limits.get(key)
    return reported === undefined ? budget.limit : Math.min(budget.limit, reported)
  }

  /**
   * Follows the limit the server's headers report: the latest one counts (never
   * above the budget, at least one request), so one odd header lowers the budget
   * only until the next response says otherwise.
   */
  followLimit(key: string, limit: number): void {
    if (limit > 0) this.#limits.set(key, Math.max(1, Math.floor(limit)))
  }

  /** Whether to skip Redis for now (falling back, between two tries). */
  isDown(): boolean {
    return this.fallsBack && this.#down && Date.now() < this.#downUntil
  }

  /**
   * What a command notes as it is sent, for {@link StoreCore.failed}: how
   * many times Redis came back so far.
   */
  get epoch(): number {
    return this.#recoveries
  }

  /**
   * A command failed: in fallback mode, Redis is left alone for
   * `retryIntervalMs`. One sent before Redis last came back is old news (it
   * waited through the outage, as node-redis holds commands while it
   * reconnects, and timed out or met the restart): it changes nothing.
   *
   * @param error - Why it failed.
   * @param epoch - {@link StoreCore.epoch} when it was sent.
   * @returns Whether the failure counted (Redis may be down).
   */
  failed(error: unknown, epoch: number): boolean {
    if (epoch !== this.#recoveries) return false
    this.#lastError = error
    this.#downUntil = Date.now() + this.#settings.retryIntervalMs
    if (this.#down) return true
    this.#down = true
    if (this.fallsBack) {
      this.#warn({
        kind: 'fallback',
        message: `@perpkit/redis-limiter: Redis failed (${messageOf(error)}); falling back to the in-process rate limiter, which does not share budgets across processes`,
        cause: error,
      })
    }
    return true
  }

  /** A command succeeded. */
  recovered(): void {
    if (!this.#down) return
    this.#down = false
    this.#recoveries += 1
    if (this.fallsBack) {
      this.#warn({
        kind: 'recovered',
        message: '@perpkit/redis-limiter: Redis answers again; budgets are shared again',
      })
    }
  }

  /**
   * Tells the application; what its callback throws is dropped, as it would
   * otherwise strand the waiters being handed to the fallback (and reject
   * promises nobody awaits).
   */
  #warn(warning: RedisStoreWarning): void {
    try {
      this.#settings.onWarning(warning)
    } catch {
      // The store goes on: a broken logger must not stop requests.
    }
  }

  /** A slot while Redis is down: from the fallback, or a {@link RedisLimiterError}. */
  whenDown(key: string, budget: Budget, signal: AbortSignal | undefined): Promise<RateLimitSlot> {
    if (this.fallsBack) return this.fallback.acquire(key, budget, signal)
    return Promise.reject(new RedisLimiterError(key, this.#lastError))
  }

  /**
   * Runs a script whose answer nobody waits for, sent even while the client
   * reconnects; a failure counts as Redis failing.
   */
  fireAndForget(script: Script, keys: string[], args: (string | number)[]): void {
    const epoch = this.epoch
    runScript(this.redis, script, keys, args, this.commandTimeoutMs, true).then(
      () => this.recovered(),
      (error: unknown) => this.failed(error, epoch),
    )
  }

  /**
   * Runs a script that must reach Redis, such as a release: a lost one would
   * keep its slot taken until the lease ends, and freeze the budget meanwhile
   * (a Redis Cluster master that dies loses every command sent to it until the
   * client finds the new master). Sent even while the client reconnects, and
   * sent again after each failure (50 ms, then twice as long each time, at
   * most 1 s apart) until Redis answers or `until` (epoch ms) has passed. The
   * scripts sent this way are idempotent: a late first copy that runs after a
   * later one changes nothing that counts. Retries do not keep the process alive.
   *
   * @param script - The script.
   * @param keys - Its KEYS.
   * @param args - Its ARGV.
   * @param until - When to stop trying (the slot's lease has ended by then).
   * @param onFailure - Called after each failure (the caller may be unsure of its budget).
   * @param onDone - Called once Redis ran it.
   */
  deliver(
    script: Script,
    keys: string[],
    args: (string | number)[],
    until: number,
    onFailure: () => void,
    onDone?: () => void,
  ): void {
    const send = (pause: number): void => {
      const epoch = this.epoch
      runScript(this.redis, script, keys, args, this.commandTimeoutMs, true).then(
        () => {
          this.recovered()
          onDone?.()
        },
        (error: unknown) => {
          this.failed(error, epoch)
          onFailure()
          if (Date.now() + pause >= until) return
          setTimeout(send, pause, Math.min(2 * pause, MAX_DELIVERY_PAUSE_MS)).unref?.()
        },
      )
    }
    send(FIRST_DELIVERY_PAUSE_MS)
  }
}

/** The first pause before a failed delivery is sent again. */
const FIRST_DELIVERY_PAUSE_MS = 50

/** The longest pause between two tries of one delivery. */
const MAX_DELIVERY_PAUSE_MS = 1000

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
