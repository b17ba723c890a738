/**
 * A real archive for the dashboard's tests, written by the recorder itself
 * (`perpkit-recorder record` then `backfill`, in-process) against a sandbox
 * on a test clock, so it holds history no single API call returns: funding
 * settlements over more than 100 periods, open interest over weeks, and
 * candles in thousands.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { runCli } from '@perpkit/recorder'
import { startSandbox } from '@perpkit/sandbox'

/** What {@link recordArchive} wrote. */
export interface RecordedArchive {
  /** The DuckDB file. */
  file: string
  /** The symbols recorded. */
  symbols: readonly string[]
  /** When `record` started and stopped, and the range `backfill` filled (epoch ms). */
  recordFrom: number
  recordTo: number
  backfillFrom: number
  backfillTo: number
  /** Removes the file and its folder. */
  cleanup(): void
}

const DAY = 86_400_000

/** Output streams that keep stderr, for the message of a failed command. */
function quietIo() {
  const io = {
    err: '',
    stdout: { write: () => true, isTTY: false },
    stderr: {
      write: (text: string) => {
        io.err += text
        return true
      },
      isTTY: false,
    },
  }
  return io
}

/**
 * An archive the recorder created and migrated but holds no row: a backfill
 * whose range is still in the future (no candle of it has closed).
 *
 * @param file - Where to create it.
 */
export async function createEmptyArchive(file: string): Promise<void> {
  const io = quietIo()
  const from = Date.now() + 10 * DAY
  const code = await runCli(
    [
      'backfill',
      '--sandbox',
      '--db',
      file,
      '--symbols',
      'BTCUSDT',
      '--steps',
      '60',
      '--from',
      String(from),
      '--to',
      String(from + DAY),
    ],
    io,
  )
  if (code !== 0) throw new Error(`perpkit-recorder backfill exited ${code}: ${io.err}`)
}

/**
 * Records 40 days (a round every 4 days, snapshots every round) for two symbols,
 * then backfills 1h and 4h candles over 60 days, into a fresh file.
 *
 * @returns The archive.
 * @throws when a recorder command exits non-zero (its stderr in the message).
 */
export async function recordArchive(): Promise<RecordedArchive> {
  const dir = mkdtempSync(join(tmpdir(), 'perpkit-archive-'))
  const file = join(dir, 'market.duckdb')
  const symbols = ['BTCUSDT', 'ETHUSDT']
  const recordFrom = Date.UTC(2026, 0, 20)
  // A round every 4 days: each sees the latest 100 settlements (33 days), so they overlap.
  const rounds = 11
  const recordEvery = 4 * DAY
  const recordTo = recordFrom + (rounds - 1) * recordEvery
  const backfillTo = recordTo
  const backfillFrom = backfillTo - 60 * DAY
  let clock = recordFrom
  const sandbox = await startSandbox({ seed: 11, quiet: true, rateLimit: false, now: () => clock })
  const run = async (argv: string[]) => {
    const io = quietIo()
    const code = await runCli(argv, {
      ...io,
      now: () => clock,
      clientOptions: { retry: 0, rateLimit: false },
      sleep: async (ms) => {
        clock += ms
      },
    })
    if (code !== 0) throw new Error(`perpkit-recorder ${argv[0]} exited ${code}: ${io.err}`)
  }
  try {
    const common = ['--db', file, '--base-url', sandbox.url, '--symbols', symbols.join(',')]
    await run([
      'record',
      ...common,
      '--interval',
      String(recordEvery / 1000),
      '--snapshot-interval',
      '0',
      '--depth-levels',
      '2',
      '--rounds',
      String(rounds),
    ])
    clock = backfillTo + 60_000
    await run([
      'backfill',
      ...common,
      '--steps',
      '60,240',
      '--from',
      String(backfillFrom),
      '--to',
      String(backfillTo),
    ])
  } catch (error) {
    rmSync(dir, { recursive: true, force: true })
    throw error
  } finally {
    await sandbox.close()
  }
  return {
    file,
    symbols,
    recordFrom,
    recordTo,
    backfillFrom,
    backfillTo,
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  }
}
