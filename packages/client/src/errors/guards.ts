/**
 * Errors of the guards that keep a hostile or broken server in check: a
 * redirect that would take the credentials elsewhere, and a body too large
 * to hold.
 *
 * @module
 */
import { PerpkitError } from './base.ts'

/**
 * A redirect was not followed: it pointed to another origin (the request's
 * headers, credentials included, never leave the configured origin), there
 * were too many of them, or a browser hid where it pointed. Never retried.
 *
 * @example
 * ```ts
 * try {
 *   await client.getDepth({ symbol: 'BTCUSDT' })
 * } catch (error) {
 *   if (error instanceof RedirectError) console.error('moved to', error.location)
 * }
 * ```
 */
export class RedirectError extends PerpkitError {
  override name = 'RedirectError'
  /** The HTTP status of the redirect (0 when a browser hid the redirect). */
  readonly httpStatus: number
  /** Where the server pointed, without any user info; `null` when unknown. */
  readonly location: string | null

  constructor(endpoint: string, httpStatus: number, location: string | null, reason: string) {
    super(reason, { endpoint, details: { Status: httpStatus, Location: location } })
    this.httpStatus = httpStatus
    this.location = location
  }
}

/**
 * The response was larger than `maxResponseBytes`: refused from its
 * `Content-Length` before reading, or stopped while streaming as soon as the
 * limit was passed. Never retried.
 *
 * @example
 * ```ts
 * if (error instanceof ResponseTooLargeError) console.error(`over ${error.maxBytes} bytes`)
 * ```
 */
export class ResponseTooLargeError extends PerpkitError {
  override name = 'ResponseTooLargeError'
  readonly httpStatus: number
  /** The limit that was passed, in bytes. */
  readonly maxBytes: number
  /** The `Content-Length` the server announced, if any. */
  readonly contentLength: number | null

  constructor(
    endpoint: string,
    httpStatus: number,
    maxBytes: number,
    contentLength: number | null,
  ) {
    super(
      `The response is larger than maxResponseBytes (${maxBytes} bytes); raise the limit if the payload is legitimate`,
      { endpoint, details: { Status: httpStatus, 'Content-Length': contentLength } },
    )
    this.httpStatus = httpStatus
    this.maxBytes = maxBytes
    this.contentLength = contentLength
  }
}
