/**
 * Contract changes: `details` and `leverage-bracket` of the recorded
 * contracts, read from one catalog request each and stored in the shared
 * `contract_changes` table only when the watched value changed.
 *
 * @module
 */
import type { Contract } from '@perpkit/schemas'
import { defineRecords } from '../define.ts'

const COLUMNS = {
  recorded_at: 'time',
  status: 'text?',
  delist_time: 'time?',
  value: 'json',
} as const

/** The contract fields whose changes are recorded (not the prices and volumes). */
function watched(c: Contract) {
  return {
    status: c.status,
    delistTime: c.delistTime,
    expireTimestamp: c.expireTimestamp,
    settleTimestamp: c.settleTimestamp,
    minVolume: c.minVolume,
    maxVolume: c.maxVolume,
    marketMaxVolume: c.marketMaxVolume,
    volumePrecision: c.volumePrecision,
    pricePrecision: c.pricePrecision,
    contractSize: c.contractSize,
    minLeverage: c.minLeverage,
    maxLeverage: c.maxLeverage,
    fundingIntervalHours: c.fundingIntervalHours,
  }
}

/** Contract specs (status, delist time, limits). */
export const details = defineRecords('/contract/public/details', {
  kind: 'changes',
  table: 'contract_changes',
  shared: true,
  columns: COLUMNS,
  key: ['recorded_at'],
  time: 'recorded_at',
  scope: 'catalog',
  request: (client, method) => client[method](),
  rows: (contracts, { now, symbols }) => {
    const wanted = new Set(symbols)
    return contracts
      .filter((c) => wanted.has(c.symbol))
      .map((c) => ({
        symbol: c.symbol,
        recorded_at: now,
        status: c.status,
        delist_time: c.delistTime,
        value: JSON.stringify(watched(c)),
      }))
  },
})

/** Leverage brackets. */
export const leverageBracket = defineRecords('/contract/public/leverage-bracket', {
  kind: 'changes',
  table: 'contract_changes',
  shared: true,
  columns: COLUMNS,
  key: ['recorded_at'],
  time: 'recorded_at',
  scope: 'catalog',
  request: (client, method) => client[method](),
  rows: (rules, { now, symbols }) => {
    const wanted = new Set(symbols)
    return rules
      .filter((r) => wanted.has(r.symbol))
      .map((r) => ({
        symbol: r.symbol,
        recorded_at: now,
        status: null,
        delist_time: null,
        value: JSON.stringify(r.brackets),
      }))
  },
})
