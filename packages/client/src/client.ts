/**
 * `createClient()`: one method per endpoint of the interface.
 *
 * @module
 */
import type {
  ClientMethodName,
  EndpointModel,
  EndpointParams,
  EndpointPath,
  Kline,
} from '@perpkit/schemas'
import { endpointPaths, endpointRoutes } from '@perpkit/schemas/lite'
import type { ApiPromise } from './api-promise.ts'
import { callEndpoint } from './endpoint-call.ts'
import { iterateKlineRange, type KlineRangeParams } from './kline-range.ts'
import type { CallOptions, ClientOptions } from './options.ts'
import { type GenericRequest, sendGeneric } from './request.ts'
import { resolveOptions } from './resolve-options.ts'
import { createTransport } from './transport.ts'

const KLINE = '/contract/public/kline'
const MARK_KLINE = '/contract/public/markprice-kline'

/**
 * The client method of one endpoint: its params in, its model out. The params
 * argument is optional exactly when every param is (details, brackets...).
 *
 * @typeParam P - The endpoint path.
 * @example
 * ```ts
 * const getDepth: EndpointMethod<'/contract/public/depth'> = client.getDepth
 * ```
 */
export type EndpointMethod<P extends EndpointPath> =
  // biome-ignore lint/complexity/noBannedTypes: `{}` is what an all-optional params object accepts.
  {} extends EndpointParams<P>
    ? (params?: EndpointParams<P>, options?: CallOptions) => ApiPromise<EndpointModel<P>>
    : (params: EndpointParams<P>, options?: CallOptions) => ApiPromise<EndpointModel<P>>

/**
 * One method per row of the endpoint table, named by the row's `clientMethod`
 * (`getDepth`, `getKlines`, ...). Derived from the table: a new row is a new
 * method, with no code here.
 *
 * @example
 * ```ts
 * const methods: EndpointMethods = client
 * await methods.getFundingRates()
 * ```
 */
export type EndpointMethods = {
  [P in EndpointPath as ClientMethodName<P>]: EndpointMethod<P>
}

/**
 * A client of the contract market-data interface. Create it with {@link createClient}.
 *
 * Besides one method per endpoint ({@link EndpointMethods}: `getKlines`,
 * `getMarkPriceKlines`, `getTrades`, `getFundingRate`, `getFundingRates`,
 * `getFundingRateHistory`, `getContracts`, `getLeverageBrackets`, `getDepth`,
 * `getOpenInterest`), it iterates candles over any range and sends requests
 * to endpoints beyond the table.
 *
 * @example
 * ```ts
 * const client = createClient({ baseUrl: 'https://api.example.com' })
 * const book = await client.getDepth({ symbol: 'BTCUSDT' })
 * ```
 */
export interface PerpkitClient extends EndpointMethods {
  /** Market-price candles over any range, ascending, each once. */
  iterKlines(params: KlineRangeParams): AsyncGenerator<Kline, void, undefined>
  /** Mark-price candles over any range, ascending, each once. */
  iterMarkPriceKlines(params: KlineRangeParams): AsyncGenerator<Kline, void, undefined>
  /** All market-price candles of a range, collected. */
  getKlineRange(params: KlineRangeParams): Promise<Kline[]>
  /** All mark-price candles of a range, collected. */
  getMarkPriceKlineRange(params: KlineRangeParams): Promise<Kline[]>
  /** Any endpoint, beyond the table's: NONE, KEYED or SIGNED. */
  request<T = unknown>(request: GenericRequest<T>, options?: CallOptions): Promise<T>
}

/**
 * Creates a client. Validates every input before sending and every response
 * before returning it; retries what may succeed later; paces requests to the
 * interface's rate limits.
 *
 * @param options - See {@link ClientOptions}; only `baseUrl` is needed.
 * @returns The client.
 * @throws {@link PerpkitError} when `baseUrl` is missing or malformed.
 * @example
 * ```ts
 * import { createClient } from '@perpkit/client'
 *
 * const client = createClient({ baseUrl: 'https://api.example.com' })
 * const [btc] = await client.getContracts({ symbol: 'BTCUSDT' })
 * const candles = await client.getKlines({ symbol: 'BTCUSDT', step: '1h', startTime: Date.now() - 86_400_000, endTime: Date.now() })
 * for await (const candle of client.iterKlines({ symbol: 'BTCUSDT', step: '1m', startTime: Date.UTC(2026, 0, 1) })) {
 *   console.log(candle.timestamp, candle.closePrice)
 * }
 * ```
 */
export function createClient(options: ClientOptions = {}): PerpkitClient {
  const transport = createTransport(resolveOptions(options))
  const methods = Object.fromEntries(
    endpointPaths.map((path) => [
      endpointRoutes[path].clientMethod,
      (
        params: EndpointParams<typeof path> = {} as EndpointParams<typeof path>,
        call?: CallOptions,
      ) => callEndpoint(transport, path, params, call),
    ]),
    // Built from the table at run time; the mapped type says the same at compile time.
  ) as unknown as EndpointMethods

  const rangeOf = (path: typeof KLINE | typeof MARK_KLINE) => (params: KlineRangeParams) =>
    iterateKlineRange(
      path,
      params,
      ({ symbol, step, startTime, endTime }, signal) =>
        callEndpoint(transport, path, { symbol, step, startTime, endTime }, { signal }),
      transport.options.now,
    )
  const collect = async (iterator: AsyncIterable<Kline>) => {
    const out: Kline[] = []
    for await (const candle of iterator) out.push(candle)
    return out
  }
  const iterKlines = rangeOf(KLINE)
  const iterMarkPriceKlines = rangeOf(MARK_KLINE)

  return {
    ...methods,
    iterKlines,
    iterMarkPriceKlines,
    getKlineRange: (params) => collect(iterKlines(params)),
    getMarkPriceKlineRange: (params) => collect(iterMarkPriceKlines(params)),
    request: (request, callOptions) => sendGeneric(transport, request, callOptions),
  }
}
