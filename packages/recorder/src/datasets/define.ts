/**
 * What a dataset declaration holds, and `defineRecords` / `defineCandles`, which complete one
 * from its endpoint row: the name (the path's last segment), the client
 * method (the row's, typed as the client's method name) and the record cap.
 * Everything else the recorder does with a dataset (its table, Parquet
 * layout, dedup key, row encoder, record task and job, compaction, export,
 * status, archive reader) reads the result.
 *
 * @module
 */
import type { PerpkitClient } from '@perpkit/client'
import type { EndpointModel, Kline } from '@perpkit/schemas'
import {
  type ClientMethodName,
  type EndpointPath,
  endpointRoutes,
  type KlineStep,
} from '@perpkit/schemas/lite'
import type { AnyRow, Columns, RowOf } from './columns.ts'
import type { TableDeclaration } from './table.ts'

/**
 * How a dataset is kept: `candles` (backfilled windows), `trades` (polled, deduplicated by
 * content and occurrence), `settlements` (polled, keyed by settlement time), `snapshots` (a
 * series polled every snapshot interval) or `changes` (a row only when the value changed).
 * Trades and settlements are polled every round and write a gap row when a full batch does not
 * reach back to what was stored.
 *
 * @example
 * ```ts
 * const kind: DatasetKind = 'candles'
 * ```
 */
export type DatasetKind = 'candles' | 'trades' | 'settlements' | 'snapshots' | 'changes'

/**
 * The kinds a polling recorder keeps.
 *
 * @example
 * ```ts
 * const kind: RecordKind = 'snapshots'
 * ```
 */
export type RecordKind = Exclude<DatasetKind, 'candles'>

/**
 * One poll of a recorded dataset: which symbol (per-symbol datasets) or which symbols
 * (catalog datasets keep rows of these only), the poll's clock and the book depth kept.
 *
 * @example
 * ```ts
 * const poll: PollInput = { symbol: 'BTCUSDT', symbols: ['BTCUSDT'], now: Date.UTC(2026, 0, 1), depthLevels: 20 }
 * ```
 */
export interface PollInput {
  /** The symbol of a per-symbol poll; `undefined` for a catalog poll. */
  symbol: string | undefined
  /** The symbols being recorded. */
  symbols: readonly string[]
  /** The poll's time (ms): `recorded_at` of snapshots. */
  now: number
  /** Book levels kept a side (depth). */
  depthLevels: number
}

/**
 * One window of candles to fetch.
 *
 * @example
 * ```ts
 * const w: CandleWindow = { symbol: 'BTCUSDT', step: 60, startTime: Date.UTC(2026, 0, 1), endTime: Date.UTC(2026, 0, 21) }
 * ```
 */
export interface CandleWindow {
  symbol: string
  step: KlineStep
  startTime: number
  endTime: number
}

/** What every dataset carries, completed from its endpoint row. */
interface DatasetBase<P extends EndpointPath> extends TableDeclaration {
  /** Its name: the endpoint path's last segment by default; the `dataset` value and Parquet root. */
  name: string
  /** The endpoint path of its row. */
  path: P
  /** The client method that reads it, from the row. */
  clientMethod: ClientMethodName<P>
  /** Most records one request returns (from the row), when capped. */
  maxRecords: number | undefined
  /** Same as `time`: the time column. */
  timeColumn: string
}

/**
 * A candle dataset: backfilled window by window into the shared `candles` table.
 *
 * @example
 * ```ts
 * const kline = datasets.find((d): d is CandleDataset => d.kind === 'candles')
 * ```
 */
export interface CandleDataset<P extends EndpointPath = EndpointPath> extends DatasetBase<P> {
  kind: 'candles'
  /** Fetches one window's candles (those inside it only). */
  fetchWindow(client: PerpkitClient, window: CandleWindow, signal?: AbortSignal): Promise<Kline[]>
}

/**
 * A recorded dataset: polled, and each poll encoded into rows of its table.
 *
 * @example
 * ```ts
 * const depth = datasets.find((d) => d.name === 'depth')
 * ```
 */
export interface RecordDataset<P extends EndpointPath = EndpointPath> extends DatasetBase<P> {
  kind: RecordKind
  /** `symbol`: one request per symbol; `catalog`: one request for every symbol. */
  scope: 'symbol' | 'catalog'
  /** Fetches one poll and encodes it into rows ({@link RecordDataset.encode}). */
  poll(client: PerpkitClient, poll: PollInput): Promise<AnyRow[]>
  /** The row encoder: one poll's answer as rows of its table. */
  encode(model: EndpointModel<P>, poll: PollInput): AnyRow[]
}

