/**
 * A request to an endpoint of the table, in the order a live deployment
 * answers: rate limit (429, 418); method (405); injected faults; signature
 * (401, signed mode only); query validation (400); the payload.
 *
 * @module
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { apiErrorCodes, type EndpointPath } from '@perpkit/schemas'
import { DEFAULT_LATENCY_MS, FAULT_HEADER, type Fault, parseFaultHeader } from '../faults/fault.ts'
import { sendFault } from '../faults/send-fault.ts'
import { type RateLimitVerdict, rateLimitHeaders } from '../rate-limit/rate-limiter.ts'
import { serveEndpoint } from './endpoint-handlers.ts'
import { type ExtraHeaders, sendError, sendMethodNotAllowed, sendSuccess } from './respond.ts'
import { delay, readClock, type SandboxState } from './sandbox-state.ts'
import { successMessage } from './success-message.ts'
import { WireError } from './wire-error.ts'

function faultsFor(state: SandboxState, req: IncomingMessage, path: EndpointPath): Fault[] {
  const header = req.headers[FAULT_HEADER]
  if (header !== undefined)
    return parseFaultHeader(Array.isArray(header) ? header.join(',') : header)
  const queued = state.faults.take(path)
  return queued === undefined ? [] : [queued]
}

/** Rate-limit headers for a fault answer when the sandbox does not enforce limits. */
function nominalVerdict(state: SandboxState, path: EndpointPath, fault: Fault): RateLimitVerdict {
  const budget = state.options.budgetOf(path)
  return { budget, used: fault.kind === 'rate-limit' ? budget.limit + 1 : 1, state: 'ok' }
}

/**
 * Answers a request to `endpoint`. `GET` and `HEAD` are served (`HEAD` as
 * `GET`, without the body); other methods get 405.
 */
export async function serveEndpointRequest(
  state: SandboxState,
  req: IncomingMessage,
  res: ServerResponse,
  endpoint: EndpointPath,
  rawQuery: string,
): Promise<void> {
  const { options } = state
  let headers: ExtraHeaders = {}
  if (state.limiter !== undefined) {
    const client = req.socket.remoteAddress ?? 'unknown'
    const verdict = state.limiter.hit(
      client,
      endpoint,
      options.budgetOf(endpoint),
      readClock(state),
    )
    headers = rateLimitHeaders(options.rateLimitHeaderPrefix, verdict)
    if (verdict.state === 'limited') {
      const error = new WireError(429, apiErrorCodes.TOO_MANY_REQUESTS, 'Too many requests')
      return sendError(res, error, headers)
    }
    if (verdict.state === 'blocked') {
      const message = 'Blocked after repeated 429 responses: wait for the window to reset'
      return sendError(res, new WireError(418, apiErrorCodes.BLOCKED, message), headers)
    }
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    return sendMethodNotAllowed(res, 'GET, HEAD', headers)
  }
  try {
    await serveAdmitted(state, req, res, endpoint, rawQuery, headers)
  } catch (error) {
    if (!(error instanceof WireError)) throw error
    sendError(res, error, headers)
  }
}

/** The part after the gateway: faults, signature, query, payload. */
async function serveAdmitted(
  state: SandboxState,
  req: IncomingMessage,
  res: ServerResponse,
  endpoint: EndpointPath,
  rawQuery: string,
  headers: ExtraHeaders,
): Promise<void> {
  const { options } = state
  for (const fault of faultsFor(state, req, endpoint)) {
    if (fault.kind === 'latency') {
      await delay(state, fault.latencyMs ?? DEFAULT_LATENCY_MS)
      if (res.destroyed) return
      continue
    }
    const faultHeaders =
      state.limiter === undefined && fault.kind === 'rate-limit'
        ? rateLimitHeaders(options.rateLimitHeaderPrefix, nominalVerdict(state, endpoint, fault))
        : headers
    return sendFault(req, res, fault, faultHeaders)
  }
  if (state.checkSignature !== undefined) {
    // HEAD is signed as the GET it mirrors (verifyNodeRequest's rule).
    const failure = await state.checkSignature(req)
    if (failure !== undefined) return sendError(res, failure, headers)
  }
  const query = Object.fromEntries(new URLSearchParams(rawQuery))
  const context = { market: state.market, depthLevels: options.depthLevels, now: readClock(state) }
  const message = successMessage(state.seedHash, options.quirks, endpoint, rawQuery)
  sendSuccess(res, serveEndpoint(endpoint, query, context), headers, message)
}
