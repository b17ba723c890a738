/**
 * A request to an endpoint of the table, in the order a live deployment
 * answers: rate limit (429, 418); method (405); injected faults; key or
 * signature (401, only where the endpoint's auth asks for it); query
 * validation (400); the payload.
 *
 * @module
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { type EndpointPath, endpoints } from '@perpkit/schemas'
import { DEFAULT_LATENCY_MS, FAULT_HEADER, type Fault, parseFaultHeader } from '../faults/fault.ts'
import { sendFault } from '../faults/send-fault.ts'
import { type RateLimitVerdict, rateLimitHeaders } from '../rate-limit/rate-limiter.ts'
import type { AuthCheck } from '../signed/signed-mode.ts'
import {
  type ExtraHeaders,
  RawJson,
  sendError,
  sendMethodNotAllowed,
  sendSuccessPayload,
} from '../wire/respond.ts'
import { blocked, tooManyRequests, WireError } from '../wire/wire-error.ts'
import { serveEndpoint } from './endpoint-handlers.ts'
import { requestQuirks } from './request-quirks.ts'
import { delay, readClock, readRateLimitClock, type SandboxState } from './sandbox-state.ts'

function faultsFor(state: SandboxState, req: IncomingMessage, path: EndpointPath): Fault[] {
  const header = req.headers[FAULT_HEADER]
  if (header !== undefined) {
    const text = Array.isArray(header) ? header.join(',') : header
    return parseFaultHeader(text, state.options.inventedFaults)
  }
  const queued = state.faults.take(path)
  return queued === undefined ? [] : [queued]
}

/** Rate-limit headers for a 429 or 418 fault when the sandbox does not enforce limits. */
function nominalVerdict(state: SandboxState, path: EndpointPath, fault: Fault): RateLimitVerdict {
  const budget = state.options.budgetOf(path)
  const used = fault.kind === 'blocked' ? 2 * budget.limit + 1 : budget.limit + 1
  return { budget, used, state: fault.kind === 'blocked' ? 'blocked' : 'limited' }
}

/**
 * Answers a request to `endpoint`. `GET` and `HEAD` are served (`HEAD` as
 * `GET`, without the body); other methods get 405. Synchronous unless a
 * fault or a signature check has to wait (the common path allocates no promise).
 */
export function serveEndpointRequest(
  state: SandboxState,
  req: IncomingMessage,
  res: ServerResponse,
  endpoint: EndpointPath,
  rawQuery: string,
): undefined | Promise<void> {
  const { options } = state
  let headers: ExtraHeaders = {}
  if (state.limiter !== undefined) {
    const client = req.socket.remoteAddress ?? 'unknown'
    const verdict = state.limiter.hit(
      client,
      endpoint,
      options.budgetOf(endpoint),
      readRateLimitClock(state),
    )
    headers = rateLimitHeaders(options.rateLimitHeaderNames, verdict)
    if (verdict.state !== 'ok') {
      sendError(res, verdict.state === 'limited' ? tooManyRequests() : blocked(), headers)
      return undefined
    }
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    sendMethodNotAllowed(res, 'GET, HEAD', headers)
    return undefined
  }
  const answerError = (error: unknown) => {
    if (!(error instanceof WireError)) throw error
    sendError(res, error, headers)
  }
  const faults = faultsFor(state, req, endpoint)
  const auth = options.endpointAuth === 'SIGNED' ? 'SIGNED' : endpoints[endpoint].auth
  const check = state.authChecks[auth]
  try {
    if (faults.length === 0 && check === undefined) {
      return sendPayload(state, res, endpoint, rawQuery, headers)
    }
    return serveChecked(state, req, res, endpoint, rawQuery, headers, faults, check).catch(
      answerError,
    )
  } catch (error) {
    answerError(error)
    return undefined
  }
}

/** A request with faults to inject or a key or signature to check first. */
async function serveChecked(
  state: SandboxState,
  req: IncomingMessage,
  res: ServerResponse,
  endpoint: EndpointPath,
  rawQuery: string,
  headers: ExtraHeaders,
  faults: readonly Fault[],
  check: AuthCheck | undefined,
): Promise<void> {
  const { options } = state
  for (const fault of faults) {
    if (fault.kind === 'latency') {
      await delay(state, fault.latencyMs ?? DEFAULT_LATENCY_MS)
      if (res.destroyed) return
      continue
    }
    const limitFault = fault.kind === 'rate-limit' || fault.kind === 'blocked'
    const faultHeaders =
      state.limiter === undefined && limitFault
        ? rateLimitHeaders(options.rateLimitHeaderNames, nominalVerdict(state, endpoint, fault))
        : headers
    return sendFault(req, res, fault, faultHeaders)
  }
  if (check !== undefined) {
    // HEAD is signed as the GET it mirrors (verifyNodeRequest's rule).
    const failure = await check(req)
    if (failure !== undefined) return sendError(res, failure, headers)
  }
  sendPayload(state, res, endpoint, rawQuery, headers)
}

/** The payload (cached for the second, or built), in the success envelope. */
function sendPayload(
  state: SandboxState,
  res: ServerResponse,
  endpoint: EndpointPath,
  rawQuery: string,
  headers: ExtraHeaders,
): undefined {
  const { options } = state
  const quirks = requestQuirks(state.seedHash, options.quirks, endpoint, rawQuery)
  const now = readClock(state)
  const key = `${endpoint}?${rawQuery}`
  let payload = state.payloads.get(key, now)
  if (payload === undefined) {
    const query = Object.fromEntries(new URLSearchParams(rawQuery))
    const context = {
      market: state.market,
      depthLevels: options.depthLevels,
      now,
      orderKey: quirks.orderKey,
    }
    const data = serveEndpoint(endpoint, query, context)
    payload = state.payloads.set(
      key,
      now,
      data instanceof RawJson ? data.text : JSON.stringify(data),
    )
  }
  sendSuccessPayload(res, payload, { ...quirks, headers })
  return undefined
}
