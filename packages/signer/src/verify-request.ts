import { readClock } from './clock.ts'
import type { Credentials } from './credentials.ts'
import { SignerError } from './errors.ts'
import { type HeadersInput, readHeader, resolveHeaderNames } from './headers.ts'
import { liveErrorCodes } from './live-errors.ts'
import { declaredTooLarge, decodeUtf8, defaultMaxBodyBytes, readStreamCapped } from './read-body.ts'
import { createMemoryReplayStore, type ReplayStore } from './replay-store.ts'
import {
  type CredentialsLookup,
  type VerifyOptions,
  type VerifyParameters,
  verifyCore,
} from './verify.ts'
import type { VerifyRequestFailureReason, VerifyRequestResult } from './verify-request-result.ts'

/**
 * What {@link CredentialsLookupWithStatus} returns for a known key: its secret and memo, and
 * optionally `frozen: true` for a key that exists but may not be used (`'frozen-key'`, 30003).
 *
 * @example
 * ```ts
 * import type { KeyRecord } from '@perpkit/signer'
 *
 * const record: KeyRecord = { secret: 'my-secret', memo: 'my-memo', frozen: false }
 * ```
 */
export interface KeyRecord {
  /** The API secret. */
  readonly secret: string
  /** The memo of the key. */
  readonly memo: string
  /** The key exists but is frozen. @default false */
  readonly frozen?: boolean | undefined
}

/**
 * Finds a key's {@link KeyRecord}, or `undefined` for an unknown key. May be async.
 *
 * @example
 * ```ts
 * import type { CredentialsLookupWithStatus } from '@perpkit/signer'
 *
 * const keys = new Map([['my-key', { secret: 'my-secret', memo: 'my-memo', frozen: true }]])
 * const lookup: CredentialsLookupWithStatus = async (apiKey) => keys.get(apiKey)
 * ```
 */
export type CredentialsLookupWithStatus = (
  apiKey: string,
) => KeyRecord | undefined | Promise<KeyRecord | undefined>

/**
 * Options of {@link verifyRequest} and {@link verifyNodeRequest}: `credentials` or `lookup`,
 * plus the clock, window, header names and GET rule of {@link verify}, the body cap and the
 * replay store.
 *
 * @example
 * ```ts
 * import { createMemoryReplayStore, type VerifyRequestOptions } from '@perpkit/signer'
 *
 * const keys = new Map([['my-key', { secret: 'my-secret', memo: 'my-memo' }]])
 * const options: VerifyRequestOptions = {
 *   lookup: (apiKey) => keys.get(apiKey),
 *   windowMs: 10_000,
 *   maxBodyBytes: 64 * 1024,
 *   replay: createMemoryReplayStore(),
 * }
 * ```
 */
export interface VerifyRequestOptions
  extends Pick<VerifyOptions, 'windowMs' | 'now' | 'headerNames' | 'getBodyRule'> {
  /** The only credentials accepted. Give this or `lookup`. */
  credentials?: Credentials | undefined
  /** Finds a key's secret and memo (and whether it is frozen). Give this or `credentials`. */
  lookup?: CredentialsLookupWithStatus | CredentialsLookup | undefined
  /**
   * Largest accepted body, in bytes, counted as it streams in (a larger `Content-Length` is
   * refused before reading). @default 1_048_576 (1 MiB)
   */
  maxBodyBytes?: number | undefined
  /**
   * Where accepted signatures are remembered for the window, so a second identical request
   * is `'replay'`. `false` turns the check off. @default one in-process store shared by every
   * call that does not pass one
   */
  replay?: ReplayStore | false | undefined
}

let sharedReplayStore: ReplayStore | undefined

function checkMaxBodyBytes(value: unknown): number {
  if (value === undefined) return defaultMaxBodyBytes
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0) return value
  throw new SignerError('invalid-argument', 'maxBodyBytes must be a non-negative integer.')
}

function checkReplay(value: unknown): ReplayStore | undefined {
  if (value === false) return undefined
  if (value === undefined) {
    sharedReplayStore ??= createMemoryReplayStore()
    return sharedReplayStore
  }
  if (typeof (value as Partial<ReplayStore>).setIfAbsent !== 'function') {
    throw new SignerError('invalid-argument', 'replay must be a ReplayStore or false.')
  }
  return value as ReplayStore
}

const messages: Record<'frozen-key' | 'replay' | 'body-too-large', (arg: string) => string> = {
  'frozen-key': (header) => `The API key in ${header} is frozen.`,
  replay: (header) =>
    `This request was already received: sign every request afresh (a new ${header}).`,
  'body-too-large': (limit) => `The request body is larger than ${limit} bytes.`,
}

function refuse(reason: VerifyRequestFailureReason, message: string): VerifyRequestResult {
  return { ok: false, reason, message, ...liveErrorCodes[reason] }
}

/** The request as the shared checks see it: parts read, body still unread. */
export interface RequestParts {
  method: string
  query: string
  headers: HeadersInput
  /** `false` when there is certainly no body (a Fetch `Request` whose `body` is `null`). */
  hasBody: boolean
  /** Reads the body within the cap: its bytes, or `undefined` past the cap. */
  readBody: (maxBytes: number) => Promise<Uint8Array | undefined>
}

