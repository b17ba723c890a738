// The checks shared by verifyRequest (Fetch API) and verifyNodeRequest (Node): the signature
// (verify.ts), then what the signature does not cover, the body cap, the frozen flag, the
// JSON body and the replay store, each failure with its live status and code.

import { readClock } from './clock.ts'
import { type HeadersInput, readHeader, resolveHeaderNames } from './headers.ts'
import { liveErrorCodes } from './live-errors.ts'
import { declaredTooLarge, decodeUtf8 } from './read-body.ts'
import { settleWithin } from './settle-within.ts'
import {
  type BodyRefusal,
  type CredentialsLookup,
  type LookupGuard,
  type VerifyParameters,
  verifyCore,
} from './verify.ts'
import {
  type CheckedOptions,
  checkOptions,
  type UnavailableEvent,
  type VerifyRequestOptions,
} from './verify-request-options.ts'
import type { VerifyRequestFailureReason, VerifyRequestResult } from './verify-request-result.ts'

/** The request as the shared checks see it: parts read, body still unread. */
export interface RequestParts {
  method: string
  query: string
  headers: HeadersInput
  /** `false` when there is certainly no body (no framing header on a GET, a `null` body). */
  hasBody: boolean
  /** Reads the body within the cap: its bytes, or `undefined` past the cap. */
  readBody: (maxBytes: number) => Promise<Uint8Array | undefined>
}

function refuse(reason: VerifyRequestFailureReason, message: string): VerifyRequestResult {
  return { ok: false, reason, message, ...liveErrorCodes[reason] }
}

const unsignedBody = { ok: false, reason: 'unsigned-body' } as const
const unsignedQuery = { ok: false, reason: 'unsigned-query' } as const
const tooLarge = { ok: false, reason: 'body-too-large' } as const

function unsignedBodyMessage(method: string, emptyRule: boolean): string {
  const signs = emptyRule ? 'an empty string' : 'their query string'
  return (
    `${method} requests sign ${signs}, not a body, so the body of this one is not covered by ` +
    `its signature: send ${method} parameters in the query string and no body.`
  )
}

function unsignedQueryMessage(method: string): string {
  const signs = method === 'GET' ? 'an empty string here' : 'their JSON body'
  return (
    `${method} requests sign ${signs}, not the query string, and this service refuses a ` +
    'query string its signature does not cover: send no query string.'
  )
}

const unavailableMessages = {
  lookup: 'The API key cannot be checked right now: try again later.',
  replay: 'The request cannot be checked for replay right now: sign it afresh and try again.',
} as const

/** Tells `onUnavailable`, whose own failure must not break the answer. */
function report(options: VerifyRequestOptions, event: UnavailableEvent): void {
  try {
    options.onUnavailable?.(event)
  } catch {
    // A failing logger or metric must not turn a documented 503 into a crash.
  }
}

/** Reads the body of a method whose signature covers it (POST, PUT), within the cap. */
function coveredBodyReader(
  parts: RequestParts,
  maxBodyBytes: number,
  onInvalidUtf8: () => void,
): () => string | BodyRefusal | Promise<string | BodyRefusal> {
  return () => {
    if (declaredTooLarge(readHeader(parts.headers, 'content-length'), maxBodyBytes)) {
      return tooLarge
    }
    return parts.readBody(maxBodyBytes).then((bytes) => {
      if (bytes === undefined) return tooLarge
      const text = decodeUtf8(bytes)
      // Invalid UTF-8 is no JSON text a client signed: a mismatch, whatever the signature.
      if (text === undefined) onInvalidUtf8()
      return text ?? ''
    })
  }
}

/**
 * Checks that a method whose signature does not cover a body (GET, HEAD, DELETE) carries
 * none. By HTTP framing, a `Content-Length` above 0 or any `Transfer-Encoding` means a body,
 * refused without reading it (so every adapter gives the same answer, whether or not it drops
 * such a body); without either, a single byte on the stream is refused too.
 */
function uncoveredBodyCheck(
  parts: RequestParts,
): () => '' | BodyRefusal | Promise<'' | BodyRefusal> {
  return () => {
    const { headers } = parts
    if (declaredTooLarge(readHeader(headers, 'content-length'), 0)) return unsignedBody
    if (readHeader(headers, 'transfer-encoding') !== undefined) return unsignedBody
    return parts.readBody(0).then((bytes) => (bytes === undefined ? unsignedBody : ''))
  }
}

