/**
 * The query of each endpoint's example answer: small answers (a few candles, trades and
 * records, one contract, five book levels a side) that still show what the wire carries.
 * Keyed by the table's paths, so a new endpoint does not compile without its example.
 *
 * @module
 */
import type { EndpointPath } from '@perpkit/schemas'

/** The pinned clock of the examples: 2026-01-15 12:00 UTC. */
export const EXAMPLES_NOW = Date.UTC(2026, 0, 15, 12)

const nowSeconds = EXAMPLES_NOW / 1000

/** The wire query of each endpoint's example. */
export const exampleQueries: Record<EndpointPath, Record<string, string | number>> = {
  '/contract/public/kline': {
    symbol: 'BTCUSDT',
    step: 1,
    start_time: nowSeconds - 4 * 60,
    end_time: nowSeconds,
  },
  '/contract/public/markprice-kline': {
    symbol: 'ETHUSDT',
    step: 60,
    start_time: nowSeconds - 4 * 3600,
    end_time: nowSeconds,
  },
  '/contract/public/market-trade': { symbol: 'BTCUSDT', limit: 3 },
  '/contract/public/funding-rate': { symbol: 'BTCUSDT' },
  '/contract/public/funding-rate-history': { symbol: 'BTCUSDT', limit: 3 },
  '/contract/public/details': { symbol: 'BTCUSDT' },
  '/contract/public/leverage-bracket': { symbol: 'ETHUSDT' },
  '/contract/public/depth': { symbol: 'BTCUSDT' },
  '/contract/public/open-interest': { symbol: 'BTCUSDT' },
  '/contract/public/funding-rate-v2': {},
}
