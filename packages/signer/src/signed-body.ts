import { SignerError } from './errors.ts'

/**
 * HTTP methods the signature rule covers.
 *
 * @example
 * ```ts
 * import type { HttpMethod } from '@perpkit/signer'
 *
 * const method: HttpMethod = 'DELETE'
 * ```
 */
export type HttpMethod = 'GET' | 'DELETE' | 'POST' | 'PUT'

/**
 * What a GET request signs as its body: `'query'`, the query string exactly as sent (the
 * spec, and the default), or `'empty'`, the empty string (what some deployments and official
 * clients do).
 *
 * @example
 * ```ts
 * import { type GetBodyRule, buildSignedBody } from '@perpkit/signer'
 *
 * const getBodyRule: GetBodyRule = 'empty'
 * buildSignedBody({ method: 'GET', query: 'symbol=BTCUSDT', getBodyRule }) // ''
 * ```
 */
export type GetBodyRule = 'query' | 'empty'

/**
 * The rule that produced a signed body: the GET rules of {@link GetBodyRule}, `'query'` for
 * DELETE too, and `'json'` for POST and PUT (the exact JSON text of the request body).
 *
 * @example
 * ```ts
 * import { explainSignature, type BodyRule } from '@perpkit/signer'
 *
 * const credentials = { apiKey: 'my-key', secret: 'my-secret', memo: 'my-memo' }
 * const rule: BodyRule = (await explainSignature({ method: 'POST', body: '{}', credentials })).bodyRule
 * // 'json'
 * ```
 */
export type BodyRule = GetBodyRule | 'json'

/**
 * A query string as sent (`'a=1&b=2'`, with or without a leading `?`) or URLSearchParams.
 *
 * @example
 * ```ts
 * import type { QueryInput } from '@perpkit/signer'
 *
 * const asSent: QueryInput = '?symbol=BTCUSDT&limit=5'
 * const asParams: QueryInput = new URLSearchParams({ symbol: 'BTCUSDT', limit: '5' })
 * ```
 */
export type QueryInput = string | URLSearchParams

/**
 * Input of {@link buildSignedBody}.
 *
 * @example
 * ```ts
 * import { type BuildSignedBodyParameters, buildSignedBody } from '@perpkit/signer'
 *
 * const parameters: BuildSignedBodyParameters = { method: 'DELETE', query: 'orderId=42' }
 * buildSignedBody(parameters) // 'orderId=42'
 * ```
 */
export interface BuildSignedBodyParameters {
  /** HTTP method, upper or lower case. */
  method: HttpMethod | Lowercase<HttpMethod>
  /**
   * For GET and DELETE: the query string exactly as put on the URL, with or without a leading
   * `?`, or a URLSearchParams (signed as `params.toString()`, so put that same string on the
   * URL). Not signed for POST and PUT.
   */
  query?: QueryInput | undefined
  /** For POST and PUT: the exact JSON text sent as the request body. */
  body?: string | undefined
  /** What GET signs. @default 'query' */
  getBodyRule?: GetBodyRule | undefined
}

/** A signed body with the method and the rule that chose it. */
export interface ResolvedBody {
  method: HttpMethod
  rule: BodyRule
  body: string
}

const methods: Readonly<Record<string, HttpMethod>> = {
  GET: 'GET',
  DELETE: 'DELETE',
  POST: 'POST',
  PUT: 'PUT',
}

/** The upper-case method if the signature rule covers it, else `undefined`. */
export function normalizeMethod(method: unknown): HttpMethod | undefined {
  return typeof method === 'string' ? methods[method.toUpperCase()] : undefined
}

/** A query input as the exact string that is signed (leading `?` dropped). */
export function normalizeQuery(query: unknown): string {
  if (query === undefined) return ''
  if (typeof query === 'string') return query.startsWith('?') ? query.slice(1) : query
  if (query instanceof URLSearchParams) return query.toString()
  throw new SignerError(
    'invalid-argument',
    `query must be a string or a URLSearchParams, got ${query === null ? 'null' : typeof query}.`,
  )
}

function checkGetBodyRule(rule: unknown): GetBodyRule {
  if (rule === undefined || rule === 'query') return 'query'
  if (rule === 'empty') return 'empty'
  throw new SignerError('invalid-argument', "getBodyRule must be 'query' or 'empty'.")
}

/**
 * Picks the signed body and the rule behind it. With `strict`, a body on GET or DELETE is an
 * error (signers); without, it is ignored (verifiers see whatever arrives).
 */
export function resolveSignedBody(
  parameters: BuildSignedBodyParameters,
  strict: boolean,
): ResolvedBody {
  const method = normalizeMethod(parameters.method)
  if (method === undefined) {
    // Echo only what looks like a method name: error messages never repeat arbitrary strings.
    const given = parameters.method as unknown
    const got =
      typeof given === 'string' && /^[A-Za-z]{1,16}$/.test(given)
        ? JSON.stringify(given)
        : typeof given
    throw new SignerError(
      'invalid-argument',
      `method must be GET, DELETE, POST or PUT, got ${got}.`,
    )
  }
  const getBodyRule = checkGetBodyRule(parameters.getBodyRule)
  if (method === 'POST' || method === 'PUT') {
    const body = parameters.body ?? ''
    if (typeof body !== 'string') {
      throw new SignerError(
        'invalid-argument',
        `body must be the exact JSON text sent (a string), got ${typeof body}: JSON.stringify ` +
          'it once and send that same string.',
      )
    }
    return { method, rule: 'json', body }
  }
  if (strict && parameters.body !== undefined && parameters.body !== '') {
    throw new SignerError(
      'invalid-argument',
      `${method} requests carry no body: pass the parameters as query (${method} signs the ` +
        'query string).',
    )
  }
  const query = normalizeQuery(parameters.query)
  if (method === 'GET' && getBodyRule === 'empty') {
    return { method, rule: 'empty', body: '' }
  }
  return { method, rule: 'query', body: query }
}

/**
 * Chooses the body string that goes into the prehash, by the spec's rules: GET and DELETE
 * sign the form-encoded query string exactly as sent; POST and PUT sign the exact JSON text
 * of the request body. GET can sign the empty string instead (`getBodyRule: 'empty'`).
 *
 * @param parameters - The method, the query and/or body, and the GET rule.
 * @returns The body part of the prehash.
 * @throws {SignerError} `'invalid-argument'` for another method, a body on GET or DELETE, a
 *   non-string body or an unknown GET rule.
 *
 * @example
 * ```ts
 * import { buildSignedBody } from '@perpkit/signer'
 *
 * buildSignedBody({ method: 'GET', query: '?symbol=BTCUSDT&limit=5' }) // 'symbol=BTCUSDT&limit=5'
 * buildSignedBody({ method: 'GET', query: 'symbol=BTCUSDT', getBodyRule: 'empty' }) // ''
 * buildSignedBody({ method: 'POST', body: '{"symbol":"BTCUSDT"}' }) // '{"symbol":"BTCUSDT"}'
 * ```
 */
export function buildSignedBody(parameters: BuildSignedBodyParameters): string {
  return resolveSignedBody(parameters, true).body
}
