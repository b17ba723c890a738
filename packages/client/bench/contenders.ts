import { createRequire } from 'node:module'
import { gunzipSync } from 'node:zlib'
import type { SandboxPayload } from '@perpkit/bench-kit'
import { FuturesClientV2 } from 'bitmart-api'
import ccxt from 'ccxt'
import { request } from 'undici'
import { createClient } from '../src/index.ts'
import { resolveOptions } from '../src/resolve-options.ts'
import { createTransport, kyFetch } from '../src/transport.ts'

const require = createRequire(import.meta.url)

/** `identity` (uncompressed) or `gzip`, as the request's Accept-Encoding asks. */
export type Encoding = 'identity' | 'gzip'

/** The official SDK, for the side-by-side cases (it has no trades or funding history). */
interface OfficialFutures {
  getDepth(symbol: string): Promise<unknown>
  getKline(symbol: string, start: number, end: number, options: { step: number }): Promise<unknown>
  getDetails(): Promise<unknown>
}

/** The contenders' names, the baseline first, in table order. */
export const CONTENDERS = [
  'fetch + JSON.parse',
  'ky as the client configures it',
  'official SDK 1.0.1',
  'bitmart-api 2.5.1',
  'ccxt 4.5.70',
  'undici.request (the floor)',
  'perpkit',
] as const

/** The peer SDKs: perpkit's verdict is its CPU per request against each of them. */
export const PEER_SDKS = ['official SDK 1.0.1', 'bitmart-api 2.5.1', 'ccxt 4.5.70'] as const

/** ccxt's BitMart futures endpoints it calls (implicit API: raw JSON, as the other SDKs return). */
interface CcxtBitmart {
  publicGetContractPublicDepth(params: object): Promise<unknown>
  publicGetContractPublicKline(params: object): Promise<unknown>
  publicGetContractPublicDetails(params?: object): Promise<unknown>
  publicGetContractPublicFundingRateHistory(params: object): Promise<unknown>
}

/** One contender's call for one payload; `undefined` where the contender lacks the endpoint. */
export type Contenders = Record<(typeof CONTENDERS)[number], (() => Promise<unknown>) | undefined>

const quiet = { info() {}, log() {}, warn() {}, error() {} }
const SDK_AXIOS = 'axios'

/**
 * Every contender's call fetching `payload`, all asking for `encoding`.
 *
 * @param payload - What to fetch.
 * @param encoding - The Accept-Encoding every contender sends.
 * @returns One function per contender.
 */
