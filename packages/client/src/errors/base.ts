/**
 * The root of perpkit's error tree.
 *
 * @module
 */

/**
 * Labelled detail lines shown under an error's short message.
 *
 * @example
 * ```ts
 * const details: ErrorDetails = { Endpoint: 'GET /contract/public/depth', Trace: null }
 * const error = new PerpkitError('The request failed', { details })
 * ```
 */
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
  /** One line: what went wrong, without the details. */
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
      /** Lines between the short message and the details (e.g. one per bad field). */
      lines?: readonly string[]
      retryable?: boolean
      cause?: unknown
    } = {},
  ) {
    const details = { Endpoint: options.endpoint, ...options.details }
    super(formatMessage(shortMessage, options.lines ?? [], details), { cause: options.cause })
    this.shortMessage = shortMessage
    this.endpoint = options.endpoint
    this.retryable = options.retryable ?? false
  }

  /**
   * Walks the cause chain from this error (as viem's `BaseError.walk`).
   *
   * @param match - Which error to stop at; without it, the innermost cause.
   * @returns The first error (this one included) that `match` accepts, or
   *   `null`; without `match`, the deepest cause.
   * @example
   * ```ts
   * if (error instanceof PerpkitError) {
   *   const system = error.walk((e) => typeof (e as { code?: unknown }).code === 'string')
   * }
   * ```
   */
  walk(match?: (error: unknown) => boolean): unknown {
    return walk(this, match)
  }
}

/** Causes followed at most: a chain is never longer in practice, and a cycle must end. */
const MAX_CAUSES = 16

/**
 * Walks `error` and its `cause` chain.
 *
 * @param error - Anything caught.
 * @param match - Which error to stop at; without it, the innermost cause.
 * @returns The first link that `match` accepts, or `null`; without `match`,
 *   the deepest link of the chain.
 * @example
 * ```ts
 * const system = walk(error, (e) => typeof (e as { code?: unknown }).code === 'string')
 * ```
 */
export function walk(error: unknown, match?: (error: unknown) => boolean): unknown {
  let current = error
  for (let depth = 0; depth < MAX_CAUSES; depth++) {
    if (match?.(current)) return current
    const next = current instanceof Error ? current.cause : undefined
    if (next === undefined || next === null) return match ? null : current
    current = next
  }
  return match ? null : current
}

function formatMessage(
  shortMessage: string,
  lines: readonly string[],
  details: ErrorDetails,
): string {
  const labelled = Object.entries(details)
    .filter(([, value]) => value !== undefined && value !== null && value !== '')
    .map(([label, value]) => `${label}: ${value}`)
  const head = lines.length === 0 ? shortMessage : `${shortMessage}\n${lines.join('\n')}`
  return labelled.length === 0 ? head : `${head}\n\n${labelled.join('\n')}`
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
 * if (isRetryableError(error)) console.warn('Worth another try in a moment.')
 * ```
 */
export function isRetryableError(error: unknown): boolean {
  return error instanceof PerpkitError && error.retryable
}