/** The checks shared by {@link verifyRequest} and {@link verifyNodeRequest}. */
export async function verifyParts(
  parts: RequestParts,
  options: VerifyRequestOptions,
): Promise<VerifyRequestResult> {
  if (options === null || typeof options !== 'object') {
    throw new SignerError(
      'invalid-argument',
      'verifyRequest needs options with credentials or lookup.',
    )
  }
  const maxBodyBytes = checkMaxBodyBytes(options.maxBodyBytes)
  const replay = checkReplay(options.replay)
  let bodyFailure: VerifyRequestResult | undefined
  // A bodiless request (GET, HEAD) needs no reader: the signed body is its query.
  const readBody = parts.hasBody
    ? () => {
        if (declaredTooLarge(readHeader(parts.headers, 'content-length'), maxBodyBytes)) {
          return { ok: false, reason: 'body-too-large' } as const
        }
        return parts.readBody(maxBodyBytes).then((bytes) => {
          if (bytes === undefined) return { ok: false, reason: 'body-too-large' } as const
          const text = decodeUtf8(bytes)
          // Invalid UTF-8 is no JSON text a client signed: a mismatch, whatever the signature.
          if (text === undefined) {
            bodyFailure = refuse('signature-mismatch', 'The body is not UTF-8 text.')
          }
          return text ?? ''
        })
      }
    : undefined
  // One fixed-shape object (a spread of options costs more than the HMAC on this path).
  const parameters = {
    credentials: options.credentials,
    lookup: options.credentials === undefined ? (options.lookup as CredentialsLookup) : undefined,
    // HEAD is signed as the GET it mirrors.
    method: parts.method.toUpperCase() === 'HEAD' ? 'GET' : parts.method,
    query: parts.query,
    headers: parts.headers,
    windowMs: options.windowMs,
    now: options.now,
    headerNames: options.headerNames,
    getBodyRule: options.getBodyRule,
  } as VerifyParameters
  const core = await verifyCore(parameters, readBody)
  if (!core.ok) {
    if (core.reason === 'body-too-large') {
      return refuse('body-too-large', messages['body-too-large'](String(maxBodyBytes)))
    }
    const { reason, message } = core as { reason: VerifyRequestFailureReason; message: string }
    return refuse(reason, message)
  }
  if (bodyFailure !== undefined) return bodyFailure
  if (core.frozen) {
    const names = resolveHeaderNames(options.headerNames)
    return refuse('frozen-key', messages['frozen-key'](names.apiKey))
  }
  if (replay !== undefined) {
    const windowMs = options.windowMs ?? 30_000
    // Remember it as long as the window could still accept this timestamp.
    const ttlMs = Math.max(1, core.timestamp + windowMs - readClock(options.now) + 1)
    const first = await replay.setIfAbsent(core.signature, ttlMs)
    if (!first) {
      return refuse('replay', messages.replay(resolveHeaderNames(options.headerNames).timestamp))
    }
  }
  return { ok: true, apiKey: core.apiKey, timestamp: core.timestamp, body: core.body ?? '' }
}

/**
 * Reads a Request's body within the cap. With a Content-Length (already checked against the
 * cap), the runtime's HTTP framing bounds the read to that length, so `arrayBuffer()` is used
 * (the fast path of adapters such as `@hono/node-server`) and the length is checked again;
 * without one (chunked), bytes are counted as they stream and reading stops past the cap.
 */
async function readRequestBody(
  request: Request,
  maxBytes: number,
): Promise<Uint8Array | undefined> {
  if (request.headers.get('content-length') === null) {
    return readStreamCapped(request.body, maxBytes)
  }
  const bytes = new Uint8Array(await request.arrayBuffer())
  return bytes.byteLength > maxBytes ? undefined : bytes
}

/**
 * Verifies a Fetch-API `Request` (Hono's `c.req.raw`, `Deno.serve`, `Bun.serve`, Workers):
 * the three headers, the timestamp's format and skew, the key (`lookup` or `credentials`),
 * the signature (constant-time), then that this signature was not accepted before within
 * the window (`replay`). HEAD is checked as the GET it mirrors. The body is read once, only after the key is found, and at most
 * `maxBodyBytes` of it; it comes back in the result, as the stream is consumed.
 *
 * @param request - The incoming request. Its body must not have been read.
 * @param options - `credentials` or `lookup`, and the options of {@link VerifyRequestOptions}.
 * @returns `{ ok: true, apiKey, timestamp, body }`, or `{ ok: false, reason, status, code,
 *   message }` ready for {@link liveErrorResponse}.
 * @throws {SignerError} (as a rejection) for the verifier's own mistakes (both or neither of
 *   `credentials` and `lookup`, bad options, a body already read); never for a bad request.
 *
 * @example
 * ```ts
 * import { liveErrorResponse, verifyRequest } from '@perpkit/signer'
 *
 * const keys = new Map([['my-key', { secret: 'my-secret', memo: 'my-memo' }]])
 * export async function handle(request: Request): Promise<Response> {
 *   const result = await verifyRequest(request, { lookup: (k) => keys.get(k) })
 *   if (!result.ok) return liveErrorResponse(result)
 *   return new Response(`hello ${result.apiKey}, you sent ${result.body.length} characters`)
 * }
 * ```
 */
export function verifyRequest(
  request: Request,
  options: VerifyRequestOptions,
): Promise<VerifyRequestResult> {
  if (request.bodyUsed) {
    return Promise.reject(
      new SignerError('invalid-argument', 'The request body was already read: verify first.'),
    )
  }
  const url = request.url
  const queryStart = url.indexOf('?')
  const hashStart = url.indexOf('#')
  const query =
    queryStart === -1 ? '' : url.slice(queryStart + 1, hashStart === -1 ? undefined : hashStart)
  const method = request.method.toUpperCase()
  return verifyParts(
    {
      method: request.method,
      query,
      headers: request.headers,
      // GET and HEAD requests carry no body in the Fetch API.
      hasBody: method !== 'GET' && method !== 'HEAD',
      readBody: (maxBytes) => readRequestBody(request, maxBytes),
    },
    options,
  )
}
