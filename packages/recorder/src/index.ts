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
export type { Archive, ArchiveErrorReason } from './archive/open-archive.ts'
export { ArchiveError, openArchive } from './archive/open-archive.ts'
export type {
  ArchiveContents,
  ArchiveSeries,
  CandleQuery,
  CandleRange,
  OpenInterestEvery,
  TimeRange,
} from './archive/queries.ts'
export type { CliIo } from './cli/run-cli.ts'
export { runCli } from './cli/run-cli.ts'
export type { Dataset, DatasetKind } from './datasets.ts'
export { datasets } from './datasets.ts'
export { RecorderError } from './errors.ts'
export type { Output } from './progress.ts'
export { egressKeyPrefix } from './queue/egress.ts'
export { SCHEMA_VERSION } from './store/migrations.ts'
