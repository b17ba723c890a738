/**
 * One request, start to finish: rate-limit slot, signing, the HTTP attempt
 * (through ky), the envelope, the error, and the retry loop around them.
 *
 * Retries live here rather than in ky's own retry: whether to retry depends
 * on the parsed envelope (maintenance arrives as HTTP 200 with code 30016),
 * every attempt must be signed afresh and must wait for its own rate-limit
 * slot, and the timeout must cover the body too (a stalled body would
 * otherwise hang past ky's timeout, which ends at the headers).
 *
 * Against a hostile server: redirects are followed by hand, within the
 * origin only (`redirects.ts`), and the body is read within
 * `maxResponseBytes` (`read-body.ts`).
 *
 * @module
 */
import type { AuthType, EndpointPath, RateLimitBudget } from '@perpkit/schemas'
import { onAbort } from './abort.ts'
import { corsHint } from './cors-hint.ts'
import { RateLimitError } from './errors/api.ts'
import { PerpkitError } from './errors/base.ts'
import { OptionError } from './errors/option.ts'
import {
  AbortError,
  NetworkError,
  TimeoutError,
  UnexpectedResponseError,
} from './errors/transport.ts'
import { isNetworkFailure } from './network-failure.ts'
import { checkInteger, checkPositiveMs, checkSignal } from './option-checks.ts'
import type { CallOptions } from './options.ts'
import { describeThrow } from './payload-guard.ts'
import { parseRateLimitHeaders } from './rate-limit-headers.ts'
import { type EndpointLimiter, endpointLimiter, withinCap } from './rate-limit-store.ts'
import { InProcessRateLimitStore } from './rate-limiter.ts'
import { readBody } from './read-body.ts'
import { type RawResponse, readResponse } from './read-response.ts'
import { followRedirects } from './redirects.ts'
import { resolveRetry, retryDelay, shouldRetry } from './retry.ts'
import type { Hop, Transport } from './transport.ts'

/** What to send. `query` is the exact encoded query string (it is signed as is). */
export interface RequestSpec {
  method: string
  path: string
  query: string
  body?: string
  auth: AuthType
  /** The endpoint's budget; without one the request is not rate-limited. */
  budget?: RateLimitBudget
}

const TIMED_OUT = Symbol('perpkit timeout')

/**
 * Sends a request with retries; resolves with a success envelope or throws a
 * {@link PerpkitError}.
 *
 * @param transport - The client's transport.
 * @param spec - What to send.
 * @param call - Per-call options.
 * @returns The success envelope and its response.
 */
export async function send(
  transport: Transport,
  spec: RequestSpec,
  callOptions?: CallOptions,
): Promise<RawResponse> {
  const label = `${spec.method} ${spec.path}`
  // `null` per-call options are none.
  const call = callOptions ?? {}
  const { options } = transport
  const policy = call.retry === undefined ? options.retry : resolveRetry(call.retry, options.retry)
  const limiter = limiterOf(transport, spec.path, spec.budget)
  // No server header can make the endpoint wait past the call's cap.
  const bucket = limiter && withinCap(limiter, policy.maxRetryAfterMs)
  for (let attempt = 0; ; attempt++) {
    let result: RawResponse | PerpkitError
    try {
      result = await attemptOnce(transport, spec, call, label, bucket, attempt + 1)
    } catch (error) {
      result = toPerpkitError(error, label, call.signal, options.origin)
    }
    if (!(result instanceof PerpkitError)) return result
    if (bucket && result instanceof RateLimitError) {
      bucket.blockFor(result.retryAfterMs ?? bucket.windowMs)
    }
    if (!shouldRetry(result, spec.method, attempt, policy)) throw result
    const delay = retryDelay(attempt + 1, result, policy)
    if (delay === null) throw result
    await sleep(delay, call.signal, label)
  }
}

/**
 * The endpoint's limiter, made once per client and path: a per-client
 * override wins over the table's budget; `false` turns the limiter off.
 */
