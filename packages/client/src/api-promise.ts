/**
 * The promise every endpoint method returns.
 *
 * @module
 */
import type { Drift, Envelope } from '@perpkit/schemas'
import type { RateLimitInfo } from './rate-limit-headers.ts'

/**
 * A call's model together with everything about the response it came from.
 *
 * @example
 * ```ts
 * const { data, trace, rateLimit } = await client.getDepth({ symbol: 'BTCUSDT' }).withResponse()
 * ```
 */
export interface ApiResponse<T> {
  /** The normalized model (what awaiting the call alone gives). */
  data: T
  /** The raw envelope, `data` still in wire form (keys no model reads included). */
  envelope: Envelope
  /**
   * Keys of `envelope.data` no model reads, and optional keys it lacked, by
   * path pattern (`data.symbols[].risk_note`); `null` when the payload
   * carries exactly what the model reads, and for `request()`. Worked out
   * when first read: it is a getter of the response's class, so reading or
   * destructuring it works, and a spread copy leaves it out.
   */
  drift: Drift | null
  /** The envelope's trace id (quote it in support requests). */
  trace: string | null
  /** The HTTP response (its body already read). */
  response: Response
  /** The rate-limit headers, parsed; `null` when there were none. */
  rateLimit: RateLimitInfo | null
  /** Attempts made, 1 when the first one succeeded. */
  attempts: number
}

/**
 * A promise of the model, with `.withResponse()` for the envelope, the trace,
 * the HTTP response and the rate-limit state. The request starts at once.
 *
 * @example
 * ```ts
 * const book = await client.getDepth({ symbol: 'BTCUSDT' })
 * const { data, response } = await client.getDepth({ symbol: 'BTCUSDT' }).withResponse()
 * ```
 */
export class ApiPromise<T> implements PromiseLike<T> {
  readonly #response: Promise<ApiResponse<T>>

  constructor(response: Promise<ApiResponse<T>>) {
    this.#response = response
  }

  /** Resolves with the model and the response it came from. */
  withResponse(): Promise<ApiResponse<T>> {
    return this.#response
  }

  /** Resolves with the model, as `Promise.prototype.then`. */
  // biome-ignore lint/suspicious/noThenProperty: this class is a promise by design.
  then<A = T, B = never>(
    onFulfilled?: ((value: T) => A | PromiseLike<A>) | null,
    onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): Promise<A | B> {
    // One step, not `.then((r) => r.data).then(...)`: a promise fewer per call.
    return this.#response.then(
      onFulfilled ? (r) => onFulfilled(r.data) : (r) => r.data as unknown as A,
      onRejected,
    )
  }

  /** Handles a failure of the call, as `Promise.prototype.catch`. */
  catch<B = never>(onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null): Promise<T | B> {
    return this.then(undefined, onRejected)
  }

  /** Runs `onFinally` once the call settles, as `Promise.prototype.finally`. */
  finally(onFinally?: (() => void) | null): Promise<T> {
    return this.then().finally(onFinally)
  }

  get [Symbol.toStringTag](): string {
    return 'ApiPromise'
  }
}
