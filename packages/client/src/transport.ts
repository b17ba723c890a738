/**
 * The ky instance of a client, and one HTTP request through it.
 *
 * ky is used as cheaply as it allows: it is created once per client with only
 * the options that differ from its defaults (headers and hooks only when the
 * user set some), and each request hands it a URL string and the fewest
 * options possible. Its own retry and timeout are off (`http.ts` does both
 * around the body too).
 *
 * The attempt's signal does not go through ky's `signal` option: ky would
 * combine it with a controller of its own through `AbortSignal.any` on every
 * request, a signal more per request that Node 20 keeps alive long after the
 * request. It travels as an option ky does not know, which ky passes on to
 * its `fetch` (as it does undici's `dispatcher`), and the `fetch` here hands
 * it to the real fetch as the request's signal.
 *
 * @module
 */
import type { AuthType } from '@perpkit/schemas/lite'
import ky, { type KyInstance, type Options } from 'ky'
import { OptionError } from './errors/option.ts'
import { adaptFetch } from './fetch-adapter.ts'
import { loadSigner } from './load-signer.ts'
import type { ResolvedOptions } from './options.ts'
import type { EndpointLimiter } from './rate-limit-store.ts'
import { guardHooks } from './user-code.ts'

/** The per-client transport: options plus one ky instance. */
export interface Transport {
  options: ResolvedOptions
  ky: KyInstance
  /** Each path's rate limiter (`null`: not limited), made on its first request. */
  limiters: Map<string, EndpointLimiter | null>
}

/** One request of a redirect chain: where, how, and what to sign. */
export interface Hop {
  url: string
  method: string
  /** The encoded query string of `url` (what a signed request signs). */
  query: string
  body?: string
}

/** The option (unknown to ky, so passed on to its `fetch`) that carries the attempt's signal. */
const SIGNAL = 'perpkitSignal'

/** What ky's `fetch` receives as its second argument: the options ky does not know. */
interface PassedOn {
  [SIGNAL]?: AbortSignal
}

/** Sends a built request with the attempt's signal. */
type SignalledFetch = (request: Request, signal: AbortSignal | undefined) => Promise<Response>

const globalFetch: SignalledFetch = (request, signal) =>
  // Looked up on every call, as ky does, so a fetch installed later (a polyfill, a test double) is used.
  globalThis.fetch(request, signal ? { signal } : undefined)

/**
 * Creates the transport of a client.
 *
 * @param options - Resolved client options.
 * @returns The transport.
 */
export function createTransport(options: ResolvedOptions): Transport {
  const send = options.fetch ? adaptFetch(options.fetch) : globalFetch
  const defaults: Options = {
    retry: 0,
    timeout: false,
    throwHttpErrors: false,
    // perpkit follows same-origin redirects itself (redirects.ts).
    redirect: 'manual',
    fetch: (input, passedOn) =>
      send(input as Request, (passedOn as PassedOn | undefined)?.[SIGNAL] ?? undefined),
  }
  // Every option given to ky.create is merged again into every request's options.
  if (Object.keys(options.headers).length > 0) defaults.headers = options.headers
  const { beforeRequest, afterResponse } = options.hooks
  // Each hook guarded: what it throws is an OptionError naming it, never a network failure.
  if ((beforeRequest?.length ?? 0) + (afterResponse?.length ?? 0) > 0)
    defaults.hooks = guardHooks(options.hooks)
  return { options, ky: ky.create(defaults), limiters: new Map() }
}

/**
 * Sends one request of a redirect chain, signed for its own method and query,
 * never following redirects. A signing failure (the signer refused the
 * credentials, or found no WebCrypto) is an {@link OptionError} naming
 * `credentials`; the clock's own failures name `now`.
 *
 * @param transport - The client's transport.
 * @param auth - How to sign it.
 * @param hop - Where and how.
 * @param signal - The attempt's signal.
 * @returns The response, its body unread.
 */
export function fetchHop(
  transport: Transport,
  auth: AuthType,
  hop: Hop,
  signal: AbortSignal,
): Promise<Response> {
  if (auth === 'NONE') return kyFetch(transport, hop, undefined, signal)
  const { options } = transport
  return loadSigner()
    .then(({ signRequest }) =>
      signRequest({
        method: hop.method as 'GET',
        query: hop.query,
        ...(hop.body === undefined ? {} : { body: hop.body }),
        credentials: options.credentials!,
        auth,
        now: options.now,
        headerNames: options.headerNames,
        getBodyRule: options.getBodyRule,
      }).catch(signingFailed),
    )
    .then((headers) => kyFetch(transport, hop, headers, signal))
}

function signingFailed(error: unknown): never {
  if (error instanceof OptionError) throw error
  throw new OptionError('credentials', `Signing failed: ${(error as Error).message}`, {
    cause: error,
  })
}

/**
 * Hands one request to the client's ky instance: the URL and only the options
 * that differ from the instance's.
 *
 * @param transport - The client's transport.
 * @param hop - Where and how.
 * @param signed - The signing headers, if signed.
 * @param signal - The attempt's signal.
 * @returns The response, its body unread.
 */
export function kyFetch(
  transport: Transport,
  hop: Hop,
  signed: Record<string, string> | undefined,
  signal: AbortSignal,
): Promise<Response> {
  // Only what differs from ky's defaults and the instance's: each key is merged per request.
  const init: Options & PassedOn = { [SIGNAL]: signal }
  if (hop.method !== 'GET') init.method = hop.method
  if (hop.body !== undefined) {
    init.body = hop.body
    init.headers = { ...signed, 'content-type': 'application/json' }
  } else if (signed) {
    init.headers = signed
  }
  return transport.ky(hop.url, init)
}
