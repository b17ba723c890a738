/**
 * Routes a live gateway answers besides the endpoint table:
 *
 * - `GET /system/time`: the sandbox clock, `{code:1000, message, trace, data: {server_time}}`
 *   (ms), for clients that correct their clock before signing. Never rate-limited or signed.
 * - `/contract/v1/...`: the retired V1 API, HTTP 200 with code 30030 and `msg`.
 *
 * @module
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { apiErrorCodes } from '@perpkit/schemas'
import { sendError, sendMethodNotAllowed, sendSuccess } from '../wire/respond.ts'
import { liveMessages, WireError } from '../wire/wire-error.ts'
import { requestQuirks } from './request-quirks.ts'
import { readClock, type SandboxState } from './sandbox-state.ts'

/** Path of the server-time route. */
const SYSTEM_TIME_PATH = '/system/time'

/** Prefix of the retired V1 API. */
const V1_PREFIX = '/contract/v1/'

/** Serves a gateway route, or returns `false` when `path` is not one. */
export function serveGatewayRoute(
  state: SandboxState,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
): boolean {
  if (path.startsWith(V1_PREFIX)) {
    const error = new WireError(
      200,
      apiErrorCodes.V1_DEPRECATED,
      liveMessages.v1Deprecated,
      'gateway',
    )
    sendError(res, error)
    return true
  }
  if (path !== SYSTEM_TIME_PATH) return false
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    sendMethodNotAllowed(res, 'GET, HEAD')
    return true
  }
  const quirks = requestQuirks(state.seedHash, state.options.quirks, path, '')
  sendSuccess(res, { server_time: readClock(state) }, quirks)
  return true
}
