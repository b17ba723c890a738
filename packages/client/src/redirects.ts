/**
 * Redirects, handled by hand (`redirect: 'manual'`) so that the request's
 * headers, credentials included, never leave the configured origin: a
 * redirect to the same origin is followed (signed afresh, at most
 * {@link MAX_REDIRECTS} times), one to any other origin is a
 * {@link RedirectError} naming where it pointed.
 *
 * @module
 */
import type { AuthType } from '@perpkit/schemas/lite'
import { RedirectError } from './errors/guards.ts'
import { fetchHop, type Hop, type Transport } from './transport.ts'

/** Redirects followed at most within one attempt. */
const MAX_REDIRECTS = 5

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308])

/**
 * Sends `first`, then follows same-origin redirects.
 *
 * @param transport - The client's transport; nothing is sent beyond its origin.
 * @param auth - How each hop is signed.
 * @param first - The request as built from the spec.
 * @param signal - The attempt's signal.
 * @param label - The endpoint, for errors.
 * @returns The first response that is not a redirect.
 * @throws {@link RedirectError} for a redirect elsewhere, too many, or one a browser hides.
 */
export async function followRedirects(
  transport: Transport,
  auth: AuthType,
  first: Hop,
  signal: AbortSignal,
  label: string,
): Promise<Response> {
  const { origin } = transport.options
  let hop = first
  for (let redirects = 0; ; redirects++) {
    const response = await fetchHop(transport, auth, hop, signal)
    if (response.type === 'opaqueredirect') {
      throw new RedirectError(
        label,
        0,
        null,
        'The server answered with a redirect, which the browser hides from scripts: point baseUrl at the final address',
      )
    }
    if (!REDIRECT_STATUSES.has(response.status)) return response
    response.body?.cancel().catch(() => {})
    const location = response.headers.get('location')
    const target = location === null ? null : resolveLocation(location, hop.url)
    if (target === null) {
      throw new RedirectError(
        label,
        response.status,
        location,
        `HTTP ${response.status} without a usable Location header`,
      )
    }
    const shown = withoutUserInfo(target)
    if (target.origin !== origin) {
      throw new RedirectError(
        label,
        response.status,
        shown,
        `The server redirected to another origin (${target.origin}); credentials and headers stay at ${origin}, so the redirect was not followed`,
      )
    }
    if (redirects === MAX_REDIRECTS) {
      throw new RedirectError(
        label,
        response.status,
        shown,
        `Too many redirects (more than ${MAX_REDIRECTS})`,
      )
    }
    hop = nextHop(hop, response.status, target)
  }
}

/** The request a redirect asks for: 303 (and 301/302 after a POST) turns into a GET without a body. */
function nextHop(hop: Hop, status: number, target: URL): Hop {
  const toGet = status === 303 || ((status === 301 || status === 302) && hop.method === 'POST')
  const method = toGet && hop.method !== 'HEAD' ? 'GET' : hop.method
  const next: Hop = { url: target.href, method, query: target.search.slice(1) }
  if (!toGet && hop.body !== undefined) next.body = hop.body
  return next
}

function resolveLocation(location: string, base: string): URL | null {
  try {
    return new URL(location, base)
  } catch {
    return null
  }
}

function withoutUserInfo(url: URL): string {
  const copy = new URL(url.href)
  copy.username = ''
  copy.password = ''
  return copy.href
}