function limiterOf(
  transport: Transport,
  path: string,
  tableBudget: RateLimitBudget | undefined,
): EndpointLimiter | undefined {
  const { options, limiters } = transport
  let limiter = limiters.get(path)
  if (limiter === undefined) {
    const budget =
      options.rateLimit === false
        ? undefined
        : ((Object.hasOwn(options.rateLimit, path)
            ? options.rateLimit[path as EndpointPath]
            : undefined) ?? tableBudget)
    const store = options.rateLimitStore
    limiter = budget
      ? endpointLimiter(
          store,
          options.origin,
          path,
          budget,
          store instanceof InProcessRateLimitStore,
        )
      : null
    limiters.set(path, limiter)
  }
  return limiter ?? undefined
}

async function attemptOnce(
  transport: Transport,
  spec: RequestSpec,
  call: CallOptions,
  label: string,
  bucket: EndpointLimiter | undefined,
  attempts: number,
): Promise<RawResponse> {
  const { options } = transport
  const maxBytes =
    call.maxResponseBytes === undefined
      ? options.maxResponseBytes
      : checkInteger('maxResponseBytes', call.maxResponseBytes, 1)
  const timeoutMs =
    call.timeout === undefined ? options.timeout : checkPositiveMs('timeout', call.timeout)
  checkSignal('signal', call.signal)
  // Nothing may throw between taking the slot and the `try` that releases it.
  const slot = bucket ? await bucket.acquire(call.signal) : undefined
  const controller = new AbortController()
  const timer = setTimeout(timeOut, timeoutMs, controller)
  const caller = call.signal
  const stopForwarding = caller ? onAbort(caller, () => controller.abort(caller.reason)) : undefined
  try {
    // Aborted before now (before the call, or while it waited for its slot): send nothing.
    caller?.throwIfAborted()
    const url =
      spec.query === ''
        ? options.baseUrl + spec.path
        : `${options.baseUrl}${spec.path}?${spec.query}`
    const first: Hop = { url, method: spec.method, query: spec.query }
    if (spec.body !== undefined) first.body = spec.body
    const response = await followRedirects(transport, spec.auth, first, controller.signal, label)
    // The server counted the request before its headers left, so the slot's window starts
    // now, not once the body is read and parsed (that time was lost from every window).
    // The headers are observed first: a window the server reports used up blocks before
    // the freed slot lets a queued request go.
    const rateLimit = parseRateLimitHeaders(response.headers)
    if (bucket) {
      if (rateLimit) bucket.observe(rateLimit)
      slot?.release()
    }
    const text = await readBody(response, maxBytes, label)
    try {
      return readResponse(response, text, label, rateLimit, attempts)
    } catch (error) {
      // A hostile body (JSON nested 200,000 deep) must not escape as a raw RangeError.
      if (error instanceof PerpkitError) throw error
      throw new UnexpectedResponseError(
        label,
        response.status,
        response.headers.get('content-type'),
        text,
        `The response body could not be read (${describeThrow(error)})`,
      )
    }
  } catch (error) {
    if (controller.signal.reason === TIMED_OUT) throw new TimeoutError(label, timeoutMs)
    // Whatever failed, let go of the connection (and any body still streaming).
    controller.abort()
    throw error
  } finally {
    clearTimeout(timer)
    stopForwarding?.()
    slot?.release()
  }
}

function timeOut(controller: AbortController): void {
  controller.abort(TIMED_OUT)
}

/**
 * The typed error of a failed attempt. Only a platform's network failure is a
 * {@link NetworkError}; what a function option threw is already an
 * {@link OptionError} (here given its endpoint); anything else (a bug) is
 * rethrown as it is, neither retried nor called a network failure.
 */
function toPerpkitError(
  error: unknown,
  label: string,
  signal: AbortSignal | undefined,
  origin: string,
): PerpkitError {
  if (error instanceof PerpkitError && !(error instanceof OptionError)) return error
  if (signal?.aborted) return new AbortError(label, signal.reason)
  if (error instanceof OptionError) return error.forEndpoint(label)
  if (isNetworkFailure(error)) return new NetworkError(label, error, corsHint(error, origin))
  throw error
}

function sleep(ms: number, signal: AbortSignal | undefined, label: string): Promise<void> {
  if (signal?.aborted) return Promise.reject(new AbortError(label, signal.reason))
  return new Promise((resolve, reject) => {
    const off = onAbort(signal, () => {
      clearTimeout(timer)
      reject(new AbortError(label, signal?.reason))
    })
    const timer = setTimeout(() => {
      off()
      resolve()
    }, ms)
  })
}
