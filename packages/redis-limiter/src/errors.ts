/**
 * The error of a shared limiter that cannot reach its store.
 *
 * @module
 */
import { PerpkitError } from '@perpkit/client'

/**
 * Redis was unreachable, too slow or failed while a request waited for a
 * rate-limit slot, and the store fails closed (`onRedisError: 'fail-closed'`).
 * The request was not sent. Retryable: the client's retries try again once
 * Redis answers.
 *
 * @example
 * ```ts
 * try {
 *   await client.getDepth({ symbol: 'BTCUSDT' })
 * } catch (error) {
 *   if (error instanceof RedisLimiterError) console.error('rate limiter down:', error.shortMessage)
 * }
 * ```
 */
export class RedisLimiterError extends PerpkitError {
  override name = 'RedisLimiterError'

  /**
   * @param key - The rate-limit key (endpoint at its origin) that waited.
   * @param cause - What Redis (or the timeout) said.
   */
  constructor(key: string, cause: unknown) {
    super('The shared rate limiter could not reach Redis; the request was not sent', {
      details: { Key: key, Reason: (cause as Error | undefined)?.message ?? String(cause) },
      retryable: true,
      cause,
    })
  }
}
