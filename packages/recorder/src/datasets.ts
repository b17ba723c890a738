/**
 * The datasets the recorder keeps, each declared once and derived from its
 * row of the endpoint table: the name is the last segment of the row's path,
 * the client method and the record cap come from the row itself.
 *
 * @module
 */
import { type EndpointPath, endpointPaths, endpointRoutes } from '@perpkit/schemas/lite'

/**
 * How a dataset is stored: `candles` (backfilled windows), `trades` (deduplicated by
 * content), `settlements` (keyed by settlement time), `snapshots` (a series polled on
 * an interval) or `changes` (a row only when the value changed).
 *
 * @example
 * ```ts
 * const kind: DatasetKind = 'candles'
 * ```
 */
export type DatasetKind = 'candles' | 'trades' | 'settlements' | 'snapshots' | 'changes'

/**
 * One dataset: its name, the endpoint row it is read from and how it is stored.
 *
 * @example
 * ```ts
 * const depth = datasets.find((d) => d.name === 'depth')
 * depth?.clientMethod // 'getDepth'
 * ```
 */
export interface Dataset {
  /** The last segment of the endpoint path, e.g. `'markprice-kline'`; also its partition name. */
  name: string
  /** The endpoint path of its row. */
  path: EndpointPath
  /** The client method that reads it (from the row). */
  clientMethod: string
  /** Most records one request returns (from the row), when capped. */
  maxRecords: number | undefined
  /** How it is stored. */
  kind: DatasetKind
  /** The DuckDB table holding it. */
  table: string
  /** Its time column (TIMESTAMP_MS): what partitions it by date and bounds its coverage. */
  timeColumn: string
}

/** How a dataset is stored. */
type Declared = Pick<Dataset, 'kind' | 'table' | 'timeColumn'>

/** The one declaration: client method of the row → how it is stored. */
const DECLARED = {
  getKlines: { kind: 'candles', table: 'candles', timeColumn: 'open_time' },
  getMarkPriceKlines: { kind: 'candles', table: 'candles', timeColumn: 'open_time' },
  getTrades: { kind: 'trades', table: 'trades', timeColumn: 'time' },
  getFundingRateHistory: {
    kind: 'settlements',
    table: 'funding_history',
    timeColumn: 'funding_time',
  },
  getFundingRate: { kind: 'snapshots', table: 'funding_rate', timeColumn: 'recorded_at' },
  getOpenInterest: { kind: 'snapshots', table: 'open_interest', timeColumn: 'recorded_at' },
  getDepth: { kind: 'snapshots', table: 'depth', timeColumn: 'recorded_at' },
  getContracts: { kind: 'changes', table: 'contract_changes', timeColumn: 'recorded_at' },
  getLeverageBrackets: { kind: 'changes', table: 'contract_changes', timeColumn: 'recorded_at' },
} as const satisfies Record<string, Declared>

/** Client methods of the recorded datasets. */
type DeclaredMethod = keyof typeof DECLARED

/**
 * Every dataset the recorder keeps, in the endpoint table's order.
 *
 * @example
 * ```ts
 * import { datasets } from '@perpkit/recorder'
 *
 * for (const d of datasets) console.log(d.name, d.kind, d.table)
 * ```
 */
export const datasets: readonly Dataset[] = endpointPaths.flatMap((path) => {
  const route = endpointRoutes[path]
  const declared = (DECLARED as Record<string, Declared>)[route.clientMethod]
  if (declared === undefined) return []
  const maxRecords = 'maxRecords' in route ? route.maxRecords : undefined
  return [
    {
      name: path.slice(path.lastIndexOf('/') + 1),
      path,
      clientMethod: route.clientMethod,
      maxRecords,
      ...declared,
    },
  ]
})

/**
 * The dataset read by a client method.
 *
 * @param method - A declared client method.
 * @returns The dataset.
 */
export function datasetOf(method: DeclaredMethod): Dataset {
  const found = datasets.find((d) => d.clientMethod === method)
  if (found === undefined) throw new Error(`no endpoint row has the client method ${method}`)
  return found
}
