/**
 * An error answer of the API: HTTP status, API code and a message, thrown
 * anywhere in a request's handling and written by the request handler.
 *
 * @module
 */
import { apiErrorCodes } from '@perpkit/schemas'

/** An answer with a non-success code. */
export class ApiError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly code: number,
    message: string,
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

/**
 * Code of an unexpected failure inside the sandbox (HTTP 500). Live
 * deployments publish no code for this; the sandbox uses 50000.
 */
export const INTERNAL_ERROR_CODE = 50000

/** The symbol is missing or not listed (40034; 40012 on details). */
export function unknownSymbol(
  symbol: string,
  code: number = apiErrorCodes.UNKNOWN_SYMBOL,
): ApiError {
  return new ApiError(400, code, `Unknown symbol: ${JSON.stringify(symbol)}`)
}
