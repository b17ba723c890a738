/**
 * Writing the answer of a fault (every kind but latency, which only delays).
 *
 * @module
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { apiErrorCodes } from '@perpkit/schemas'
import { type ExtraHeaders, newTrace, sendError, sendJson } from '../server/respond.ts'
import { INTERNAL_ERROR_CODE, WireError } from '../server/wire-error.ts'
import type { Fault } from './fault.ts'

const CDN_PAGE = `<!DOCTYPE html>
<html>
<head><title>503 Service Temporarily Unavailable</title></head>
<body>
<center><h1>503 Service Temporarily Unavailable</h1></center>
<hr><center>cdn-edge</center>
</body>
</html>
`

/**
 * Answers a request with a fault. `headers` are the rate-limit headers the
 * response would carry. A `'stall'` leaves the response open for good (the
 * sandbox's `close()` destroys it); a `'reset'` destroys the connection.
 */
export function sendFault(
  req: IncomingMessage,
  res: ServerResponse,
  fault: Fault,
  headers: ExtraHeaders,
): void {
  switch (fault.kind) {
    case 'latency':
      return
    case 'rate-limit': {
      const extra =
        fault.retryAfterSeconds === undefined
          ? headers
          : { ...headers, 'retry-after': String(fault.retryAfterSeconds) }
      sendError(
        res,
        new WireError(429, apiErrorCodes.TOO_MANY_REQUESTS, 'Too many requests'),
        extra,
      )
      return
    }
    case 'server-error':
      sendError(res, new WireError(500, INTERNAL_ERROR_CODE, 'Internal server error'), headers)
      return
    case 'unavailable-html':
      res.writeHead(503, {
        ...headers,
        'content-type': 'text/html',
        'content-length': Buffer.byteLength(CDN_PAGE),
      })
      res.end(CDN_PAGE)
      return
    case 'malformed-json':
      sendJson(
        res,
        200,
        `{"code":1000,"message":"Ok","trace":"${newTrace()}","data":{"symbol":"BTCUSDT","bids":[["9`,
        headers,
      )
      return
    case 'maintenance':
      sendJson(
        res,
        200,
        JSON.stringify({
          code: apiErrorCodes.MAINTENANCE,
          message: 'System maintenance',
          trace: newTrace(),
          data: null,
        }),
        headers,
      )
      return
    case 'reset':
      req.socket.destroy()
      return
    case 'stall': {
      const body = `{"code":1000,"message":"Ok","trace":"${newTrace()}","data":{"stalled":true}}`
      res.writeHead(200, {
        ...headers,
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(body),
      })
      res.write(body.slice(0, 20))
      return
    }
  }
}
