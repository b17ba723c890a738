/**
 * Calling one endpoint of the table: params in, model out.
 *
 * @module
 */
import type { Drift, EndpointModel, EndpointParams, EndpointPath } from '@perpkit/schemas'
import { ApiPromise, type ApiResponse } from './api-promise.ts'
import { InvalidParamsError, ResponseValidationError } from './errors/transport.ts'
import { send } from './http.ts'
import { loadedSchemas, loadSchemas } from './load-schemas.ts'
import type { CallOptions } from './options.ts'
import { unreadablePayload } from './payload-guard.ts'
import { encodeQuery, type QueryValue } from './query.ts'
import type { RawResponse } from './read-response.ts'
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
  return new CallResponse<EndpointModel<P>>(raw, decoded)
}

/**
 * A successful call's {@link ApiResponse}. A class, not an object literal
 * with a `drift` getter: V8 builds such a literal through the runtime, and
 * with one in the graph, `--trace-gc` showed the model and the wire payload
 * surviving young-generation collections until a full one. On depth at
 * 1,000 levels that tripled the client's GC time per call.
 */
class CallResponse<T> implements ApiResponse<T> {
  // Declared, not defined: the constructor assigns each once.
  declare readonly data: T
  declare readonly envelope: RawResponse['envelope']
  declare readonly trace: string | null
  declare readonly response: Response
  declare readonly rateLimit: RawResponse['rateLimit']
  declare readonly attempts: number
  readonly #decoded: { readonly drift: Drift | null }

  constructor(raw: RawResponse, decoded: { readonly data: unknown; readonly drift: Drift | null }) {
    // envelope, trace, response, rateLimit, attempts (one call: this class ships in browser bundles)
    Object.assign(this, raw)
    this.data = decoded.data as T
    this.#decoded = decoded
  }

  /** Worked out on first read: a call whose response nobody inspects does not pay for it. */
  get drift(): Drift | null {
    return this.#decoded.drift
  }
}