/**
 * A dataset the recorder keeps, completed from its declaration by `defineRecords` or `defineCandles`.
 *
 * @example
 * ```ts
 * import { datasets } from '@perpkit/recorder'
 *
 * for (const d of datasets) console.log(d.name, d.clientMethod, d.table)
 * ```
 */
export type Dataset<P extends EndpointPath = EndpointPath> = CandleDataset<P> | RecordDataset<P>

/**
 * Whether a dataset is polled every round (trades, settlements: what the API forgets within
 * minutes) rather than every snapshot interval.
 *
 * @param dataset - A recorded dataset.
 * @returns True for trades and settlements.
 */
export function pollsEveryRound(dataset: RecordDataset): boolean {
  return dataset.kind === 'trades' || dataset.kind === 'settlements'
}

/**
 * The declaration of a recorded dataset: its table, its key and time column, how a poll is
 * requested and how its answer becomes rows.
 *
 * @typeParam P - The endpoint path.
 * @typeParam C - Its columns.
 */
export interface RecordSpec<P extends EndpointPath, C extends Columns> {
  kind: RecordKind
  /** A name other than the path's last segment. */
  name?: string
  table: string
  /** The table holds several datasets (a `dataset` column). @default false */
  shared?: boolean
  columns: C
  key: readonly (keyof C & string)[]
  time: keyof C & string
  scope: 'symbol' | 'catalog'
  /**
   * Requests one poll.
   *
   * @param client - The client.
   * @param method - The row's client method (`client[method]` is this endpoint's).
   * @param poll - The symbol (per-symbol datasets), the clock.
   */
  request(
    client: PerpkitClient,
    method: ClientMethodName<P>,
    poll: PollInput,
  ): Promise<EndpointModel<P>>
  /**
   * Encodes one poll's answer: the row encoder.
   *
   * @param model - What the endpoint returned.
   * @param poll - The poll.
   * @returns The rows (trades newest first, as the API sends them).
   */
  rows(model: EndpointModel<P>, poll: PollInput): RowOf<C>[]
}

/**
 * What a dataset takes from its endpoint row: its name (the path's last segment unless
 * given), path, client method and record cap.
 *
 * @param path - The endpoint path.
 * @param name - A name other than the path's last segment.
 * @returns The completed fields.
 */
export function fromRoute<P extends EndpointPath>(path: P, name: string | undefined) {
  const route = endpointRoutes[path]
  return {
    name: name ?? path.slice(path.lastIndexOf('/') + 1),
    path,
    clientMethod: route.clientMethod,
    maxRecords: 'maxRecords' in route ? route.maxRecords : undefined,
  }
}

/**
 * Completes a recorded dataset's declaration from its endpoint row.
 *
 * @param path - The endpoint path.
 * @param spec - Table, key, time column, request and row encoder.
 * @returns The dataset.
 * @example
 * ```ts
 * const history = defineRecords('/contract/public/funding-rate-history', {
 *   kind: 'settlements',
 *   table: 'funding_history',
 *   columns: { funding_time: 'time', funding_rate: 'decimal' },
 *   key: ['funding_time'],
 *   time: 'funding_time',
 *   scope: 'symbol',
 *   request: (client, method, { symbol }) => client[method]({ symbol: symbol ?? '', limit: 100 }),
 *   rows: (records) => records.map((r) => ({ symbol: r.symbol, funding_time: r.fundingTime, funding_rate: r.fundingRate })),
 * })
 * ```
 */
export function defineRecords<const P extends EndpointPath, const C extends Columns>(
  path: P,
  spec: RecordSpec<P, C>,
): RecordDataset<P> {
  const { name, clientMethod, maxRecords } = fromRoute(path, spec.name)
  return {
    kind: spec.kind,
    name,
    path,
    clientMethod,
    maxRecords,
    table: spec.table,
    shared: spec.shared ?? false,
    unkeyed: false,
    columns: spec.columns,
    key: spec.key,
    time: spec.time,
    timeColumn: spec.time,
    scope: spec.scope,
    poll: async (client, poll) => spec.rows(await spec.request(client, clientMethod, poll), poll),
    encode: (model, poll) => spec.rows(model, poll),
  }
}
