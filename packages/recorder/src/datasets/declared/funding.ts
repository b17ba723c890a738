/**
 * Funding: settlements (`funding-rate-history`, polled every round, keyed by
 * settlement time), the current rate of one contract (`funding-rate`) and of
 * the whole catalog in one request (`funding-rate-v2`), both as snapshots.
 *
 * @module
 */
import type { FundingRate } from '@perpkit/schemas'
import type { PollInput } from '../define.ts'
import { defineRecords } from '../define.ts'

/** Columns of a funding-rate snapshot (`funding_rate` and `funding_rates` tables). */
const RATE_COLUMNS = {
  recorded_at: 'time',
  server_time: 'time?',
  rate: 'decimal',
  expected_rate: 'decimal',
  funding_time: 'time',
  upper_limit: 'decimal',
  lower_limit: 'decimal',
} as const

/** One funding-rate snapshot row. */
const rateRow = (r: FundingRate, { now }: PollInput) => ({
  symbol: r.symbol,
  recorded_at: now,
  server_time: r.timestamp,
  rate: r.rateValue,
  expected_rate: r.expectedRate,
  funding_time: r.fundingTime,
  upper_limit: r.fundingUpperLimit,
  lower_limit: r.fundingLowerLimit,
})

/** Settled funding rates. */
export const fundingRateHistory = defineRecords('/contract/public/funding-rate-history', {
  kind: 'settlements',
  table: 'funding_history',
  columns: { funding_time: 'time', funding_rate: 'decimal' },
  key: ['funding_time'],
  time: 'funding_time',
  scope: 'symbol',
  request: (client, method, { symbol = '' }) => client[method]({ symbol, limit: 100 }),
  rows: (records) =>
    records.map((r) => ({
      symbol: r.symbol,
      funding_time: r.fundingTime,
      funding_rate: r.fundingRate,
    })),
})

/** The current funding rate of one contract, as a snapshot series. */
export const fundingRate = defineRecords('/contract/public/funding-rate', {
  kind: 'snapshots',
  table: 'funding_rate',
  columns: RATE_COLUMNS,
  key: ['recorded_at'],
  time: 'recorded_at',
  scope: 'symbol',
  request: (client, method, { symbol = '' }) => client[method]({ symbol }),
  rows: (rate, poll) => [rateRow(rate, poll)],
})

/** The current funding rate of every recorded contract from one catalog request, as snapshots. */
export const fundingRates = defineRecords('/contract/public/funding-rate-v2', {
  kind: 'snapshots',
  table: 'funding_rates',
  columns: RATE_COLUMNS,
  key: ['recorded_at'],
  time: 'recorded_at',
  scope: 'catalog',
  request: (client, method) => client[method](),
  rows: (rates, poll) => {
    const wanted = new Set(poll.symbols)
    return rates.filter((r) => wanted.has(r.symbol)).map((r) => rateRow(r, poll))
  },
})
