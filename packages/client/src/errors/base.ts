/**
 * The root of perpkit's error tree.
 *
 * @module
 */

/** Labelled detail lines shown under an error's short message. */
export type ErrorDetails = Record<string, string | number | null | undefined>

/**
 * Base class of every error perpkit throws. The message is a short line, then
 * labelled details (`Endpoint:`, `Status:`, `Code:`, `Trace:`), so a log line
 * says what failed and where to look. Credentials never appear in messages.
 *
 * @example
 * ```ts
 * try {
 *   await client.getDepth({ symbol: 'BTCUSDT' })
 * } catch (error) {
 *   if (error instanceof PerpkitError) console.error(error.shortMessage)
 * }
 * ```
 */
export class PerpkitError extends Error {
  override name = 'PerpkitError'
  /** The first line of the message, without the details. */
  readonly shortMessage: string
  /** `GET /contract/public/depth`, when the error belongs to a request. */
  readonly endpoint: string | undefined
  /** Whether trying the same request again later may succeed. */
  readonly retryable: boolean

  constructor(
    shortMessage: string,
    options: {
      endpoint?: string | undefined
      details?: ErrorDetails
      retryable?: boolean
      cause?: unknown
    } = {},
  ) {
    super(formatMessage(shortMessage, { Endpoint: options.endpoint, ...options.details }), {
      cause: options.cause,
    })
    this.shortMessage = shortMessage
    this.endpoint = options.endpoint
    this.retryable = options.retryable ?? false
  }
}

function formatMessage(shortMessage: string, details: ErrorDetails): string {
  const lines = Object.entries(details)
    .filter(([, value]) => value !== undefined && value !== null && value !== '')
    .map(([label, value]) => `${label}: ${value}`)
  return lines.length === 0 ? shortMessage : `${shortMessage}\n\n${lines.join('\n')}`
}

/**
 * True for any error perpkit throws.
 *
 * @param error - Anything caught.
 * @returns Whether it is a {@link PerpkitError}.
 * @example
 * ```ts
 * if (isPerpkitError(error)) console.error(error.shortMessage)
 * ```
 */
export function isPerpkitError(error: unknown): error is PerpkitError {
  return error instanceof PerpkitError
}

/**
 * True when trying the same request again later may succeed (rate limits,
 * timeouts, network failures, 5xx, maintenance).
 *
 * @param error - Anything caught.
 * @returns Whether the error is a retryable {@link PerpkitError}.
 * @example
 * ```ts
 * if (isRetryableError(error)) scheduleLater()
 * ```
 */
export function isRetryableError(error: unknown): boolean {
  return error instanceof PerpkitError && error.retryable
}
