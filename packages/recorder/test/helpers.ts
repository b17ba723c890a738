import { type ChildProcess, type SpawnOptions, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { DuckDBInstance } from '@duckdb/node-api'
import { createClient } from '@perpkit/client'
import type { Kline } from '@perpkit/schemas'
import { runCli } from '../src/index.ts'
import type { CandleBatch } from '../src/one-machine/candle-writer.ts'

const packageDir = fileURLToPath(new URL('..', import.meta.url))

/** A fresh temporary directory, removed by the returned cleanup. */
export function tempDir(): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'perpkit-recorder-'))
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) }
}

/** Runs the CLI in-process and captures its output. */
export async function cli(
  argv: string[],
  io: Parameters<typeof runCli>[1] = {},
): Promise<{ code: number; out: string; err: string }> {
  let out = ''
  let err = ''
  const code = await runCli(argv, {
    stdout: {
      write: (s) => {
        out += s
      },
      isTTY: false,
    },
    stderr: {
      write: (s) => {
        err += s
      },
      isTTY: false,
    },
    ...io,
  })
  return { code, out, err }
}

/** The JSON lines of an output. */
export function jsonLines(out: string): Record<string, unknown>[] {
  return out
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
}

/** A real child process running the CLI from source (one process: SIGKILL reaches the writer). */
export function spawnCli(args: string[], options: SpawnOptions = {}): ChildProcess {
  return spawnTs('src/bin.ts', args, options)
}

/**
 * The CLI run by a user whom file permissions stop. When the tests run as
 * root, whom they do not stop, it is root without the capability to override
 * them (util-linux's `setpriv`): another user might not even reach the
 * checkout (a clone under a 0700 temporary directory).
 */
export function spawnCliAsReader(args: string[]): ChildProcess {
  if (process.getuid?.() !== 0) return spawnCli(args)
  return spawnTs('src/bin.ts', args, {}, ['setpriv', '--bounding-set', '-dac_override', '--'])
}

/**
 * A real child process running a TypeScript file of this package (through tsx).
 *
 * @param script - Its path, from the package's directory.
 * @param args - Its arguments.
 * @param options - Spawn options.
 * @param wrapper - A command that runs Node (e.g. `setpriv ... --`), if any.
 */
export function spawnTs(
  script: string,
  args: string[],
  options: SpawnOptions = {},
  wrapper: readonly string[] = [],
): ChildProcess {
  const [command, ...rest] = [...wrapper, process.execPath, '--import', 'tsx', script, ...args]
  return spawn(command as string, rest, {
    cwd: packageDir,
    env: { ...process.env, TSX_TSCONFIG_PATH: join(packageDir, 'tsconfig.json') },
    stdio: ['ignore', 'pipe', 'pipe'],
    ...options,
  })
}

/** Runs a child to its end: exit code (or signal), stdout and stderr. */
export async function finished(
  child: ChildProcess,
): Promise<{ code: number | NodeJS.Signals; out: string; err: string }> {
  let out = ''
  let err = ''
  child.stdout?.on('data', (chunk: Buffer) => {
    out += chunk.toString()
  })
  child.stderr?.on('data', (chunk: Buffer) => {
    err += chunk.toString()
  })
  const code = await exited(child)
  return { code, out, err }
}

/** Resolves once a child prints `line` (a whole line) on stdout; rejects if it exits first. */
export function printed(child: ChildProcess, line: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let text = ''
    const onData = (chunk: Buffer) => {
      text += chunk.toString()
      if (text.split('\n').includes(line)) {
        child.stdout?.off('data', onData)
        child.off('exit', onExit)
        resolve()
      }
    }
    const onExit = (code: number | null) =>
      reject(new Error(`the child exited (${code}) before printing ${line}: ${text}`))
    child.stdout?.on('data', onData)
    child.once('exit', onExit)
  })
}

/** Waits for a child to exit; resolves its exit code or signal. */
export function exited(child: ChildProcess): Promise<number | NodeJS.Signals> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve(child.exitCode)
    if (child.signalCode !== null) return resolve(child.signalCode)
    child.once('exit', (code, signal) => resolve(code ?? (signal as NodeJS.Signals)))
  })
}

