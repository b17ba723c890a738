/**
 * One request, start to finish: CORS headers and preflights; the signed
 * route and control routes; gateway and compatibility routes (`/system/time`, the retired V1 API); the OpenAPI
 * document (`/openapi.json`); unknown path
 * (404, `msg`); then an endpoint of the table (see `serveEndpointRequest`).
 * Anything unexpected becomes HTTP 500 JSON: a request never crashes the
 * server and never hangs (except a requested `'stall'`).
 *
 * @module
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { SIGNED_ROUTE_PATH, serveSignedRoute } from '../signed/signed-route.ts'
import { sendError, sendNotFound } from '../wire/respond.ts'
import { INTERNAL_ERROR_CODE, WireError } from '../wire/wire-error.ts'
import { serveCompatibilityRoute } from './compatibility-routes.ts'
import { CONTROL_PREFIX, serveControl } from './control-routes.ts'
import { applyCors, isPreflight, sendPreflight } from './cors.ts'
import { findEndpoint } from './endpoint-handlers.ts'
import { serveEndpointRequest } from './endpoint-request.ts'
import { serveGatewayRoute } from './gateway-routes.ts'
import { serveOpenApi } from './openapi-route.ts'
import type { SandboxState } from './sandbox-state.ts'

export type { SandboxState } from './sandbox-state.ts'

function splitUrl(raw: string): { path: string; rawQuery: string } {
  const mark = raw.indexOf('?')
  return mark === -1
    ? { path: raw, rawQuery: '' }
    : { path: raw.slice(0, mark), rawQuery: raw.slice(mark + 1) }
}

/** Routes a request; a promise only when the answer has to wait (faults, signatures, bodies). */
function serve(
  state: SandboxState,
  req: IncomingMessage,
  res: ServerResponse,
): undefined | Promise<void> {
  applyCors(state.options, req, res)
  const { path, rawQuery } = splitUrl(req.url ?? '/')
  const endpoint = findEndpoint(path)
  if (isPreflight(state.options, req)) sendPreflight(state.options, req, res, path)
  else if (endpoint !== undefined) {
    return serveEndpointRequest(state, req, res, endpoint, rawQuery)
  } else if (path === SIGNED_ROUTE_PATH) return serveSignedRoute(req, res, state.checkSignature)
  else if (path.startsWith(CONTROL_PREFIX)) return serveControl(req, res, path, state.faults)
  else if (
    !serveGatewayRoute(state, req, res, path) &&
    !serveCompatibilityRoute(state, req, res, path) &&
    !serveOpenApi(req, res, path)
  ) {
    sendNotFound(res)
  }
  return undefined
}

/**
 * Handles one request: never throws, never leaves a request unanswered
 * (unless a fault asks for it). Errors become their API answer, unexpected
 * ones HTTP 500 JSON.
 */
export function handleRequest(
  state: SandboxState,
  req: IncomingMessage,
  res: ServerResponse,
): void {
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
  const fail = (error: unknown) => {
    if (error instanceof WireError) {
      sendError(res, error)
      return
    }
    if (!state.options.quiet) console.error('perpkit-sandbox: unexpected error', error)
    if (res.headersSent) res.destroy()
    else sendError(res, new WireError(500, INTERNAL_ERROR_CODE, 'Internal server error'))
  }
  try {
    serve(state, req, res)?.catch(fail)
  } catch (error) {
    fail(error)
  }
}