/** Records the signature in the replay store: `undefined` when first seen, else the refusal. */
async function recordSignature(
  options: VerifyRequestOptions,
  checked: CheckedOptions,
  signature: string,
  timestamp: number,
): Promise<VerifyRequestResult | undefined> {
  const replay = checked.replay!
  const windowMs = options.windowMs ?? 30_000
  // Remember it as long as the window could still accept this timestamp.
  const ttlMs = Math.max(1, timestamp + windowMs - readClock(options.now) + 1)
  let answer: boolean | Promise<boolean>
  try {
    answer = replay.setIfAbsent(signature, ttlMs)
  } catch (error) {
    report(options, { during: 'replay', error })
    return refuse('replay-unavailable', unavailableMessages.replay)
  }
  let first = answer
  if (typeof (answer as Partial<Promise<boolean>> | undefined)?.then === 'function') {
    const settled = await settleWithin(
      Promise.resolve(answer),
      checked.replayTimeoutMs,
      'replay store',
    )
    if (!settled.ok) {
      report(options, { during: 'replay', error: settled.error })
      return refuse('replay-unavailable', unavailableMessages.replay)
    }
    first = settled.value
  }
  if (first === true) return undefined
  const header = resolveHeaderNames(options.headerNames).timestamp
  return refuse(
    'replay',
    `This request was already received: sign every request afresh (a new ${header}).`,
  )
}

/** The checks shared by {@link verifyRequest} and {@link verifyNodeRequest}. */
export async function verifyParts(
  parts: RequestParts,
  options: VerifyRequestOptions,
): Promise<VerifyRequestResult> {
  const checked = checkOptions(options)
  const upper = parts.method.toUpperCase()
  // HEAD is signed as the GET it mirrors.
  const method = upper === 'HEAD' ? 'GET' : upper
  const emptyRule = method === 'GET' && options.getBodyRule === 'empty'
  const bodyCovered = method === 'POST' || method === 'PUT'
  const queryCovered = method === 'DELETE' || (method === 'GET' && !emptyRule)
  let invalidUtf8 = false
  // What runs after the key is found and before the HMAC: nothing on a plain GET.
  let readBody: (() => string | BodyRefusal | Promise<string | BodyRefusal>) | undefined
  if (checked.refuseUnsignedQuery && !queryCovered && parts.query !== '') {
    readBody = () => unsignedQuery
  } else if (bodyCovered) {
    if (parts.hasBody) {
      readBody = coveredBodyReader(parts, checked.maxBodyBytes, () => {
        invalidUtf8 = true
      })
    }
  } else if (parts.hasBody) {
    readBody = uncoveredBodyCheck(parts)
  }
  const usesLookup = options.credentials === undefined
  const guard: LookupGuard | undefined = usesLookup
    ? {
        timeoutMs: checked.lookupTimeoutMs,
        onError: (error) => report(options, { during: 'lookup', error }),
      }
    : undefined
  // One fixed-shape object (a spread of options costs more than the HMAC on this path).
  const parameters = {
    credentials: options.credentials,
    lookup: usesLookup ? (options.lookup as CredentialsLookup) : undefined,
    method,
    query: parts.query,
    headers: parts.headers,
    windowMs: options.windowMs,
    now: options.now,
    headerNames: options.headerNames,
    getBodyRule: options.getBodyRule,
  } as VerifyParameters
  const core = await verifyCore(parameters, readBody, guard)
  if (!core.ok) {
    switch (core.reason) {
      case 'body-too-large':
        return refuse(
          'body-too-large',
          `The request body is larger than ${checked.maxBodyBytes} bytes.`,
        )
      case 'unsigned-body':
        return refuse('unsigned-body', unsignedBodyMessage(method, emptyRule))
      case 'unsigned-query':
        return refuse('unsigned-query', unsignedQueryMessage(method))
      case 'lookup-unavailable':
        return refuse('lookup-unavailable', unavailableMessages.lookup)
      default:
        return refuse(core.reason, (core as { message: string }).message)
    }
  }
  if (invalidUtf8) return refuse('signature-mismatch', 'The body is not UTF-8 text.')
  if (core.frozen) {
    const names = resolveHeaderNames(options.headerNames)
    return refuse('frozen-key', `The API key in ${names.apiKey} is frozen.`)
  }
  const body = core.body ?? ''
  let json: unknown
  if (checked.parseJson && body !== '') {
    try {
      json = JSON.parse(body)
    } catch {
      return refuse('malformed-body', 'The request body is not JSON text.')
    }
  }
  if (checked.replay !== undefined) {
    const refused = await recordSignature(options, checked, core.signature, core.timestamp)
    if (refused !== undefined) return refused
  }
  return {
    ok: true,
    apiKey: core.apiKey,
    timestamp: core.timestamp,
    body,
    json,
    secretIndex: core.secretIndex,
    secretLabel: core.secretLabel,
  }
}
