import type { EndpointParams, EndpointPath } from '@perpkit/schemas'

const HOUR = 3_600_000

/**
 * Valid params for every endpoint of the table, as of `now` (a new endpoint
 * fails to compile here until it has its sample).
 *
 * @param now - The clock of the server under test, epoch ms.
 * @returns Params by endpoint path.
 */
export function sampleParams(now: number): { [P in EndpointPath]: EndpointParams<P> } {
  return {
    '/contract/public/kline': {
      symbol: 'BTCUSDT',
      step: '1m',
      startTime: now - HOUR,
      endTime: now,
    },
    '/contract/public/markprice-kline': {
      symbol: 'ETHUSDT',
      step: '1h',
      startTime: now - 24 * HOUR,
      endTime: now,
    },
    '/contract/public/market-trade': { symbol: 'SOLUSDT', limit: 5 },
    '/contract/public/funding-rate': { symbol: 'BTCUSDT' },
    '/contract/public/funding-rate-v2': {},
    '/contract/public/funding-rate-history': { symbol: 'BTCUSDT', limit: 5 },
    '/contract/public/details': { symbol: 'BTCUSDT' },
    '/contract/public/leverage-bracket': { symbol: 'BTCUSDT' },
    '/contract/public/depth': { symbol: 'BTCUSDT' },
    '/contract/public/open-interest': { symbol: 'BTCUSDT' },
  }
}
