/**
 * `createClient()`: one method per endpoint of the interface.
 *
 * @module
 */
import type {
  Contract,
  Depth,
  EndpointParams,
  EndpointPath,
  FundingRate,
  FundingRateRecord,
  Kline,
  LeverageRule,
  OpenInterest,
  Trade,
} from '@perpkit/schemas'
import type { ApiPromise } from './api-promise.ts'
import { callEndpoint } from './endpoint-call.ts'
import { createTransport } from './http.ts'
import { iterateKlineRange, type KlineRangeParams } from './kline-range.ts'
import { type CallOptions, type ClientOptions, resolveOptions } from './options.ts'
import { type GenericRequest, sendGeneric } from './request.ts'

const KLINE = '/contract/public/kline'
const MARK_KLINE = '/contract/public/markprice-kline'

/**
 * A client of the contract market-data interface. Create it with {@link createClient}.
 *
 * @example
 * ```ts
 * const client = createClient({ baseUrl: 'https://api.example.com' })
 * const book = await client.getDepth({ symbol: 'BTCUSDT' })
 * ```
 */
export interface PerpkitClient {
  /** Market-price candles of one window (at most 500 candles). */
  getKlines(params: EndpointParams<typeof KLINE>, options?: CallOptions): ApiPromise<Kline[]>
  /** Mark-price candles of one window (at most 500 candles). */
  getMarkPriceKlines(
    params: EndpointParams<typeof MARK_KLINE>,
    options?: CallOptions,
  ): ApiPromise<Kline[]>
  /** Latest trades, newest first. */
  getTrades(
    params: EndpointParams<'/contract/public/market-trade'>,
    options?: CallOptions,
  ): ApiPromise<Trade[]>
  /** Current funding rate. */
  getFundingRate(
    params: EndpointParams<'/contract/public/funding-rate'>,
    options?: CallOptions,
  ): ApiPromise<FundingRate>
  /** Settled funding rates, newest first. */
  getFundingRateHistory(
    params: EndpointParams<'/contract/public/funding-rate-history'>,
    options?: CallOptions,
  ): ApiPromise<FundingRateRecord[]>
  /** Contract details: one contract, or all of them. */
  getContracts(
    params?: EndpointParams<'/contract/public/details'>,
    options?: CallOptions,
  ): ApiPromise<Contract[]>
  /** Leverage brackets: of one contract, or of all. */
  getLeverageBrackets(
    params?: EndpointParams<'/contract/public/leverage-bracket'>,
    options?: CallOptions,
  ): ApiPromise<LeverageRule[]>
  /** Order-book depth. */
  getDepth(
    params: EndpointParams<'/contract/public/depth'>,
    options?: CallOptions,
  ): ApiPromise<Depth>
  /** Open interest and its value. */
  getOpenInterest(
    params: EndpointParams<'/contract/public/open-interest'>,
    options?: CallOptions,
  ): ApiPromise<OpenInterest>
  /** Market-price candles over any range, ascending, each once. */
  iterKlines(params: KlineRangeParams): AsyncGenerator<Kline, void, undefined>
  /** Mark-price candles over any range, ascending, each once. */
  iterMarkPriceKlines(params: KlineRangeParams): AsyncGenerator<Kline, void, undefined>
  /** All market-price candles of a range, collected. */
  getKlineRange(params: KlineRangeParams): Promise<Kline[]>
  /** All mark-price candles of a range, collected. */
  getMarkPriceKlineRange(params: KlineRangeParams): Promise<Kline[]>
  /** Any endpoint, beyond the nine: NONE, KEYED or SIGNED. */
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
  const call = <P extends EndpointPath>(path: P) => {
    return (params: EndpointParams<P>, callOptions?: CallOptions) =>
      callEndpoint(transport, path, params, callOptions)
  }

  const rangeOf = (path: typeof KLINE | typeof MARK_KLINE) => (params: KlineRangeParams) =>
    iterateKlineRange(
      path,
      params,
      ({ symbol, step, startTime, endTime }, signal) =>
        callEndpoint(transport, path, { symbol, step, startTime, endTime }, { signal }),
      transport.options.now(),
    )
  const collect = async (iterator: AsyncIterable<Kline>) => {
    const out: Kline[] = []
    for await (const candle of iterator) out.push(candle)
    return out
  }
  const iterKlines = rangeOf(KLINE)
  const iterMarkPriceKlines = rangeOf(MARK_KLINE)

  return {
    getKlines: call(KLINE),
    getMarkPriceKlines: call(MARK_KLINE),
    getTrades: call('/contract/public/market-trade'),
    getFundingRate: call('/contract/public/funding-rate'),
    getFundingRateHistory: call('/contract/public/funding-rate-history'),
    getContracts: (params = {}, callOptions) =>
      callEndpoint(transport, '/contract/public/details', params, callOptions),
    getLeverageBrackets: (params = {}, callOptions) =>
      callEndpoint(transport, '/contract/public/leverage-bracket', params, callOptions),
    getDepth: call('/contract/public/depth'),
    getOpenInterest: call('/contract/public/open-interest'),
    iterKlines,
    iterMarkPriceKlines,
    getKlineRange: (params) => collect(iterKlines(params)),
    getMarkPriceKlineRange: (params) => collect(iterMarkPriceKlines(params)),
    request: (request, callOptions) => sendGeneric(transport, request, callOptions),
  }
}