export function contenders(payload: SandboxPayload, encoding: Encoding): Contenders {
  const base = payload.url.slice(0, payload.url.indexOf('/contract/'))
  const headers = { 'accept-encoding': encoding }
  const client = createClient({ baseUrl: base, rateLimit: false, headers })
  // The client's own ky instance and call (transport.ts), with the attempt's controller and timer.
  const transport = createTransport(resolveOptions({ baseUrl: base, rateLimit: false, headers }))
  const hop = { url: payload.url, method: 'GET', query: '' }
  const { BitmartFuturesAPI } = require('@bitmartexchange/bitmart-node-sdk-api') as {
    BitmartFuturesAPI: new (options: object) => OfficialFutures
  }
  // Both SDKs use axios and set their own headers; ask for the same encoding as the rest.
  // The official SDK's own axios (a dependency of the SDK, not of this package).
  const sdkAxios = require(
    require.resolve(SDK_AXIOS, {
      paths: [require.resolve('@bitmartexchange/bitmart-node-sdk-api')],
    }),
  ) as { defaults: { headers: { common: Record<string, string> } } }
  sdkAxios.defaults.headers.common['Accept-Encoding'] = encoding
  const official = new BitmartFuturesAPI({ baseURL: base, logger: quiet })
  const community = new FuturesClientV2({ baseUrl: base })
  // ccxt 4.5.70 is the last ccxt with BitMart (delisted in 4.5.71). Its futures API pointed at
  // the sandbox, its own throttle off as every contender's is, the same Accept-Encoding.
  const Bitmart = (ccxt as unknown as Record<string, new (config: object) => CcxtBitmart>).bitmart
  const ccxtClient = new (Bitmart as new (config: object) => CcxtBitmart)({
    urls: { api: { spot: base, swap: base } },
    enableRateLimit: false,
    headers: { 'Accept-Encoding': encoding },
  })
  const communityOptions = (community as unknown as { globalRequestOptions: { headers: object } })
    .globalRequestOptions
  communityOptions.headers = { ...communityOptions.headers, 'Accept-Encoding': encoding }
  const p = payload.params as { symbol: string; limit: number; startTime: number; endTime: number }
  const path = payload.path
  const call = (
    perpkit: () => Promise<unknown>,
    sdk: (() => Promise<unknown>) | undefined,
    api: () => Promise<unknown>,
    cc: (() => Promise<unknown>) | undefined,
  ) => ({ perpkit, sdk, api, cc })
  const byPath =
    path === '/contract/public/depth'
      ? call(
          () => client.getDepth({ symbol: p.symbol }),
          () => official.getDepth(p.symbol),
          () => community.getFuturesContractDepth({ symbol: p.symbol }),
          () => ccxtClient.publicGetContractPublicDepth({ symbol: p.symbol }),
        )
      : path === '/contract/public/kline'
        ? call(
            () =>
              client.getKlines({
                symbol: p.symbol,
                step: 1,
                startTime: p.startTime,
                endTime: p.endTime,
              }),
            () => official.getKline(p.symbol, p.startTime / 1000, p.endTime / 1000, { step: 1 }),
            () =>
              community.getFuturesKlines({
                symbol: p.symbol,
                step: 1,
                start_time: p.startTime / 1000,
                end_time: p.endTime / 1000,
              }),
            () =>
              ccxtClient.publicGetContractPublicKline({
                symbol: p.symbol,
                step: 1,
                start_time: p.startTime / 1000,
                end_time: p.endTime / 1000,
              }),
          )
        : path === '/contract/public/details'
          ? call(
              () => client.getContracts(),
              () => official.getDetails(),
              () => community.getFuturesContractDetails(),
              () => ccxtClient.publicGetContractPublicDetails(),
            )
          : path === '/contract/public/funding-rate-history'
            ? call(
                () => client.getFundingRateHistory({ symbol: p.symbol, limit: p.limit }),
                undefined,
                () =>
                  community.getFuturesFundingRateHistory({
                    symbol: p.symbol,
                    limit: String(p.limit),
                  }),
                () =>
                  ccxtClient.publicGetContractPublicFundingRateHistory({
                    symbol: p.symbol,
                    limit: p.limit,
                  }),
              )
            : call(
                () => client.getTrades({ symbol: p.symbol, limit: p.limit }),
                undefined,
                () => community.getFuturesMarketTrade({ symbol: p.symbol, limit: p.limit }),
                // ccxt 4.5.70's BitMart has no contract market-trade endpoint.
                undefined,
              )
  return {
    'fetch + JSON.parse': async () =>
      JSON.parse(await (await fetch(payload.url, { headers })).text()),
    'ky as the client configures it': async () => {
      const controller = new AbortController()
      const timer = setTimeout(() => controller.abort(), 10_000)
      try {
        const response = await kyFetch(transport, hop, undefined, controller.signal)
        return JSON.parse(await response.text())
      } finally {
        clearTimeout(timer)
      }
    },
    'official SDK 1.0.1': byPath.sdk,
    'bitmart-api 2.5.1': byPath.api,
    'ccxt 4.5.70': byPath.cc,
    'undici.request (the floor)': async () => {
      const { body, headers: got } = await request(payload.url, { headers })
      // undici.request does not decompress: do it here, as every other contender does.
      const bytes = Buffer.from(await body.arrayBuffer())
      const text =
        got['content-encoding'] === 'gzip' ? gunzipSync(bytes).toString() : bytes.toString()
      return JSON.parse(text)
    },
    perpkit: byPath.perpkit,
  }
}
