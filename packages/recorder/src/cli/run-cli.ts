/**
 * The `perpkit-recorder` command line: dispatch, help and error reporting.
 *
 * @module
 */
import type { ClientOptions } from '@perpkit/client'
import { isPerpkitError } from '@perpkit/client'
import { backfillHelp, runBackfill } from '../commands/backfill.ts'
import { compactHelp, runCompact } from '../commands/compact.ts'
import { eraseHelp, runErase } from '../commands/erase.ts'
import { exportHelp, runExport } from '../commands/export.ts'
import { planHelp, runPlan } from '../commands/plan.ts'
import { recordHelp, runRecord } from '../commands/record.ts'
import { runStatus, statusHelp } from '../commands/status.ts'
import { runWorker, workerHelp } from '../commands/worker.ts'
import { RecorderError } from '../errors.ts'
import type { Output } from '../progress.ts'
import type { CommandContext } from './context.ts'

const commands: Record<
  string,
  [run: (argv: string[], ctx: CommandContext) => Promise<number>, help: string]
> = {
  backfill: [runBackfill, backfillHelp],
  record: [runRecord, recordHelp],
  status: [runStatus, statusHelp],
  export: [runExport, exportHelp],
  erase: [runErase, eraseHelp],
  plan: [runPlan, planHelp],
  worker: [runWorker, workerHelp],
  compact: [runCompact, compactHelp],
}

const usage = `Usage: perpkit-recorder <command> [options]

Keeps the market history the API forgets, in one DuckDB file.

Commands:
  backfill   Fill klines and mark-price klines for symbols × steps × a range (resumable)
  record     Poll trades, funding, open interest, depth and contract changes until stopped
  status     Coverage per dataset × symbol: first, last, rows, gaps, last write
  export     Write Parquet (hive-partitioned by dataset/symbol/date) or CSV
  erase      Delete the candles of a range, so that backfill fetches them again

Several machines (Redis + a shared Parquet tree):
  plan       Add backfill jobs to the queue (symbol × dataset × step × chunk of days)
  worker     Run queued jobs through one egress (source address + shared rate budget)
  compact    Merge each partition's Parquet files into one, without duplicates

Run 'perpkit-recorder <command> --help' for a command's options.`

/**
 * Where {@link runCli} writes and what it listens to. Every field is optional.
 *
 * @example
 * ```ts
 * const io: CliIo = { stdout: { write: (s) => process.stdout.write(s), isTTY: false } }
 * ```
 */
export interface CliIo {
  /** Standard output. @default process.stdout */
  stdout?: Output
  /** Standard error. @default process.stderr */
  stderr?: Output
  /** The clock, epoch ms. @default Date.now */
  now?: () => number
  /**
   * Stops `backfill` / `record` after the batch in flight; they then report
   * `interrupted` and return 143 when aborted with the reason `'SIGTERM'`, else 130.
   * @default never
   */
  signal?: AbortSignal
  /** Extra options of the API client (retries, a clock, a fetch). @default {} */
  clientOptions?: ClientOptions
  /**
   * How `record` waits between rounds and `backfill` before retrying a window
   * (a fake timer in tests). @default a timer
   */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>
}

/**
 * Runs one `perpkit-recorder` command and returns its exit code: 0 on success,
 * 2 for bad input (nothing written), 1 for a failure (a locked or newer
 * database, a full disk, the API, windows still missing), 130 / 143 for a
 * `backfill` or `record` stopped by its signal.
 *
 * @param argv - The arguments after the program name, e.g. `['status', '--db', 'market.duckdb']`.
 * @param io - Output, clock, stop signal; see {@link CliIo}.
 * @returns The exit code.
 * @example
 * ```ts
 * import { runCli } from '@perpkit/recorder'
 *
 * const code = await runCli(['status', '--db', 'market.duckdb'])
 * process.exitCode = code
 * ```
 */
export async function runCli(argv: readonly string[], io: CliIo = {}): Promise<number> {
  const ctx: CommandContext = {
    stdout: io.stdout ?? process.stdout,
    stderr: io.stderr ?? process.stderr,
    now: io.now ?? Date.now,
    signal: io.signal ?? new AbortController().signal,
    clientOptions: io.clientOptions ?? {},
    sleep: io.sleep,
  }
  const [name, ...rest] = argv
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    ctx.stdout.write(`${usage}\n`)
    return name === undefined ? 2 : 0
  }
  const command = commands[name]
  if (command === undefined) {
    ctx.stderr.write(`perpkit-recorder: unknown command ${JSON.stringify(name)}\n\n${usage}\n`)
    return 2
  }
  try {
    return await command[0](rest, ctx)
  } catch (error) {
    if (error instanceof RecorderError) {
      ctx.stderr.write(`perpkit-recorder ${name}: ${error.message}\n`)
      return error.exitCode
    }
    if (isPerpkitError(error)) {
      ctx.stderr.write(`perpkit-recorder ${name}: ${error.message}\n`)
      return 1
    }
    throw error
  }
}
