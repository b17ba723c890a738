/**
 * CORS, so that a page on another origin can call the sandbox: every answer
 * carries `Access-Control-Allow-Origin` (`*`, or the request's origin when it
 * is in the allowed list) and exposes the rate-limit headers; `OPTIONS`
 * preflights are answered with 204, allowing GET and HEAD (and POST and
 * DELETE on the control routes), the signing headers and whatever headers the
 * preflight asks for (`Access-Control-Request-Headers`), so a client with its
 * own `headers` works from a page too. With `cors: false` nothing is added and
 * preflights are not answered, so browsers refuse cross-origin calls.
 *
 * @module
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { FAULT_HEADER } from '../faults/fault.ts'
import { TOKEN } from '../option-checks.ts'
import type { ResolvedOptions } from '../options.ts'
import { CONTROL_PREFIX } from './control-routes.ts'

/** How long a browser may cache a preflight answer, in seconds. */
const PREFLIGHT_MAX_AGE_SECONDS = 600

/** The response headers a script on another origin may read: the rate-limit ones and `Retry-After`. */
const exposedHeaders = new WeakMap<ResolvedOptions, string>()

function exposedHeadersOf(options: ResolvedOptions): string {
  let list = exposedHeaders.get(options)
  if (list === undefined) {
    list = [...Object.values(options.rateLimitHeaderNames), 'Retry-After'].join(', ')
    exposedHeaders.set(options, list)
  }
  return list
}

/**
 * The request headers a preflight allows: the signing headers, the fault
 * header, and every well-formed name the preflight asked for (a page's own
 * headers, which the sandbox ignores, as a live server does).
 */
function allowedRequestHeaders(options: ResolvedOptions, requested: string | undefined): string[] {
  const { apiKey, signature, timestamp } = options.headerNames
  const allowed = [apiKey, signature, timestamp, 'Content-Type', FAULT_HEADER]
  const known = new Set(allowed.map((name) => name.toLowerCase()))
  for (const name of (requested ?? '').split(',').map((part) => part.trim())) {
    if (!TOKEN.test(name) || known.has(name.toLowerCase())) continue
    known.add(name.toLowerCase())
    allowed.push(name)
  }
  return allowed
}

/** The origin to allow for a request, if any. */
function allowedOrigin(options: ResolvedOptions, origin: string | undefined): string | undefined {
  if (options.cors === false) return undefined
  if (options.cors === '*') return '*'
  return origin !== undefined && options.cors.includes(origin) ? origin : undefined
}

/**
 * Sets the CORS headers of an answer on `res` (they join whatever headers the
 * answer writes later).
 */
export function applyCors(
  options: ResolvedOptions,
  req: IncomingMessage,
  res: ServerResponse,
): void {
  if (options.cors === false) return
  // A list answers differently per origin: caches must key on it.
  if (options.cors !== '*') res.setHeader('vary', 'Origin')
  const origin = allowedOrigin(options, req.headers.origin)
  if (origin === undefined) return
  res.setHeader('access-control-allow-origin', origin)
  res.setHeader('access-control-expose-headers', exposedHeadersOf(options))
}

/** Whether a request is a CORS preflight the sandbox answers. */
export function isPreflight(options: ResolvedOptions, req: IncomingMessage): boolean {
  return (
    options.cors !== false &&
    req.method === 'OPTIONS' &&
    req.headers['access-control-request-method'] !== undefined
  )
}

/**
 * Answers a preflight: 204, the allowed methods and headers, cacheable for
 * ten minutes. The control routes also take POST and DELETE, so that a page
 * can queue faults. The allowed headers echo the requested ones, so caches
 * must key on them (`Vary`).
 */
export function sendPreflight(
  options: ResolvedOptions,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
): void {
  const methods = path.startsWith(CONTROL_PREFIX)
    ? 'GET, POST, DELETE, OPTIONS'
    : 'GET, HEAD, OPTIONS'
  res.appendHeader('vary', 'Access-Control-Request-Headers')
  res.writeHead(204, {
    'access-control-allow-methods': methods,
    'access-control-allow-headers': allowedRequestHeaders(
      options,
      req.headers['access-control-request-headers'],
    ).join(', '),
    'access-control-max-age': String(PREFLIGHT_MAX_AGE_SECONDS),
    'content-length': 0,
  })
  res.end()
}
