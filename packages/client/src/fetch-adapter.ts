/**
 * The `fetch` option takes any fetch-compatible function: the global one,
 * undici's own, a proxy-aware wrapper, a test double. ky hands its fetch a
 * `Request` of the global realm, which another implementation (undici's
 * `fetch` from the package) cannot read ("Failed to parse URL from [object
 * Request]"), so the user's function receives what every fetch understands:
 * a URL string and a plain init object. What it returns needs no `clone()`:
 * a response without one is wrapped into a `Response` (ky clones responses
 * for `afterResponse` hooks).
 *
 * The user's function is user code: a rejection that is a platform's network
 * failure (as when it wraps undici's `fetch` and the connection is refused)
 * stays one, and becomes a retryable `NetworkError`; anything else it throws,
 * and a value that is not a response, is an {@link OptionError} naming `fetch`
 * (an abort that the caller's signal or the attempt's timeout explains is
 * still reported as an `AbortError` or a `TimeoutError`).
 *
 * @module
 */
import { unusableResult } from './errors/option.ts'
import { describeReceived } from './option-checks.ts'
import { failureOf } from './user-code.ts'

/**
 * The init a custom `fetch` receives: plain values every implementation reads.
 *
 * @example
 * ```ts
 * const logging: FetchFunction = (url, init) => {
 *   console.log(init.method, url)
 *   return fetch(url, init)
 * }
 * ```
 */
export interface FetchInit {
  method: string
  /** Header names lower-cased, as `Headers` gives them. */
  headers: Record<string, string>
  body?: string
  signal: AbortSignal
  /** Always `'manual'`: perpkit follows same-origin redirects itself. */
  redirect: 'manual'
}

/**
 * What perpkit reads from a response; a fetch `Response` (the global one,
 * undici's) has all of it.
 *
 * @example
 * ```ts
 * const double: FetchFunction = async () => new Response('{"code":1000,"message":"Ok","trace":"t","data":{}}')
 * ```
 */
export interface FetchResponse {
  readonly status: number
  readonly ok: boolean
  readonly headers: {
    /** The header's value, or `null` when absent. */
    get(name: string): string | null
  }
  /** A `ReadableStream` of the body's bytes (typed loosely: each runtime has its own stream types). */
  readonly body: object | null
}

/**
 * A fetch-compatible function: `(url, init)` in, a response out.
 *
 * @example
 * ```ts
 * import { fetch as undiciFetch } from 'undici'
 *
 * const client = createClient({ baseUrl, fetch: undiciFetch })
 * ```
 */
export type FetchFunction = (url: string, init: FetchInit) => Promise<FetchResponse>

/**
 * Wraps a user's fetch so that ky's transport can call it with the `Request`
 * ky built and the attempt's signal.
 *
 * @param userFetch - The function from the `fetch` option.
 * @returns A function of the built request and its signal.
 */
export function adaptFetch(
  userFetch: FetchFunction,
): (request: Request, signal: AbortSignal | undefined) => Promise<Response> {
  return async (request, signal) => {
    const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body !== null
    const init: FetchInit = {
      method: request.method,
      headers: Object.fromEntries(request.headers),
      ...(hasBody ? { body: await request.text() } : {}),
      signal: signal ?? request.signal,
      redirect: 'manual',
    }
    let response: FetchResponse
    try {
      response = await userFetch(request.url, init)
    } catch (error) {
      // A network failure stays one; an abort the signal explains is reported as such by http.ts.
      throw failureOf('fetch', error)
    }
    if (!isResponse(response)) {
      throw unusableResult(
        'fetch',
        `fetch resolved with ${describeReceived(response)}, not a response (an object with status, headers.get() and body)`,
      )
    }
    // ky (hooks) and perpkit read it as a fetch Response; one without clone() is wrapped into one.
    return typeof (response as Partial<Response>).clone === 'function'
      ? (response as Response)
      : asResponse(response)
  }
}

/** Whether a custom fetch's answer has what perpkit reads of a response. */
function isResponse(value: unknown): value is FetchResponse {
  const response = value as Partial<FetchResponse> | null | undefined
  return (
    typeof response === 'object' &&
    response !== null &&
    typeof response.status === 'number' &&
    typeof response.headers?.get === 'function'
  )
}

/** Statuses whose Response must have a null body. */
const NULL_BODY = new Set([101, 103, 204, 205, 304])

/**
 * A real `Response` with a custom response's status, headers and body stream,
 * so ky can clone it for `afterResponse` hooks.
 */
function asResponse(response: FetchResponse): Response {
  const headers = new Headers()
  const source = response.headers as FetchResponse['headers'] & Partial<Iterable<[string, string]>>
  if (typeof source[Symbol.iterator] === 'function') {
    for (const [name, value] of source as Iterable<[string, string]>) headers.append(name, value)
  }
  const body = NULL_BODY.has(response.status) ? null : (response.body as ReadableStream | null)
  const wrapped = new Response(body, {
    status: response.status,
    statusText: (response as Partial<Response>).statusText ?? '',
    headers,
  })
  // Headers that could not be listed are still read through the original.
  if (typeof source[Symbol.iterator] !== 'function') {
    Object.defineProperty(wrapped, 'headers', { value: source })
  }
  return wrapped
}
