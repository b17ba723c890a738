import { SignerError } from './errors.ts'

/**
 * Names of the three authentication headers.
 *
 * @example
 * ```ts
 * import type { HeaderNames } from '@perpkit/signer'
 *
 * const names: HeaderNames = { apiKey: 'X-BM-KEY', signature: 'X-BM-SIGN', timestamp: 'X-BM-TIMESTAMP' }
 * ```
 */
export interface HeaderNames {
  /** Header carrying the API key. @default 'X-API-KEY' */
  apiKey: string
  /** Header carrying the lower-case hex signature. @default 'X-API-SIGN' */
  signature: string
  /** Header carrying the epoch-millisecond timestamp. @default 'X-API-TIMESTAMP' */
  timestamp: string
}

/**
 * The spec's header names: `X-API-KEY`, `X-API-SIGN`, `X-API-TIMESTAMP`. Override any of them
 * with the `headerNames` option of {@link signRequest} and {@link verify}.
 *
 * @example
 * ```ts
 * import { defaultHeaderNames } from '@perpkit/signer'
 *
 * defaultHeaderNames.signature // 'X-API-SIGN'
 * ```
 */
export const defaultHeaderNames: Readonly<HeaderNames> = Object.freeze({
  apiKey: 'X-API-KEY',
  signature: 'X-API-SIGN',
  timestamp: 'X-API-TIMESTAMP',
})

/**
 * Anything with a WHATWG-`Headers`-style `get` (case-insensitive, `null` when absent).
 *
 * @example
 * ```ts
 * import type { HeadersLike } from '@perpkit/signer'
 *
 * const headers: HeadersLike = new Headers({ 'x-api-key': 'my-key' })
 * ```
 */
export interface HeadersLike {
  /** Returns the header's value, or `null` when it is absent. */
  get(name: string): string | null
}

/**
 * Request headers as a verifier receives them: a WHATWG `Headers` (fetch, Deno, Bun, edge
 * workers), or a record such as Node's `IncomingHttpHeaders` whose values may be strings,
 * string arrays or `undefined`. Names are matched case-insensitively.
 *
 * @example
 * ```ts
 * import type { HeadersInput } from '@perpkit/signer'
 *
 * const fromFetch: HeadersInput = new Headers({ 'X-API-KEY': 'my-key' })
 * const fromNode: HeadersInput = { 'x-api-key': 'my-key', 'x-api-sign': undefined }
 * ```
 */
export type HeadersInput =
  | HeadersLike
  | Readonly<Record<string, string | readonly string[] | undefined>>

// RFC 9110 token characters.
const token = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/

/**
 * The default names with any overrides applied.
 *
 * @throws {SignerError} `'invalid-argument'` for a name that is not an HTTP header token or
 *   for two roles sharing one name.
 */
export function resolveHeaderNames(overrides: Partial<HeaderNames> | undefined): HeaderNames {
  if (overrides === undefined) return defaultHeaderNames
  const names: HeaderNames = { ...defaultHeaderNames, ...overrides }
  for (const role of ['apiKey', 'signature', 'timestamp'] as const) {
    const name: unknown = names[role]
    if (typeof name !== 'string' || !token.test(name)) {
      throw new SignerError(
        'invalid-argument',
        `headerNames.${role} must be an HTTP header name (letters, digits and !#$%&'*+.^_\`|~-), ` +
          `got ${typeof name === 'string' ? 'a string with other characters' : typeof name}.`,
      )
    }
  }
  const lower = new Set([names.apiKey, names.signature, names.timestamp].map(toLowerCase))
  if (lower.size !== 3) {
    throw new SignerError('invalid-argument', 'headerNames must give three different names.')
  }
  return names
}

function toLowerCase(text: string): string {
  return text.toLowerCase()
}

function isHeadersLike(headers: HeadersInput): headers is HeadersLike {
  return typeof (headers as Partial<HeadersLike>).get === 'function'
}

/**
 * Reads one header case-insensitively. Repeated values (string arrays) are joined with `', '`,
 * as `Headers.get` does; an empty value counts as absent.
 */
export function readHeader(headers: HeadersInput, name: string): string | undefined {
  let value: unknown
  if (isHeadersLike(headers)) {
    value = headers.get(name)
  } else {
    // Own properties only (never `constructor` and friends). Node lower-cases incoming names,
    // so the first lookup almost always hits.
    const lower = name.toLowerCase()
    if (Object.hasOwn(headers, lower)) value = headers[lower]
    else {
      for (const key of Object.keys(headers)) {
        if (key.toLowerCase() === lower) {
          value = headers[key]
          break
        }
      }
    }
  }
  const text =
    typeof value === 'string' ? value : Array.isArray(value) ? value.map(String).join(', ') : ''
  return text === '' ? undefined : text
}
