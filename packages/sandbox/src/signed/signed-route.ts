/**
 * `/__sandbox/signed`: the sandbox's route for exercising a signer end to end,
 * since every endpoint of the market-data table is public. `GET` (and `HEAD`)
 * sign the query string (or `''` with `getBodyRule: 'empty'`), `POST` signs
 * its JSON body, exactly as live signed endpoints do. A correct signature
 * answers the success envelope with `data: { api_key, signed_body }` (the
 * bytes the signature covered); anything else answers the live 401 body with
 * the code of the reason (30001-30008), a frozen key 30003. Without
 * credentials every key is unknown (30002). Never rate-limited or faulted.
 *
 * @module
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { sendError, sendMethodNotAllowed, sendSuccess } from '../wire/respond.ts'
import { WireError } from '../wire/wire-error.ts'
import type { SignatureCheck } from './signed-mode.ts'

/** Path of the signed route. */
export const SIGNED_ROUTE_PATH = '/__sandbox/signed'

/** Answers a request to the signed route. */
export async function serveSignedRoute(
  req: IncomingMessage,
  res: ServerResponse,
  check: SignatureCheck,
): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD' && req.method !== 'POST') {
    sendMethodNotAllowed(res, 'GET, HEAD, POST')
    return
  }
  const verdict = await check(req)
  if (verdict instanceof WireError) {
    sendError(res, verdict)
    return
  }
  sendSuccess(res, { api_key: verdict.apiKey, signed_body: verdict.body })
}
