import { assertCredentialField } from './credentials.ts'
import { SignerError } from './errors.ts'

/**
 * Input of {@link buildPrehash}.
 *
 * @example
 * ```ts
 * import { type BuildPrehashParameters, buildPrehash } from '@perpkit/signer'
 *
 * const parameters: BuildPrehashParameters = { timestamp: 1700000000000, memo: 'my-memo', body: '' }
 * buildPrehash(parameters) // '1700000000000#my-memo#'
 * ```
 */
export interface BuildPrehashParameters {
  /**
   * Epoch milliseconds, exactly as sent in the timestamp header: a non-negative integer or a
   * string of digits (used verbatim).
   */
  timestamp: number | string
  /** The memo of the API credentials. */
  memo: string
  /**
   * The signed body, already chosen by the body rule: the query string for GET and DELETE
   * (or `''` under the `'empty'` GET rule), the exact JSON text for POST and PUT. See
   * {@link buildSignedBody}.
   */
  body: string
}

const digits = /^\d+$/

/**
 * Returns a timestamp as the digits that go into the prehash and the timestamp header.
 *
 * @throws {SignerError} `'invalid-argument'` unless it is a non-negative safe integer or a
 *   string of digits.
 */
export function formatTimestamp(timestamp: unknown): string {
  if (typeof timestamp === 'number' && Number.isSafeInteger(timestamp) && timestamp >= 0) {
    return String(timestamp)
  }
  if (typeof timestamp === 'string' && digits.test(timestamp)) return timestamp
  // A number is echoed; a string is not, in case a secret or memo landed in the wrong field.
  const got =
    typeof timestamp === 'number'
      ? String(timestamp)
      : typeof timestamp === 'string'
        ? `a string of ${timestamp.length} characters that are not all digits`
        : typeof timestamp
  throw new SignerError(
    'invalid-argument',
    `timestamp must be epoch milliseconds: a non-negative integer or a string of digits, got ${got}.`,
  )
}

/**
 * Builds the exact string that is signed: `timestamp + '#' + memo + '#' + body`.
 *
 * @param parameters - The timestamp (as sent in the header), the memo and the signed body.
 * @returns The prehash string; HMAC-SHA256 of it under the secret is the signature.
 * @throws {SignerError} `'invalid-argument'` for a timestamp that is not epoch milliseconds
 *   or a body that is not a string; `'invalid-credentials'` for a missing or empty memo.
 *
 * @example
 * ```ts
 * import { buildPrehash } from '@perpkit/signer'
 *
 * buildPrehash({ timestamp: 1700000000000, memo: 'my-memo', body: 'symbol=BTCUSDT' })
 * // '1700000000000#my-memo#symbol=BTCUSDT'
 * ```
 */
export function buildPrehash({ timestamp, memo, body }: BuildPrehashParameters): string {
  assertCredentialField(memo, 'memo', 'memo')
  if (typeof body !== 'string') {
    throw new SignerError(
      'invalid-argument',
      `body must be a string (the query string or the exact JSON text), got ${typeof body}.`,
    )
  }
  return `${formatTimestamp(timestamp)}#${memo}#${body}`
}
