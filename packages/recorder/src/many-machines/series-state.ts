/**
 * What a record series remembers between polls, in Redis, so that whichever
 * worker runs the next poll deduplicates against the last one: the newest
 * time stored and the identities of the last batch's rows. A short
 * lock per series keeps two polls of it from running at once; the state is
 * saved only by the lock's holder.
 *
 * @module
 */
import { randomBytes } from 'node:crypto'
import type { Redis } from './redis.ts'

/** The last poll of a series. */
interface SeriesState {
  /** Newest time stored (ms): last trade time, or last settlement time. */
  newest: number
  /** Identities of the last batch's rows (see `identity` in datasets/dedup.ts). */
  keys?: string[]
}

/** One series' lock, state reads and writes. */
export interface SeriesHandle {
  /** The state saved by the last poll, or undefined before the first. */
  read(): Promise<SeriesState | undefined>
  /**
   * Saves the state if this poll still holds the lock.
   *
   * @returns Whether it was saved (false: the lock expired and another poll may run).
   */
  save(state: SeriesState): Promise<boolean>
  /**
   * Extends the lock by its lifetime from now, if still held.
   *
   * @returns Whether it was extended.
   */
  renew(): Promise<boolean>
  /** Releases the lock, if still held. */
  release(): Promise<void>
}

const SAVE = `if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('SET', KEYS[2], ARGV[2]) return 1 end return 0`
const RENEW = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end return 0`
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`

/**
 * The Redis key of a series' state (its lock is `<key>:lock`).
 *
 * @param queue - The queue name (one deployment).
 * @param dataset - Dataset name.
 * @param symbol - Symbol.
 * @returns `perpkit:record:<queue>:<dataset>:<symbol>`.
 * @example
 * ```ts
 * seriesKey('perpkit-recorder', 'market-trade', 'BTCUSDT')
 * // 'perpkit:record:perpkit-recorder:market-trade:BTCUSDT'
 * ```
 */
export function seriesKey(queue: string, dataset: string, symbol: string): string {
  return `perpkit:record:${queue}:${dataset}:${symbol}`
}

/**
 * Takes the lock of a series for `ttlMs` (it lapses by itself when its
 * holder dies).
 *
 * @param redis - A connected client.
 * @param key - From {@link seriesKey}.
 * @param ttlMs - Lock lifetime: longer than a poll.
 * @returns The handle, or undefined when another poll holds the lock.
 * @example
 * ```ts
 * import { createClient } from 'redis'
 *
 * const redis = await createClient({ url: 'redis://127.0.0.1:6379' }).connect()
 * const series = await lockSeries(redis as never, seriesKey('q', 'market-trade', 'BTCUSDT'), 30_000)
 * if (series !== undefined) {
 *   const last = await series.read()
 *   await series.save({ newest: last?.newest ?? 0 })
 *   await series.release()
 * }
 * ```
 */
export async function lockSeries(
  redis: Redis,
  key: string,
  ttlMs: number,
): Promise<SeriesHandle | undefined> {
  const lock = `${key}:lock`
  const token = randomBytes(12).toString('hex')
  const taken = await redis.set(lock, token, {
    condition: 'NX',
    expiration: { type: 'PX', value: ttlMs },
  })
  if (taken === null) return undefined
  return {
    read: async () => {
      const text = await redis.get(key)
      return text === null ? undefined : (JSON.parse(String(text)) as SeriesState)
    },
    save: async (state) =>
      Number(
        await redis.sendCommand(['EVAL', SAVE, '2', lock, key, token, JSON.stringify(state)]),
      ) === 1,
    renew: async () =>
      Number(await redis.sendCommand(['EVAL', RENEW, '1', lock, token, String(ttlMs)])) === 1,
    release: async () => {
      await redis.sendCommand(['EVAL', RELEASE, '1', lock, token])
    },
  }
}
