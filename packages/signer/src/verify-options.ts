/**
 * The parameters of {@link verify}: what was received, and the credentials or lookup that
 * judge it.
 *
 * @module
 */
import type { Clock } from './clock.ts'
import type { CredentialSecrets, Credentials } from './credentials.ts'
import type { HeaderNames, HeadersInput } from './headers.ts'
import type { GetBodyRule, QueryInput } from './signed-body.ts'

/**
 * Finds the secret and memo of an API key, or `undefined` for an unknown key. May be async
 * (a database or secrets-manager lookup). During a secret roll-over it may return several
 * (the new one and the old one, with their memos): a signature made with any of them
 * verifies, and the result's `secretIndex` says which one matched.
 *
 * @example
 * ```ts
 * import type { CredentialsLookup } from '@perpkit/signer'
 *
 * const keys = new Map([['my-key', { secret: 'my-secret', memo: 'my-memo' }]])
 * const lookup: CredentialsLookup = async (apiKey) => keys.get(apiKey)
 * // While 'my-key' rolls over to a new secret, both verify:
 * const rolling: CredentialsLookup = (apiKey) =>
 *   apiKey === 'my-key'
 *     ? [{ secret: 'new-secret', memo: 'my-memo' }, { secret: 'my-secret', memo: 'my-memo' }]
 *     : undefined
 * ```
 */
export type CredentialsLookup = (
  apiKey: string,
) => KeySecrets | undefined | Promise<KeySecrets | undefined>

/**
 * What a lookup returns for a known key: its secret and memo, or, while the key rolls over
 * to a new secret, a list of them (tried in order; an empty list is an unknown key).
 *
 * @example
 * ```ts
 * import type { KeySecrets } from '@perpkit/signer'
 *
 * const one: KeySecrets = { secret: 'my-secret', memo: 'my-memo' }
 * const rolling: KeySecrets = [one, { secret: 'next-secret', memo: 'my-memo' }]
 * ```
 */
export type KeySecrets = CredentialSecrets | readonly CredentialSecrets[]

/**
 * Options of {@link verify} shared by its two forms.
 *
 * @example
 * ```ts
 * import { type VerifyOptions, verify } from '@perpkit/signer'
 *
 * const options: VerifyOptions = {
 *   method: 'GET',
 *   query: 'symbol=BTCUSDT',
 *   headers: new Headers(),
 *   windowMs: 10_000,
 * }
 * const result = await verify({ ...options, lookup: () => undefined })
 * ```
 */
export interface VerifyOptions {
  /** The request method as received (any case). */
  method: string
  /**
   * The raw query string as received, with or without the leading `?` (in Node, the part of
   * `req.url` after the first `?`). Used for GET and DELETE.
   */
  query?: QueryInput | undefined
  /** The raw request body text as received. Used for POST and PUT. */
  body?: string | undefined
  /** The request headers: a WHATWG `Headers` or a Node-style record; case-insensitive. */
  headers: HeadersInput
  /**
   * Largest accepted distance, in milliseconds, between the timestamp header and `now`, in
   * the past or in the future (inclusive). @default 30_000
   */
  windowMs?: number | undefined
  /** The verifier's current time. @default Date.now */
  now?: Clock | undefined
  /** Overrides of the default header names ({@link defaultHeaderNames}). */
  headerNames?: Partial<HeaderNames> | undefined
  /** What GET requests sign; must match the clients. @default 'query' */
  getBodyRule?: GetBodyRule | undefined
}

/**
 * {@link verify} against one known set of credentials.
 *
 * @example
 * ```ts
 * import { type VerifyWithCredentialsParameters, verify } from '@perpkit/signer'
 *
 * const parameters: VerifyWithCredentialsParameters = {
 *   method: 'GET',
 *   query: 'symbol=BTCUSDT',
 *   headers: { 'x-api-key': 'my-key' },
 *   credentials: { apiKey: 'my-key', secret: 'my-secret', memo: 'my-memo' },
 * }
 * const result = await verify(parameters) // { ok: false, reason: 'missing-signature', ... }
 * ```
 */
export interface VerifyWithCredentialsParameters extends VerifyOptions {
  /**
   * The only credentials accepted; any other API key is `'unknown-key'`. A list accepts each
   * of them: several keys, or one key with its old and new secret during a roll-over (tried
   * in list order; `secretIndex` counts among the entries of the request's key).
   */
  credentials: Credentials | readonly Credentials[]
  /** Not allowed together with `credentials`. */
  lookup?: undefined
}

/**
 * {@link verify} against credentials looked up by the request's API key.
 *
 * @example
 * ```ts
 * import { type VerifyWithLookupParameters, verify } from '@perpkit/signer'
 *
 * const keys = new Map([['my-key', { secret: 'my-secret', memo: 'my-memo' }]])
 * const parameters: VerifyWithLookupParameters = {
 *   method: 'POST',
 *   body: '{"symbol":"BTCUSDT"}',
 *   headers: new Headers(),
 *   lookup: (apiKey) => keys.get(apiKey),
 * }
 * const result = await verify(parameters)
 * ```
 */
export interface VerifyWithLookupParameters extends VerifyOptions {
  /** Returns the secret and memo of an API key, or `undefined` when it is unknown. */
  lookup: CredentialsLookup
  /** Not allowed together with `lookup`. */
  credentials?: undefined
}

/**
 * Input of {@link verify}: either `credentials` or `lookup`.
 *
 * @example
 * ```ts
 * import { type VerifyParameters, verify } from '@perpkit/signer'
 *
 * function fromRequest(request: Request, body: string): VerifyParameters {
 *   const keys = new Map([['my-key', { secret: 'my-secret', memo: 'my-memo' }]])
 *   const url = new URL(request.url)
 *   return {
 *     method: request.method,
 *     query: url.search,
 *     body,
 *     headers: request.headers,
 *     lookup: (apiKey) => keys.get(apiKey),
 *   }
 * }
 * ```
 */
export type VerifyParameters = VerifyWithCredentialsParameters | VerifyWithLookupParameters