/** Runs a query on a DuckDB file, read-only, and closes it. */
export async function query(file: string, sql: string): Promise<Record<string, unknown>[]> {
  const instance = await DuckDBInstance.create(file, { access_mode: 'READ_ONLY' })
  try {
    const conn = await instance.connect()
    const rows = (await conn.runAndReadAll(sql)).getRowObjectsJson()
    conn.closeSync()
    return rows
  } finally {
    instance.closeSync()
  }
}

/** A decimal string without trailing fractional zeros, for comparing DECIMAL(38,18) with wire text. */
export function canonical(decimal: string): string {
  return decimal.includes('.') ? decimal.replace(/0+$/, '').replace(/\.$/, '') : decimal
}

/**
 * One stored or served row as one comparable string: its values joined by `|`, decimals in
 * {@link canonical} form, so rows read from DuckDB, Parquet and the API compare equal.
 */
export function rowKey(values: readonly unknown[]): string {
  return values.map((v) => canonical(String(v))).join('|')
}

/** A small deterministic PRNG (mulberry32), so a failing random run can be replayed. */
export function prng(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** Where and what a `backfill` run fills: the flags every backfill test names. */
export interface BackfillTarget {
  db: string
  baseUrl: string
  symbols: string
  steps: string
  from: string | number
  to: string | number
}

/**
 * The argv of `perpkit-recorder backfill` for `target`, then `extra` flags.
 *
 * @param target - Database, deployment, symbols, steps and range.
 * @param extra - More flags (`--prepend`, `--datasets kline`...).
 * @returns The argv, command first.
 */
export function backfillArgv(target: BackfillTarget, extra: readonly string[] = []): string[] {
  const { db, baseUrl, symbols, steps, from, to } = target
  return [
    'backfill',
    '--db',
    db,
    '--base-url',
    baseUrl,
    '--symbols',
    symbols,
    '--steps',
    steps,
    '--from',
    String(from),
    '--to',
    String(to),
    ...extra,
  ]
}

/**
 * One fetched window of BTCUSDT 1m candles, as the backfill hands it to the
 * writer: its range is its first and last candle.
 */
export function candleBatch(candles: Kline[], dataset = 'kline', fetchedAt = 0): CandleBatch {
  return {
    dataset,
    symbol: 'BTCUSDT',
    step: 1,
    startTime: (candles[0] as Kline).timestamp,
    endTime: (candles.at(-1) as Kline).timestamp,
    candles,
    fetchedAt,
  }
}

/**
 * The stored candles, as `dataset|symbol|step|open|o|h|l|c|v` rows (see {@link rowKey}), sorted.
 *
 * @param db - The archive (opened read-only: nothing may hold it).
 * @param where - A filter on the `candles` table.
 */
export async function storedCandleRows(db: string, where = 'true'): Promise<string[]> {
  const rows = await query(
    db,
    `SELECT dataset, symbol, step, epoch_ms(open_time) AS t, open::VARCHAR AS o, high::VARCHAR AS h,
       low::VARCHAR AS l, close::VARCHAR AS c, volume::VARCHAR AS v FROM candles WHERE ${where}`,
  )
  return rows.map((r) => rowKey([r.dataset, r.symbol, r.step, r.t, r.o, r.h, r.l, r.c, r.v])).sort()
}

/**
 * A sandbox's own candles (klines and mark-price klines) of some symbols, read over HTTP, as
 * {@link storedCandleRows} writes them, sorted.
 *
 * @param baseUrl - The sandbox (without a rate limit).
 * @param series - Symbols, step, and the open times of the first and last candle (ms).
 */
export async function servedCandleRows(
  baseUrl: string,
  series: { symbols: readonly string[]; step: '1m' | '1h'; from: number; to: number },
): Promise<string[]> {
  const client = createClient({ baseUrl, rateLimit: false })
  const minutes = series.step === '1m' ? 1 : 60
  const rows: string[] = []
  for (const [dataset, iterate] of [
    ['kline', client.iterKlines],
    ['markprice-kline', client.iterMarkPriceKlines],
  ] as const)
    for (const symbol of series.symbols)
      for await (const c of iterate({
        symbol,
        step: series.step,
        startTime: series.from,
        endTime: series.to,
      }))
        rows.push(
          rowKey([
            dataset,
            symbol,
            minutes,
            c.timestamp,
            c.openPrice,
            c.highPrice,
            c.lowPrice,
            c.closePrice,
            c.volume,
          ]),
        )
  return rows.sort()
}
