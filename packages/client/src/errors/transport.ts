/**
 * Errors of the request itself: the parameters, the network, the clock, the
 * caller's abort, and responses that are not what the interface promises.
 *
 * @module
 */
import type { PayloadIssue } from '@perpkit/schemas'
import { PerpkitError, walk } from './base.ts'

/** Issues shown in a message at most; `issues` keeps them all. */
const SHOWN_ISSUES = 5

/** One line naming the fields at fault: `symbol, step` or `[0].price (+3 more)`. */
function summarize(issues: readonly PayloadIssue[]): string {
  const paths = issues.slice(0, 3).map((i) => i.path)
  const more = issues.length - paths.length
  return more > 0 ? `${paths.join(', ')} (+${more} more)` : paths.join(', ')
}

/**
 * The parameters were refused before any request was sent.
 *
 * @example
 * ```ts
 * try {
 *   await client.getTrades({ symbol: 'BTCUSDT', limit: 500 })
 * } catch (error) {
 *   if (error instanceof InvalidParamsError) console.error(error.issues)
 * }
 * ```
 */
export class InvalidParamsError extends PerpkitError {
  override name = 'InvalidParamsError'
  readonly issues: readonly PayloadIssue[]

  constructor(endpoint: string, issues: readonly PayloadIssue[]) {
    super(`Invalid parameters: ${summarize(issues)}`, {
      endpoint,
      lines: issues.map((i) => `  - ${i.path}: ${i.expected} (got ${i.received})`),
    })
    this.issues = issues
  }
}

/**
 * The request worked but the payload does not match the interface: which
 * endpoint, where in the payload, what was expected and what arrived. Never
 * an HTTP error, never retried.
 *
 * @example
 * ```ts
 * if (error instanceof ResponseValidationError) console.error(error.issues[0]?.path)
 * ```
 */
export class ResponseValidationError extends PerpkitError {
  override name = 'ResponseValidationError'
  readonly issues: readonly PayloadIssue[]
  readonly trace: string | null

  constructor(endpoint: string, issues: readonly PayloadIssue[], trace: string | null) {
    super(`The response does not match the interface at ${summarize(issues)}`, {
      endpoint,
      lines: issues
        .slice(0, SHOWN_ISSUES)
        .map((i) => `  - ${i.path}: expected ${i.expected}, received ${i.received}`),
      details: { Trace: trace },
    })
    this.issues = issues
    this.trace = trace
  }
}

/**
 * The body is not the JSON envelope of the interface (a CDN's HTML error
 * page, a truncated body): status, content type and a short excerpt.
 * Retryable when the status is 408, 429 or 5xx.
 *
 * @example
 * ```ts
 * if (error instanceof UnexpectedResponseError) console.error(error.httpStatus, error.excerpt)
 * ```
 */
export class UnexpectedResponseError extends PerpkitError {
  override name = 'UnexpectedResponseError'
  readonly httpStatus: number
  readonly contentType: string | null
  readonly excerpt: string

  constructor(
    endpoint: string,
    httpStatus: number,
    contentType: string | null,
    body: string,
    reason: string,
  ) {
    const excerpt = body.replace(/\s+/g, ' ').trim().slice(0, 120)
    super(reason, {
      endpoint,
      details: { Status: httpStatus, 'Content-Type': contentType, Body: JSON.stringify(excerpt) },
      retryable: httpStatus === 408 || httpStatus === 429 || httpStatus >= 500,
    })
    this.httpStatus = httpStatus
    this.contentType = contentType
    this.excerpt = excerpt
  }
}

/**
 * The request never got a complete response: connection refused or reset,
 * DNS failure, body cut off. Retryable. Only a platform's own network failure
 * (the `TypeError` its `fetch` rejects with, in Node with the system error as
 * `cause`) is one; a throw from code given to the client is an `OptionError`.
 *
 * @example
 * ```ts
 * if (error instanceof NetworkError) console.error('is the service reachable?', error.cause)
 * ```
 */
export class NetworkError extends PerpkitError {
  override name = 'NetworkError'

  /**
   * @param endpoint - `GET /contract/public/depth`.
   * @param cause - What fetch rejected with.
   * @param hint - A line on what is probably wrong (in a browser: CORS).
   */
  constructor(endpoint: string, cause: unknown, hint?: string) {
    super(`The request failed on the network: ${describeNetworkCause(cause)}`, {
      endpoint,
      ...(hint === undefined ? {} : { lines: [hint] }),
      retryable: true,
      cause,
    })
  }
}

/**
 * The most telling reason in a fetch error's cause chain: undici reports
 * "fetch failed" and keeps the system error (`ECONNREFUSED`, `ECONNRESET`,
 * "other side closed") in `cause`.
 */
function describeNetworkCause(error: unknown): string {
  const reasons: string[] = []
  walk(error, (link) => {
    const { message, code } = link as { message?: unknown; code?: unknown }
    const text = typeof message === 'string' && message !== '' ? message : String(link)
    const firstLine = text.split('\n', 1)[0] as string
    reasons.push(
      typeof code === 'string' && !text.includes(code) ? `${firstLine} (${code})` : firstLine,
    )
    return false
  })
  const specific = reasons.filter((r) => r !== 'fetch failed')
  return (specific.length > 0 ? specific : reasons).join(': ')
}

/**
 * No complete response within the timeout (headers and body). Retryable.
 *
 * @example
 * ```ts
 * if (error instanceof TimeoutError) console.error(`gave up after ${error.timeoutMs} ms`)
 * ```
 */
export class TimeoutError extends PerpkitError {
  override name = 'TimeoutError'
  readonly timeoutMs: number

  constructor(endpoint: string, timeoutMs: number) {
    super(`The request timed out after ${timeoutMs} ms`, { endpoint, retryable: true })
    this.timeoutMs = timeoutMs
  }
}

/**
 * The caller aborted (its `AbortSignal` fired). Never retried.
 *
 * @example
 * ```ts
 * const controller = new AbortController()
 * const pending = client.getDepth({ symbol: 'BTCUSDT' }, { signal: controller.signal })
 * controller.abort()
 * await pending.catch((error) => error instanceof AbortError) // true
 * ```
 */
export class AbortError extends PerpkitError {
  override name = 'AbortError'

  constructor(endpoint: string | undefined, cause?: unknown) {
    super('The request was aborted', { endpoint, cause })
  }
}
