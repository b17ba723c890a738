/**
 * From a read body to a success envelope, or to the error the body means:
 * not JSON, not the envelope, an API error code, or a success code on an
 * HTTP error.
 *
 * @module
 */
import type { Envelope } from '@perpkit/schemas'
import { describeValue, readEnvelope } from '@perpkit/schemas/decoders'
import { SUCCESS_CODE } from '@perpkit/schemas/lite'
import { createApiError } from './errors/api.ts'
import { ResponseValidationError, UnexpectedResponseError } from './errors/transport.ts'
import { parseRetryAfter, type RateLimitInfo } from './rate-limit-headers.ts'

/** A response whose envelope says success. */
export interface RawResponse {
  envelope: Envelope
  /** The envelope's trace id. */
  trace: string | null
  response: Response
  rateLimit: RateLimitInfo | null
  attempts: number
}

/**
 * Reads a response whose body is in.
 *
 * @param response - The HTTP response (body already read).
 * @param text - Its body.
 * @param label - `GET /contract/public/depth`, for errors.
 * @param rateLimit - Its rate-limit headers, parsed once by the caller (which
 *   has already told the limiter).
 * @param attempts - Attempts made so far, this one included.
 * @returns The success envelope and its response.
 * @throws {@link ApiError} for an error code, {@link UnexpectedResponseError}
 *   for a body that is not the envelope, {@link ResponseValidationError} for a
 *   200 whose JSON is not the envelope.
 */
export function readResponse(
  response: Response,
  text: string,
  label: string,
  rateLimit: RateLimitInfo | null,
  attempts: number,
): RawResponse {
  const status = response.status
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    throw unexpected(
      response,
      text,
      label,
      response.ok
        ? 'The response body is not valid JSON'
        : `HTTP ${status} with a body that is not JSON`,
    )
  }
  const envelope = readEnvelope(json)
  if (envelope === undefined) {
    if (!response.ok) {
      throw unexpected(response, text, label, `HTTP ${status} without the JSON envelope`)
    }
    throw new ResponseValidationError(
      label,
      [
        {
          path: '(root)',
          expected: 'the envelope { code, message, trace, data }',
          received: describeValue(json),
        },
      ],
      null,
    )
  }
  if (envelope.code !== SUCCESS_CODE) {
    const retryAfterMs =
      parseRetryAfter(response.headers) ?? (status === 429 ? (rateLimit?.windowMs ?? null) : null)
    throw createApiError({
      code: envelope.code,
      message: envelope.message,
      trace: envelope.trace,
      httpStatus: status,
      endpoint: label,
      rateLimit,
      retryAfterMs,
    })
  }
  if (!response.ok) {
    throw unexpected(response, text, label, `HTTP ${status} with a success envelope`)
  }
  return { envelope, trace: envelope.trace, response, rateLimit, attempts }
}

function unexpected(
  response: Response,
  text: string,
  label: string,
  reason: string,
): UnexpectedResponseError {
  const contentType = response.headers.get('content-type')
  return new UnexpectedResponseError(label, response.status, contentType, text, reason)
}
