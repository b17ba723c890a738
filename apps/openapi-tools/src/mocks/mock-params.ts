/**
 * The params each client method is called with against a mock: valid for the client (a
 * mock answers anything). Keyed by the table's paths, so a new endpoint does not compile
 * without them.
 *
 * @module
 */
import type { EndpointParams, EndpointPath } from '@perpkit/schemas'

/** The client's clock in these checks. */
export const MOCK_NOW = Date.UTC(2026, 0, 15, 12)
const HOUR = 3_600_000

/** Params per endpoint. */
export const mockParams: { [P in EndpointPath]: EndpointParams<P> } = {
  '/contract/public/kline': {
    symbol: 'BTCUSDT',
    step: '1m',
    startTime: MOCK_NOW - HOUR,
    endTime: MOCK_NOW,
  },
  '/contract/public/markprice-kline': {
    symbol: 'BTCUSDT',
    step: '1h',
    startTime: MOCK_NOW - 24 * HOUR,
    endTime: MOCK_NOW,
  },
  '/contract/public/market-trade': { symbol: 'BTCUSDT', limit: 10 },
  '/contract/public/funding-rate': { symbol: 'BTCUSDT' },
  '/contract/public/funding-rate-history': { symbol: 'BTCUSDT', limit: 10 },
  '/contract/public/details': { symbol: 'BTCUSDT' },
  '/contract/public/leverage-bracket': { symbol: 'BTCUSDT' },
  '/contract/public/depth': { symbol: 'BTCUSDT' },
  '/contract/public/open-interest': { symbol: 'BTCUSDT' },
  '/contract/public/funding-rate-v2': {},
}
