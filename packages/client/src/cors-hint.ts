/**
 * In a browser, a cross-origin call the server does not allow fails with a
 * bare `TypeError` ("Failed to fetch" in Chromium, "NetworkError when
 * attempting to fetch resource." in Firefox, "Load failed" in Safari): the
 * page cannot tell CORS from a network failure. When that happens on another
 * origin, the error says what is probably wrong and which headers the server
 * must send.
 *
 * @module
 */

/** The page's origin, when running in a browser (or a worker). */
function pageOrigin(): string | undefined {
  const location = (globalThis as { location?: { origin?: unknown } }).location
  const origin = location?.origin
  return typeof origin === 'string' && origin !== 'null' ? origin : undefined
}

/**
 * The hint for a fetch failure, when it is probably CORS.
 *
 * @param error - What fetch rejected with.
 * @param origin - The client's origin (of its `baseUrl`).
 * @returns A line for the {@link NetworkError} message, or `undefined`.
 */
export function corsHint(error: unknown, origin: string): string | undefined {
  const page = pageOrigin()
  if (page === undefined || page === origin || !(error instanceof TypeError)) return undefined
  return (
    `This is probably CORS: a page on ${page} may only read ${origin} if the server answers ` +
    `with "Access-Control-Allow-Origin: ${page}" (or "*"), answers preflights for the headers ` +
    'the client sends (Access-Control-Allow-Headers), and lists the rate-limit headers in ' +
    '"Access-Control-Expose-Headers" for .withResponse().rateLimit. ' +
    "The browser's console shows the exact reason."
  )
}
