/**
 * A valid wire query for every endpoint of the table, shared by the suites that call each
 * endpoint (a new endpoint fails to compile here).
 */
import type { EndpointPath } from '@perpkit/schemas'
import { NOW_SECONDS } from './helpers.ts'

/** A valid query for every endpoint of the table (a new endpoint fails to compile here). */
export const sampleQueries: Record<EndpointPath, Record<string, string | number>> = {
  '/contract/public/kline': {
    symbol: 'BTCUSDT',
    step: 15,
    start_time: NOW_SECONDS - 36_000,
    end_time: NOW_SECONDS,
  },
  '/contract/public/markprice-kline': {
    symbol: 'ETHUSDT',
    step: 60,
    start_time: NOW_SECONDS - 86_400,
    end_time: NOW_SECONDS,
  },
  '/contract/public/market-trade': { symbol: 'SOLUSDT', limit: 20 },
  '/contract/public/funding-rate-v2': {},
  '/contract/public/funding-rate': { symbol: 'DOGEUSDT' },
  '/contract/public/funding-rate-history': { symbol: 'XRPUSDT', limit: 10 },
  '/contract/public/details': {},
  '/contract/public/leverage-bracket': {},
  '/contract/public/depth': { symbol: 'BTCUSDT' },
  '/contract/public/open-interest': { symbol: '1000PEPEUSDT' },
}
