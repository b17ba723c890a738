/**
 * One polling round of `record`: each dataset × symbol is a task that reads
 * one endpoint and returns what it will write; the round writes all of them
 * in one transaction.
 *
 * @module
 */
import type { DuckDBConnection } from '@duckdb/node-api'
import type { PerpkitClient } from '@perpkit/client'
import type { Contract } from '@perpkit/schemas'
import { datasetOf } from '../datasets.ts'
import type { LastWrites } from '../store/last-writes.ts'
import {
  writeChange,
  writeDepth,
  writeFundingHistory,
  writeFundingRate,
  writeOpenInterest,
} from '../store/write-snapshots.ts'
import { writeTrades } from '../store/write-trades.ts'

/** What a task wrote. */
export interface Written {
  rows: number
  gap: boolean
}

/** A task's write, run inside the round's transaction. */
export type Write = (conn: DuckDBConnection, lastWrites: LastWrites) => Promise<Written>

/** A task of a round: what it is and how it fetches; it resolves to its write. */
export interface Task {
  dataset: string
  symbol: string
  fetch: () => Promise<Write>
}

/** What a round works with. */
export interface RoundInput {
  client: PerpkitClient
  symbols: string[]
  depthLevels: number
  now: number
}

const TRADES = datasetOf('getTrades')
const HISTORY = datasetOf('getFundingRateHistory')
const RATE = datasetOf('getFundingRate')
const OI = datasetOf('getOpenInterest')
const DEPTH = datasetOf('getDepth')
const DETAILS = datasetOf('getContracts')
const BRACKETS = datasetOf('getLeverageBrackets')

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

/**
 * Tasks polled every round: trades and funding settlements of each symbol.
 *
 * @param input - Client, store, symbols, clock.
 * @returns The tasks.
 */
export function frequentTasks(input: RoundInput): Task[] {
  const { client, now } = input
  return input.symbols.flatMap((symbol): Task[] => [
    {
      dataset: TRADES.name,
      symbol,
      fetch: async () => {
        const limit = TRADES.maxRecords ?? 100
        const trades = await client.getTrades({ symbol, limit })
        return async (conn, lastWrites) => {
          const written = await writeTrades(conn, {
            dataset: TRADES.name,
            symbol,
            trades,
            limit,
            now,
            lastWrites,
          })
          return { rows: written.added, gap: written.gap !== undefined }
        }
      },
    },
    {
      dataset: HISTORY.name,
      symbol,
      fetch: async () => {
        const limit = HISTORY.maxRecords ?? 100
        const records = await client.getFundingRateHistory({ symbol, limit })
        return async (conn, lastWrites) => {
          const written = await writeFundingHistory(conn, {
            dataset: HISTORY.name,
            symbol,
            records,
            limit,
            now,
            lastWrites,
          })
          return { rows: written.added, gap: written.gap }
        }
      },
    },
  ])
}

/**
 * Snapshot tasks: funding rate, open interest, depth of each symbol, and
 * details and leverage-bracket changes.
 *
 * @param input - Client, store, symbols, depth levels, clock.
 * @returns The tasks.
 */
export function snapshotTasks(input: RoundInput): Task[] {
  const { client, now, symbols } = input
  const wanted = new Set(symbols)
  const perSymbol = symbols.flatMap((symbol): Task[] => [
    {
      dataset: RATE.name,
      symbol,
      fetch: async () => {
        const rate = await client.getFundingRate({ symbol })
        return async (conn, lastWrites) => {
          await writeFundingRate(conn, { dataset: RATE.name, rate, now, lastWrites })
          return { rows: 1, gap: false }
        }
      },
    },
    {
      dataset: OI.name,
      symbol,
      fetch: async () => {
        const oi = await client.getOpenInterest({ symbol })
        return async (conn, lastWrites) => {
          await writeOpenInterest(conn, { dataset: OI.name, oi, now, lastWrites })
          return { rows: 1, gap: false }
        }
      },
    },
    {
      dataset: DEPTH.name,
      symbol,
      fetch: async () => {
        const depth = await client.getDepth({ symbol })
        return async (conn, lastWrites) => {
          const levels = input.depthLevels
          await writeDepth(conn, { dataset: DEPTH.name, depth, levels, now, lastWrites })
          return { rows: 1, gap: false }
        }
      },
    },
  ])
  const changes: Task[] = [
    {
      dataset: DETAILS.name,
      symbol: '*',
      fetch: async () => {
        const contracts = (await client.getContracts()).filter((c) => wanted.has(c.symbol))
        return async (conn, lastWrites) => {
          let rows = 0
          for (const c of contracts) {
            const changed = await writeChange(conn, {
              dataset: DETAILS.name,
              symbol: c.symbol,
              value: watched(c),
              status: c.status,
              delistTime: c.delistTime,
              now,
              lastWrites,
            })
            if (changed) rows++
          }
          return { rows, gap: false }
        }
      },
    },
    {
      dataset: BRACKETS.name,
      symbol: '*',
      fetch: async () => {
        const rules = (await client.getLeverageBrackets()).filter((r) => wanted.has(r.symbol))
        return async (conn, lastWrites) => {
          let rows = 0
          for (const rule of rules) {
            const changed = await writeChange(conn, {
              dataset: BRACKETS.name,
              symbol: rule.symbol,
              value: rule.brackets,
              status: null,
              delistTime: null,
              now,
              lastWrites,
            })
            if (changed) rows++
          }
          return { rows, gap: false }
        }
      },
    },
  ]
  return [...perSymbol, ...changes]
}
