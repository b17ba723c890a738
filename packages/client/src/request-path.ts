/**
 * The one check on a `request()` path: it must name something under the base
 * URL, at its origin. Absolute URLs, `//host`, dot segments (`..`, `%2e%2e`),
 * backslashes, `?`, `#` and whitespace (which URL parsing drops or rewrites)
 * are refused before anything is sent, so no path can take the client's
 * headers, credentials included, anywhere else.
 *
 * @module
 */

const DOT_SEGMENT = /^(?:\.|%2e){1,2}$/i
const FORBIDDEN = /[\\?#\s]/

/**
 * Whether `path` stays under `baseUrl`.
 *
 * @param baseUrl - The client's base URL, without a trailing slash.
 * @param path - What the caller passed.
 * @returns `true` when appending `path` to `baseUrl` keeps the origin and the base path.
 */
export function isPathUnderBase(baseUrl: string, path: unknown): path is string {
  if (typeof path !== 'string' || !path.startsWith('/') || path.startsWith('//')) return false
  if (FORBIDDEN.test(path) || path.split('/').some((segment) => DOT_SEGMENT.test(segment))) {
    return false
  }
  let base: URL
  let url: URL
  try {
    base = new URL(baseUrl)
    url = new URL(baseUrl + path)
  } catch {
    return false
  }
  const basePath = base.pathname.replace(/\/+$/, '')
  return url.origin === base.origin && url.pathname.startsWith(`${basePath}/`)
}
