/**
 * `@perpkit/recorder`: keeps the market history the API forgets. Backfills
 * klines and mark-price klines, records trades, funding, open interest,
 * depth and contract changes, into one DuckDB file; exports Parquet and CSV.
 * Past one machine, `plan` / `worker` / `compact` split backfills over a
 * BullMQ queue, share one rate budget per egress IP in Redis
 * ({@link egressKeyPrefix}) and write a shared hive-partitioned Parquet tree.
 * The CLI is `perpkit-recorder`; {@link runCli} runs it in-process.
 *
 * @example
 * ```ts
 * import { runCli } from '@perpkit/recorder'
 *
 * await runCli(['backfill', '--sandbox', '--db', 'market.duckdb', '--symbols', 'BTCUSDT', '--steps', '1h', '--from', '2026-01-01'])
 * ```
 *
 * @packageDocumentation
 */

export type { CliIo } from './cli/run-cli.ts'
export { runCli } from './cli/run-cli.ts'
export type { AnyRow, ColumnType } from './datasets/columns.ts'
export { datasets } from './datasets/declared/index.ts'
export type {
  CandleDataset,
  CandleWindow,
  Dataset,
  DatasetKind,
  PollInput,
  RecordDataset,
  RecordKind,
} from './datasets/define.ts'
export { RecorderError } from './errors.ts'
export { egressKeyPrefix } from './many-machines/egress.ts'
export type { ArchiveErrorReason } from './one-machine/archive-error.ts'
export { ArchiveError } from './one-machine/archive-error.ts'
export type {
  ArchiveContents,
  ArchiveSeries,
  CandleQuery,
  CandleRange,
  OpenInterestEvery,
  TimeRange,
} from './one-machine/archive-queries.ts'
export type {
  DepthSnapshot,
  GapQuery,
  GapRow,
  TradeQuery,
  TradeRange,
} from './one-machine/archive-recorded.ts'
export type { Archive, OpenArchiveOptions } from './one-machine/open-archive.ts'
export { ARCHIVE_WAIT_MS, openArchive } from './one-machine/open-archive.ts'
export { SCHEMA_VERSION } from './one-machine/schema.ts'
export type { Output } from './progress.ts'
