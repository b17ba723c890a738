/**
 * Errors of what the user gave the client: an option refused by
 * `createClient`, or a function option (a hook, `fetch`, `now`, `onDrift`, a
 * rate-limit store) that threw or returned something unusable during a call.
 *
 * @module
 */
import { describeThrow } from '../payload-guard.ts'
import { PerpkitError } from './base.ts'

/** The line that says why such a failure is never retried. */
const NOT_RETRIED =
  'Not retried: the failure is in what was passed to the client, not in the network or the server.'

/**
 * An option is at fault: `createClient` refused it (a one-line message naming
 * it, saying what it must be and what it got), or a function given as an
 * option failed during a call (a `beforeRequest` or `afterResponse` hook or a
 * custom `fetch` that threw, a `now` clock that threw or returned `NaN`, an
 * `onDrift` that threw). What it threw is the `cause`. Never retried, and never
 * a `NetworkError`: only the platform's own network failures are.
 *
 * @example
 * ```ts
 * try {
 *   await client.getDepth({ symbol: 'BTCUSDT' })
 * } catch (error) {
 *   if (error instanceof OptionError) console.error(`check ${error.option}:`, error.cause)
 * }
 * ```
 */
export class OptionError extends PerpkitError {
  override name = 'OptionError'
  /** The option at fault: `credentials.secret`, `hooks.beforeRequest[0]`, `fetch`, `now`, ... */
  readonly option: string
  readonly #lines: readonly string[]

  /**
   * @param option - The option at fault.
   * @param shortMessage - What is wrong, in one line.
   * @param options - The request it failed, extra lines, and what was thrown.
   */
  constructor(
    option: string,
    shortMessage: string,
    options: { endpoint?: string | undefined; lines?: readonly string[]; cause?: unknown } = {},
  ) {
    super(shortMessage, { ...options, retryable: false })
    this.option = option
    this.#lines = options.lines ?? []
  }

  /**
   * The same failure, tied to the request it failed (an `Endpoint:` line).
   *
   * @param endpoint - `GET /contract/public/depth`.
   * @returns A copy with the endpoint, or this error when it already has one.
   */
  forEndpoint(endpoint: string): OptionError {
    if (this.endpoint !== undefined) return this
    return new OptionError(this.option, this.shortMessage, {
      endpoint,
      lines: this.#lines,
      cause: this.cause,
    })
  }
}

/**
 * The error for a function option that threw.
 *
 * @param option - Which option: `hooks.afterResponse[0]`, `fetch`, `now`, ...
 * @param thrown - What it threw (kept as `cause`).
 * @returns The error to throw.
 */
export function thrownBy(option: string, thrown: unknown): OptionError {
  return new OptionError(option, `${option} threw ${describeThrow(thrown)}`, {
    lines: [NOT_RETRIED],
    cause: thrown,
  })
}

/**
 * The error for a function option that returned something the client cannot use.
 *
 * @param option - Which option.
 * @param problem - One line: `now returned NaN, not epoch milliseconds`.
 * @returns The error to throw.
 */
export function unusableResult(option: string, problem: string): OptionError {
  return new OptionError(option, problem, { lines: [NOT_RETRIED] })
}
