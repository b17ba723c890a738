/**
 * What went wrong, as a stable string to branch on:
 *
 * - `'invalid-credentials'`: an API key, secret or memo is missing, empty or not a string.
 * - `'invalid-argument'`: a method, timestamp, query, body, header name or option is unusable.
 * - `'sync-unavailable'`: {@link signSync} was called where no synchronous HMAC exists
 *   (browsers, edge workers); use the async {@link sign}.
 * - `'webcrypto-unavailable'`: `crypto.subtle` is missing (for instance a browser page served
 *   over plain `http:`, which is not a secure context).
 * - `'timeout'`: a key lookup or replay store did not answer within its timeout (handed to
 *   `onUnavailable` of {@link verifyRequest}, never thrown by it).
 * - `'replay-store-full'`: the in-process replay store holds `maxEntries` live signatures and
 *   refuses to forget one ({@link createMemoryReplayStore}).
 *
 * @example
 * ```ts
 * import { SignerError, type SignerErrorCode, signSync } from '@perpkit/signer'
 *
 * let code: SignerErrorCode | undefined
 * try {
 *   signSync({ secret: 'my-secret', memo: 'my-memo', timestamp: Date.now(), body: '' })
 * } catch (error) {
 *   if (error instanceof SignerError) code = error.code // 'sync-unavailable' in a browser
 * }
 * ```
 */
export type SignerErrorCode =
  | 'invalid-credentials'
  | 'invalid-argument'
  | 'sync-unavailable'
  | 'webcrypto-unavailable'
  | 'timeout'
  | 'replay-store-full'

/**
 * The one error class thrown by `@perpkit/signer`. Its message names the offending field but
 * never contains a secret or a memo.
 *
 * @example
 * ```ts
 * import { SignerError, signSync } from '@perpkit/signer'
 *
 * try {
 *   signSync({ secret: '', memo: 'my-memo', timestamp: Date.now(), body: '' })
 * } catch (error) {
 *   if (error instanceof SignerError && error.code === 'invalid-credentials') {
 *     console.error(error.message) // "secret is empty. Pass the API secret shown when ..."
 *   }
 * }
 * ```
 */
export class SignerError extends Error {
  /** Stable machine-readable category of the failure. */
  readonly code: SignerErrorCode

  /**
   * @param code - Category of the failure.
   * @param message - Human-readable explanation; must never contain a secret or a memo.
   */
  constructor(code: SignerErrorCode, message: string) {
    super(message)
    this.name = 'SignerError'
    this.code = code
  }
}
