/**
 * Writing the answer of a fault (every kind but latency, which only delays).
 *
 * @module
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { apiErrorCodes } from '@perpkit/schemas'
import { type ExtraHeaders, newTrace, sendError, sendJson } from '../wire/respond.ts'
import { blocked, INTERNAL_ERROR_CODE, tooManyRequests, WireError } from '../wire/wire-error.ts'
import type { Fault } from './fault.ts'

/** A CDN's HTML error page (`title` as `503 Service Temporarily Unavailable`). */
function cdnPage(title: string): string {
  return `<!DOCTYPE html>
<html>
<head><title>${title}</title></head>
<body>
<center><h1>${title}</h1></center>
<hr><center>cdn-edge</center>
</body>
</html>
`
}

const CDN_UNAVAILABLE = cdnPage('503 Service Temporarily Unavailable')
const CDN_FORBIDDEN = cdnPage('403 Forbidden')

function sendHtml(res: ServerResponse, status: number, page: string, headers: ExtraHeaders): void {
  res.writeHead(status, {
    ...headers,
    'content-type': 'text/html',
    'content-length': Buffer.byteLength(page),
  })
  res.end(page)
}

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
      sendError(res, tooManyRequests(), extra)
      return
    }
    case 'blocked':
      sendError(res, blocked(), headers)
      return
    case 'unavailable':
      sendError(
        res,
        new WireError(503, apiErrorCodes.SERVICE_UNAVAILABLE, 'Service unavailable'),
        headers,
      )
      return
    case 'server-error':
      sendError(res, new WireError(500, INTERNAL_ERROR_CODE, 'Internal server error'), headers)
      return
    case 'unavailable-html':
      sendHtml(res, 503, CDN_UNAVAILABLE, headers)
      return
    case 'forbidden-html':
      sendHtml(res, 403, CDN_FORBIDDEN, headers)
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
