/**
 * One polling round of `record`: each recorded dataset × symbol (or, for a
 * catalog dataset, each dataset) is a task that reads one endpoint and
 * returns what it will write; the round writes all of them in one
 * transaction. The tasks come from the declarations: trades and settlements
 * every round, snapshots and changes every snapshot interval.
 *
 * @module
 */
import type { DuckDBConnection } from '@duckdb/node-api'
import type { PerpkitClient } from '@perpkit/client'
import { type Dataset, pollsEveryRound, type RecordDataset } from '../datasets/define.ts'
import { recordDatasets } from '../datasets/tables.ts'
import type { LastWrites } from './last-writes.ts'
import { writePoll } from './write-records.ts'

/** What a task wrote. */
export interface Written {
  rows: number
  gap: boolean
}

/** A task's write, run inside the round's transaction; `rows`: how many it holds, when known. */
export type Write = ((conn: DuckDBConnection, lastWrites: LastWrites) => Promise<Written>) & {
  readonly rows?: number
}

/** A task of a round: what it is and how it fetches; it resolves to its write. */
export interface Task {
  dataset: string
  /** The symbol, or `*` for a catalog dataset's one request. */
  symbol: string
  fetch: () => Promise<Write>
}

/** What a round works with. */
export interface RoundInput {
  client: PerpkitClient
  symbols: string[]
  depthLevels: number
  now: number
  /** The datasets recorded. */
  datasets: readonly Dataset[]
}

function task(input: RoundInput, dataset: RecordDataset, symbol: string | undefined): Task {
  const { client, now } = input
  return {
    dataset: dataset.name,
    symbol: symbol ?? '*',
    fetch: async () => {
      const rows = await dataset.poll(client, {
        symbol,
        symbols: input.symbols,
        now,
        depthLevels: input.depthLevels,
      })
      const write: Write = async (conn, lastWrites) => {
        const written = await writePoll(conn, dataset, rows, { now, lastWrites })
        return { rows: written.rows, gap: written.gaps > 0 }
      }
      return Object.assign(write, { rows: rows.length })
    },
  }
}

function tasks(input: RoundInput, everyRound: boolean): Task[] {
  const polled = recordDatasets(input.datasets).filter((d) => pollsEveryRound(d) === everyRound)
  return [
    ...input.symbols.flatMap((symbol) =>
      polled.filter((d) => d.scope === 'symbol').map((d) => task(input, d, symbol)),
    ),
    ...polled.filter((d) => d.scope === 'catalog').map((d) => task(input, d, undefined)),
  ]
}

/**
 * Tasks polled every round: trades and funding settlements of each symbol.
 *
 * @param input - Client, symbols, clock, datasets.
 * @returns The tasks.
 */
export function frequentTasks(input: RoundInput): Task[] {
  return tasks(input, true)
}

/**
 * Snapshot tasks: funding rate, open interest, depth of each symbol, the catalog's funding
 * rates, and details and leverage-bracket changes.
 *
 * @param input - Client, symbols, depth levels, clock, datasets.
 * @returns The tasks.
 */
export function snapshotTasks(input: RoundInput): Task[] {
  return tasks(input, false)
}
