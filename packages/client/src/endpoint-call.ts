/**
 * Calling one endpoint of the table: params in, model out.
 *
 * @module
 */
import type {
  Drift,
  EndpointModel,
  EndpointParams,
  EndpointPath,
  EndpointQuery,
} from '@perpkit/schemas'
import { tryDecodeData, tryEncodeParams } from '@perpkit/schemas/decoders'
import { endpointRoutes } from '@perpkit/schemas/lite'
import { ApiPromise, type ApiResponse } from './api-promise.ts'
import { InvalidParamsError, ResponseValidationError } from './errors/transport.ts'
import { send } from './http.ts'
import { loadSchemas } from './load-schemas.ts'
import type { CallOptions } from './options.ts'
import { unreadablePayload } from './payload-guard.ts'
import { encodeQuery, type QueryValue } from './query.ts'
import type { RawResponse } from './read-response.ts'
import type { Transport } from './transport.ts'

/**
 * Validates `params` with the endpoint's schema (rejecting with
 * {@link InvalidParamsError} before any request), sends the request, and
 * validates and normalizes the payload (rejecting with {@link ResponseValidationError}).
 * Both run the decoders generated from the endpoint table; zod is loaded only
 * to say why they refused something.
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
  const route = endpointRoutes[path]
  const label = `${route.method} ${path}`
  const query = tryEncodeParams(path, params) ?? (await refusedParams(path, params, label))
  // The client's `auth` option overrides the row's.
  const auth = transport.options.auth ?? route.auth
  if (auth !== 'NONE' && transport.options.credentials === undefined) {
    throw new InvalidParamsError(label, [
      { path: 'auth', expected: `credentials on the client for ${auth} requests`, received: auth },
    ])
  }
  const raw = await send(
    transport,
    {
      method: route.method,
      path,
      query: encodeQuery(query as Record<string, QueryValue>),
      auth,
      budget: route.rateLimit,
    },
    call,
  )
  const data = raw.envelope.data
  let decoded: { readonly data: EndpointModel<P>; readonly drift: Drift | null } | undefined
  try {
    decoded = tryDecodeData(path, data) ?? (await refusedPayload(path, data, label, raw))
  } catch (error) {
    // A payload that overflows the stack of a walk (JSON nested 200,000 deep) is typed too.
    throw unreadablePayload(label, raw.envelope.trace, error)
  }
  const { reportDrift } = transport.options
  if (reportDrift) {
    const drift = decoded.drift
    if (drift) reportDrift(path, label, drift, raw.envelope.trace)
  }
  return new CallResponse<EndpointModel<P>>(raw, decoded)
}

/**
 * Why the generated encoder refused `params`, from the zod schemas (loaded
 * for this). The two agree (property-tested); were zod to accept, its query is used.
 */
async function refusedParams<P extends EndpointPath>(
  path: P,
  params: EndpointParams<P>,
  label: string,
): Promise<EndpointQuery<P>> {
  const { encodeParams, endpoints } = await loadSchemas()
  const result = encodeParams(endpoints[path], params)
  if (result.success) return result.data as EndpointQuery<P>
  throw new InvalidParamsError(label, result.issues)
}

/** Why the generated decoder refused a payload, from the zod schemas (loaded for this); as above. */
async function refusedPayload<P extends EndpointPath>(
  path: P,
  data: unknown,
  label: string,
  raw: RawResponse,
): Promise<{ readonly data: EndpointModel<P>; readonly drift: Drift | null }> {
  const { decodeData, endpoints } = await loadSchemas()
  const result = decodeData(endpoints[path], data)
  if (result.success) return result as { data: EndpointModel<P>; drift: Drift | null }
  throw new ResponseValidationError(label, result.issues, raw.envelope.trace)
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
