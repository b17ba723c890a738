/**
 * One polling round of `record`: each dataset × symbol is a task that reads
 * one endpoint and writes one transaction.
 *
 * @module
 */
import type { PerpkitClient } from '@perpkit/client'
import type { Contract } from '@perpkit/schemas'
import { datasetOf } from '../datasets.ts'
import type { Store } from '../store/open-store.ts'
import {
  writeChange,
  writeDepth,
  writeFundingHistory,
  writeFundingRate,
  writeOpenInterest,
} from '../store/write-snapshots.ts'
import { writeTrades } from '../store/write-trades.ts'

/** A task of a round: what it is and how it runs; it resolves to rows written. */
export interface Task {
  dataset: string
  symbol: string
  run: () => Promise<{ rows: number; gap: boolean }>
}

/** What a round works with. */
export interface RoundInput {
  client: PerpkitClient
  store: Store
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
  const { client, store, now } = input
  return input.symbols.flatMap((symbol): Task[] => [
    {
      dataset: TRADES.name,
      symbol,
      run: async () => {
        const limit = TRADES.maxRecords ?? 100
        const trades = await client.getTrades({ symbol, limit })
        const written = await writeTrades(store, {
          dataset: TRADES.name,
          symbol,
          trades,
          limit,
          now,
        })
        return { rows: written.added, gap: written.gap !== undefined }
      },
    },
    {
      dataset: HISTORY.name,
      symbol,
      run: async () => {
        const limit = HISTORY.maxRecords ?? 100
        const records = await client.getFundingRateHistory({ symbol, limit })
        const written = await writeFundingHistory(store, {
          dataset: HISTORY.name,
          symbol,
          records,
          limit,
          now,
        })
        return { rows: written.added, gap: written.gap }
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
  const { client, store, now, symbols } = input
  const wanted = new Set(symbols)
  const perSymbol = symbols.flatMap((symbol): Task[] => [
    {
      dataset: RATE.name,
      symbol,
      run: async () => {
        const rate = await client.getFundingRate({ symbol })
        await writeFundingRate(store, { dataset: RATE.name, rate, now })
        return { rows: 1, gap: false }
      },
    },
    {
      dataset: OI.name,
      symbol,
      run: async () => {
        const oi = await client.getOpenInterest({ symbol })
        await writeOpenInterest(store, { dataset: OI.name, oi, now })
        return { rows: 1, gap: false }
      },
    },
    {
      dataset: DEPTH.name,
      symbol,
      run: async () => {
        const depth = await client.getDepth({ symbol })
        await writeDepth(store, { dataset: DEPTH.name, depth, levels: input.depthLevels, now })
        return { rows: 1, gap: false }
      },
    },
  ])
  const changes: Task[] = [
    {
      dataset: DETAILS.name,
      symbol: '*',
      run: async () => {
        let rows = 0
        for (const c of await client.getContracts()) {
          if (!wanted.has(c.symbol)) continue
          const changed = await writeChange(store, {
            dataset: DETAILS.name,
            symbol: c.symbol,
            value: watched(c),
            status: c.status,
            delistTime: c.delistTime,
            now,
          })
          if (changed) rows++
        }
        return { rows, gap: false }
      },
    },
    {
      dataset: BRACKETS.name,
      symbol: '*',
      run: async () => {
        let rows = 0
        for (const rule of await client.getLeverageBrackets()) {
          if (!wanted.has(rule.symbol)) continue
          const changed = await writeChange(store, {
            dataset: BRACKETS.name,
            symbol: rule.symbol,
            value: rule.brackets,
            status: null,
            delistTime: null,
            now,
          })
          if (changed) rows++
        }
        return { rows, gap: false }
      },
    },
  ]
  return [...perSymbol, ...changes]
}
