/**
 * Flags shared by the commands, their parsing and checks. Every check runs
 * before the database is opened, so bad input writes nothing.
 *
 * @module
 */
import { type ParseArgsConfig, parseArgs } from 'node:util'
import { KLINE_STEP_ALIASES, type KlineStep, resolveKlineStep } from '@perpkit/schemas/lite'
import { RecorderError } from '../errors.ts'
import { parseTime } from './parse-time.ts'

/** Options of `parseArgs`, by flag name. */
export type FlagSpec = NonNullable<ParseArgsConfig['options']>

/** The parsed values of flags `O`. */
export type FlagValues<O extends FlagSpec> = ReturnType<
  typeof parseArgs<{ args: string[]; options: O; strict: true; allowPositionals: false }>
>['values']

/** Flags every command accepts. */
export const commonFlags = {
  db: { type: 'string', default: 'perpkit.duckdb' },
  'memory-limit': { type: 'string' },
  help: { type: 'boolean', short: 'h', default: false },
} as const satisfies FlagSpec

/** Flags of the commands that read the API. */
export const networkFlags = {
  'base-url': { type: 'string' },
  sandbox: { type: 'boolean', default: false },
  symbols: { type: 'string' },
} as const satisfies FlagSpec

/** `--wait`: how long a command waits for its turn on the archive (see turns.ts). */
export const waitFlags = {
  wait: { type: 'string' },
} as const satisfies FlagSpec

/** Help line of `--wait`. */
export const waitHelp = `  --wait <s>           Longest wait for a turn on the archive while another process
                       holds it, in seconds (default 60); a running recorder lets go
                       between its writes`

/**
 * Parses `--wait` (seconds).
 *
 * @param value - The flag's value.
 * @returns The wait in ms.
 */
export function parseWait(value: string | undefined): number {
  return parsePositive('--wait', value, 60, 0) * 1000
}

/** Help lines of the flags above. */
export const commonHelp = `  --db <file>          DuckDB archive, created on first use (default perpkit.duckdb)
  --memory-limit <n>   DuckDB's buffer pool, e.g. 64MB or 1GB (default 64MB); bigger
                       queries spill to disk
  -h, --help           This help`

/** Help lines of the network flags (`--symbols` takes `all` and patterns: select-symbols.ts). */
export const networkHelp = `  --base-url <url>     API base URL (the client's default when omitted)
  --sandbox            Start an embedded sandbox and read from it
  --symbols <list>     Contract symbols, comma-separated (BTCUSDT,ETHUSDT), all, or
                       patterns such as '*USDT' ('?' one character), matched against the
                       live catalog; delisted contracts a pattern matches are skipped`

/**
 * Parses argv strictly: an unknown flag or a missing value is a usage error.
 *
 * @param argv - The command's arguments.
 * @param options - Its flags.
 * @returns The values.
 */
export function parseFlags<const O extends FlagSpec>(argv: string[], options: O): FlagValues<O> {
  try {
    return parseArgs({ args: argv, options, strict: true, allowPositionals: false }).values
  } catch (error) {
    throw new RecorderError(error instanceof Error ? error.message : String(error))
  }
}

/**
 * Splits `--symbols`: upper-case words, no duplicates, at least one.
 *
 * @param value - The flag's value.
 * @returns The symbols.
 */
export function parseSymbols(value: string | undefined): string[] {
  if (value === undefined || value.trim() === '') throw new RecorderError('--symbols is required')
  const symbols = [...new Set(value.split(',').map((s) => s.trim()))]
  for (const symbol of symbols) {
    if (!/^[A-Z0-9_]{2,40}$/.test(symbol))
      throw new RecorderError(`--symbols: ${JSON.stringify(symbol)} is not a contract symbol`)
  }
  return symbols
}

/**
 * Splits `--steps`: minutes (`1,60`) or aliases (`1m,1h`).
 *
 * @param value - The flag's value.
 * @returns The steps in minutes.
 */
export function parseSteps(value: string | undefined): KlineStep[] {
  if (value === undefined || value.trim() === '') throw new RecorderError('--steps is required')
  return [
    ...new Set(
      value.split(',').map((raw) => {
        const text = raw.trim()
        const step = resolveKlineStep(/^\d+$/.test(text) ? Number(text) : text)
        if (step === undefined)
          throw new RecorderError(
            `--steps: unknown step ${JSON.stringify(text)}; use minutes or ${Object.keys(KLINE_STEP_ALIASES).join(', ')}`,
          )
        return step
      }),
    ),
  ]
}

/**
 * Parses `--from` / `--to`; refuses a reversed range.
 *
 * @param from - `--from`, required unless `fromDefault` is given.
 * @param to - `--to`, or now.
 * @param now - The current time (ms).
 * @returns The range, epoch ms.
 */
export function parseRange(
  from: string | undefined,
  to: string | undefined,
  now: number,
): { from: number; to: number } {
  if (from === undefined) throw new RecorderError('--from is required')
  const start = parseTime('--from', from)
  const end = to === undefined ? now : parseTime('--to', to)
  if (start > end)
    throw new RecorderError(`reversed range: --from ${from} is after --to ${to ?? 'now'}`)
  return { from: start, to: end }
}

/**
 * Parses a positive integer flag.
 *
 * @param flag - Its name.
 * @param value - Its value.
 * @param fallback - When omitted.
 * @returns The integer.
 */
export function parsePositive(
  flag: string,
  value: string | undefined,
  fallback: number,
  min = 1,
): number {
  if (value === undefined) return fallback
  const n = Number(value)
  if (!/^\d+(\.\d+)?$/.test(value) || !Number.isFinite(n) || n < min)
    throw new RecorderError(`${flag} must be a number ≥ ${min}, got ${JSON.stringify(value)}`)
  return n
}

/**
 * Checks `--memory-limit`: a size DuckDB takes, such as `64MB`, `1.5GB` or `512MiB`.
 *
 * @param value - The flag's value.
 * @returns The size as DuckDB spells it, or `undefined` for the default.
 */
export function parseMemoryLimit(value: string | undefined): string | undefined {
  if (value === undefined) return undefined
  const size = value.trim()
  if (!/^\d+(\.\d+)?\s*(KB|MB|GB|TB|KiB|MiB|GiB|TiB)$/i.test(size) || Number.parseFloat(size) <= 0)
    throw new RecorderError(
      `--memory-limit: ${JSON.stringify(value)} is no size; use e.g. 64MB, 1GB or 512MiB`,
    )
  return size
}
