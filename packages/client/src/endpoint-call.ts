/**
 * Calling one endpoint of the table: params in, model out.
 *
 * @module
 */
import {
  decodeData,
  type EndpointModel,
  type EndpointParams,
  type EndpointPath,
  encodeParams,
  endpoints,
} from '@perpkit/schemas'
import { ApiPromise, type ApiResponse } from './api-promise.ts'
import { InvalidParamsError, ResponseValidationError } from './errors/transport.ts'
import { send, type Transport } from './http.ts'
import type { CallOptions } from './options.ts'
import { encodeQuery, type QueryValue } from './query.ts'

/**
 * Validates `params` with the endpoint's schema (throwing
 * {@link InvalidParamsError} before any request), sends the request, and
 * validates and normalizes the payload (throwing {@link ResponseValidationError}).
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
  const endpoint = endpoints[path]
  const label = `${endpoint.method} ${path}`
  const parsed = encodeParams(endpoint, params)
  if (!parsed.success) {
    return new ApiPromise(Promise.reject(new InvalidParamsError(label, parsed.issues)))
  }
  const response = send(
    transport,
    {
      method: endpoint.method,
      path,
      query: encodeQuery(parsed.data as Record<string, QueryValue>),
      auth: transport.options.auth,
      budget: endpoint.rateLimit,
    },
    call,
  ).then((raw): ApiResponse<EndpointModel<P>> => {
    const decoded = decodeData(endpoint, raw.envelope.data)
    if (!decoded.success)
      throw new ResponseValidationError(label, decoded.issues, raw.envelope.trace)
    return {
      data: decoded.data as EndpointModel<P>,
      envelope: raw.envelope,
      trace: raw.envelope.trace,
      response: raw.response,
      rateLimit: raw.rateLimit,
      attempts: raw.attempts,
    }
  })
  return new ApiPromise(response)
}
