/**
 * Calling one endpoint of the table: params in, model out.
 *
 * @module
 */
import type { EndpointModel, EndpointParams, EndpointPath } from '@perpkit/schemas'
import { ApiPromise, type ApiResponse } from './api-promise.ts'
import { InvalidParamsError, ResponseValidationError } from './errors/transport.ts'
import { send } from './http.ts'
import { loadedSchemas, loadSchemas } from './load-schemas.ts'
import type { CallOptions } from './options.ts'
import { unreadablePayload } from './payload-guard.ts'
import { encodeQuery, type QueryValue } from './query.ts'
import type { Transport } from './transport.ts'

/**
 * Validates `params` with the endpoint's schema (rejecting with
 * {@link InvalidParamsError} before any request), sends the request, and
 * validates and normalizes the payload (rejecting with {@link ResponseValidationError}).
 *
 * @param transport - The client's transport.
 * @param path - The endpoint path.
 * @param params - The user's params.
 * @param call - Per-call options.
 * @returns The model, with `.withResponse()`.
 */
export function callEndpoint<P extends EndpointPath>(
  transport: Transport,
  path: P,
  params: EndpointParams<P>,
  call: CallOptions | undefined,
): ApiPromise<EndpointModel<P>> {
  return new ApiPromise(fetchModel(transport, path, params, call))
}

async function fetchModel<P extends EndpointPath>(
  transport: Transport,
  path: P,
  params: EndpointParams<P>,
  call: CallOptions | undefined,
): Promise<ApiResponse<EndpointModel<P>>> {
  const { endpoints, encodeParams, decodeData } = loadedSchemas() ?? (await loadSchemas())
  const endpoint = endpoints[path]
  const label = `${endpoint.method} ${path}`
  const parsed = encodeParams(endpoint, params)
  if (!parsed.success) throw new InvalidParamsError(label, parsed.issues)
  // The client's `auth` option overrides the row's.
  const auth = transport.options.auth ?? endpoint.auth
  if (auth !== 'NONE' && transport.options.credentials === undefined) {
    throw new InvalidParamsError(label, [
      { path: 'auth', expected: `credentials on the client for ${auth} requests`, received: auth },
    ])
  }
  const raw = await send(
    transport,
    {
      method: endpoint.method,
      path,
      query: encodeQuery(parsed.data as Record<string, QueryValue>),
      auth,
      budget: endpoint.rateLimit,
    },
    call,
  )
  let decoded: ReturnType<typeof decodeData>
  try {
    decoded = decodeData(endpoint, raw.envelope.data)
  } catch (error) {
    // A payload that overflows the stack of the walk (JSON nested 200,000 deep) is typed too.
    throw unreadablePayload(label, raw.envelope.trace, error)
  }
  if (!decoded.success) throw new ResponseValidationError(label, decoded.issues, raw.envelope.trace)
  const { reportDrift } = transport.options
  if (reportDrift) {
    const drift = decoded.drift
    if (drift) reportDrift(path, label, drift, raw.envelope.trace)
  }
  return {
    data: decoded.data as EndpointModel<P>,
    envelope: raw.envelope,
    // Worked out on first read: a call whose response nobody inspects does not pay for it.
    get drift() {
      return decoded.drift
    },
    trace: raw.envelope.trace,
    response: raw.response,
    rateLimit: raw.rateLimit,
    attempts: raw.attempts,
  }
}
