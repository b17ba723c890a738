/**
 * One request, start to finish, in the order a live deployment answers:
 * control routes; unknown path (404, `msg`); rate limit (429, 418); method
 * (405); injected faults; signature (401, signed mode only); query validation
 * (400); the payload. Anything unexpected becomes HTTP 500 JSON: a request
 * never crashes the server and never hangs (except a requested `'stall'`).
 *
 * @module
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { apiErrorCodes, type EndpointPath } from '@perpkit/schemas'
import { DEFAULT_LATENCY_MS, type Fault, parseFaultHeader } from '../faults/fault.ts'
import type { MemoryFaultQueue } from '../faults/fault-queue.ts'
import { sendFault } from '../faults/send-fault.ts'
import type { Market } from '../market/market.ts'
import type { ResolvedOptions } from '../options.ts'
import {
  type RateLimiter,
  type RateLimitVerdict,
  rateLimitHeaders,
} from '../rate-limit/rate-limiter.ts'
import type { SignatureCheck } from '../signed/signed-mode.ts'
import { ApiError, INTERNAL_ERROR_CODE } from './api-error.ts'
import { CONTROL_PREFIX, serveControl } from './control-routes.ts'
import { findEndpoint, serveEndpoint } from './endpoint-handlers.ts'
import {
  type ExtraHeaders,
  sendError,
  sendMethodNotAllowed,
  sendNotFound,
  sendSuccess,
} from './respond.ts'

/** Everything a request handler shares with its sandbox. */
export interface SandboxState {
  options: ResolvedOptions
  market: Market
  faults: MemoryFaultQueue
  limiter: RateLimiter | undefined
  checkSignature: SignatureCheck | undefined
  /** Pending latency timers, cleared by `close()`. */
  timers: Set<NodeJS.Timeout>
}

/** Header that injects faults into one request. */
export const FAULT_HEADER = 'x-sandbox-fault'

function delay(state: SandboxState, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      state.timers.delete(timer)
      resolve()
    }, ms)
    state.timers.add(timer)
  })
}

/** The sandbox clock, checked: a clock that gives no epoch ms is a sandbox failure (HTTP 500). */
function readClock(state: SandboxState): number {
  const now = state.options.now()
  if (typeof now !== 'number' || !Number.isFinite(now) || now < 0) {
    throw new Error(`the now() option must return epoch ms, got ${String(now)}`)
  }
  return Math.floor(now)
}

function splitUrl(raw: string): { path: string; rawQuery: string } {
  const mark = raw.indexOf('?')
  return mark === -1
    ? { path: raw, rawQuery: '' }
    : { path: raw.slice(0, mark), rawQuery: raw.slice(mark + 1) }
}

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

async function serve(
  state: SandboxState,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const { path, rawQuery } = splitUrl(req.url ?? '/')
  if (path.startsWith(CONTROL_PREFIX)) return serveControl(req, res, path, state.faults)
  const endpoint = findEndpoint(path)
  if (endpoint === undefined) return sendNotFound(res)
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
      return sendError(
        res,
        new ApiError(429, apiErrorCodes.TOO_MANY_REQUESTS, 'Too many requests'),
        headers,
      )
    }
    if (verdict.state === 'blocked') {
      const message = 'Blocked after repeated 429 responses: wait for the window to reset'
      return sendError(res, new ApiError(418, apiErrorCodes.BLOCKED, message), headers)
    }
  }
  if (req.method !== 'GET') return sendMethodNotAllowed(res, 'GET', headers)
  try {
    await serveAdmitted(state, req, res, endpoint, rawQuery, headers)
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
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
    const failure = await state.checkSignature(req.method ?? 'GET', rawQuery, req.headers)
    if (failure !== undefined) return sendError(res, failure, headers)
  }
  const query = Object.fromEntries(new URLSearchParams(rawQuery))
  const context = { market: state.market, depthLevels: options.depthLevels, now: readClock(state) }
  sendSuccess(res, serveEndpoint(endpoint, query, context), headers)
}

/**
 * Handles one request: never throws, never leaves a request unanswered
 * (unless a fault asks for it). Errors become their API answer, unexpected
 * ones HTTP 500 JSON.
 */
export async function handleRequest(
  state: SandboxState,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const started = performance.now()
  const { log } = state.options
  if (log !== undefined) {
    res.once('close', () => {
      const status = res.writableFinished ? String(res.statusCode) : 'aborted'
      log(
        `${req.method ?? '?'} ${req.url ?? ''} ${status} ${(performance.now() - started).toFixed(1)}ms`,
      )
    })
  }
  try {
    await serve(state, req, res)
  } catch (error) {
    if (error instanceof ApiError) {
      sendError(res, error)
      return
    }
    if (!state.options.quiet) console.error('perpkit-sandbox: unexpected error', error)
    if (res.headersSent) res.destroy()
    else sendError(res, new ApiError(500, INTERNAL_ERROR_CODE, 'Internal server error'))
  }
}
