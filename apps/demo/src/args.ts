/**
 * Command-line arguments, parsed strictly with `node:util` `parseArgs`.
 *
 * @module
 */

import { parseArgs } from 'node:util'
import { compareDecimals, isDecimal } from '@perpkit/analytics'
import { DemoError } from './demo-error.ts'
import type { OrderSize } from './snapshot-types.ts'

/** The contracts shown when no `--symbol` is given. */
export const DEFAULT_SYMBOLS = ['BTCUSDT', 'ETHUSDT', 'SOLUSDT'] as const

/** The order size when no `--size` is given: 100,000 in the quote currency. */
export const DEFAULT_SIZE: OrderSize = { amount: '100000', unit: 'quote' }

/** Seconds between refreshes with `--watch` when no `--interval` is given. */
export const DEFAULT_INTERVAL_S = 5

/** What the demo was asked to do. */
export type DemoCommand = { kind: 'help' } | ({ kind: 'run' } & DemoArgs)

export interface DemoArgs {
  symbols: string[]
  size: OrderSize
  /** A deployment to use instead of the embedded sandbox. */
  baseUrl: string | null
  json: boolean
  watch: boolean
  /** Seconds between refreshes with `--watch`. */
  intervalS: number
}

/** The `--help` text. */
export const USAGE = `perpkit-demo: a terminal market snapshot that uses every perpkit package

Usage: pnpm demo [-- options]
       pnpm --filter @perpkit/demo start [options]

Without --base-url, the demo starts the embedded sandbox (rate limits and
signed mode on, throw-away credentials) and signs every request.

Options:
  -s, --symbol <SYMBOL>   a contract to show; repeat for more
                          (default: ${DEFAULT_SYMBOLS.join(', ')})
      --size <SIZE>       example order and position size: an amount of the
                          quote currency (100000) or contracts (250ct)
                          (default: ${DEFAULT_SIZE.amount})
      --base-url <URL>    use a deployment of the interface instead of the
                          sandbox; requests are signed when PERPKIT_API_KEY,
                          PERPKIT_API_SECRET and PERPKIT_API_MEMO are all set
      --json              print one JSON document (decimals stay strings)
  -w, --watch             refresh until Ctrl-C
      --interval <SEC>    seconds between refreshes with --watch (default: ${DEFAULT_INTERVAL_S})
  -h, --help              show this help

Colours only on a terminal; NO_COLOR=1 turns them off.`

const OPTIONS = {
  symbol: { type: 'string', short: 's', multiple: true },
  size: { type: 'string' },
  'base-url': { type: 'string' },
  json: { type: 'boolean', default: false },
  watch: { type: 'boolean', short: 'w', default: false },
  interval: { type: 'string' },
  help: { type: 'boolean', short: 'h', default: false },
} as const

/** A usage error: exit code 2, with a pointer to `--help`. */
export function usageError(message: string): DemoError {
  return new DemoError(`${message} (see --help)`, { exitCode: 2 })
}

/** Rewrites `parseArgs`' messages (which suggest `--` tricks) as one short line. */
export function explainParseError(error: unknown): DemoError {
  const code = (error as { code?: unknown }).code
  const message = error instanceof Error ? error.message : String(error)
  const option = /'([^']+)'/.exec(message)?.[1]
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return usageError(`unknown option '${option}'`)
  if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') {
    return usageError(`unexpected argument '${option}'`)
  }
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && message.includes('ambiguous')) {
    return usageError(
      `option '${option}' needs a value (write ${option}=VALUE for a value that starts with '-')`,
    )
  }
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    return usageError((message.split('\n')[0] ?? message).replace(/\.$/, ''))
  }
  return usageError(message.split('\n')[0] ?? message)
}

/**
 * Reads `--size`: a positive decimal of the quote currency, or of contracts
 * with a `ct` suffix.
 *
 * @param text - e.g. `'100000'`, `'250ct'`.
 * @returns The order size.
 * @throws {@link DemoError} for anything else.
 */
export function parseSize(text: string): OrderSize {
  const match = /^\s*([0-9.]+)\s*(ct)?\s*$/i.exec(text)
  const amount = match?.[1]
  if (
    amount === undefined ||
    !isDecimal({ value: amount }) ||
    compareDecimals({ a: amount, b: 0 }) <= 0
  ) {
    throw usageError(
      `--size must be a positive amount of the quote currency (100000) or of contracts (250ct), got '${text}'`,
    )
  }
  return { amount, unit: match?.[2] === undefined ? 'quote' : 'contracts' }
}

/** Reads a contract symbol (upper-cased), or throws a usage error. */
export function parseSymbol(text: string): string {
  const symbol = text.trim().toUpperCase()
  if (!/^[A-Z0-9_-]{1,40}$/.test(symbol)) {
    throw usageError(`--symbol must be a contract symbol such as BTCUSDT, got '${text}'`)
  }
  return symbol
}

/** Reads an http(s) base URL, or throws a usage error. */
export function parseBaseUrl(text: string): string {
  let url: URL
  try {
    url = new URL(text)
  } catch {
    throw usageError(`--base-url must be an http(s) URL, got '${text}'`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw usageError(`--base-url must be an http(s) URL, got '${text}'`)
  }
  return text
}

function parseInterval(text: string): number {
  const seconds = Number(text)
  if (text.trim() === '' || !Number.isFinite(seconds) || seconds < 0 || seconds > 3600) {
    throw usageError(`--interval must be a number of seconds from 0 to 3600, got '${text}'`)
  }
  return seconds
}

function readOptions(argv: readonly string[]) {
  // pnpm passes a lone `--` through when options follow `pnpm demo --`.
  const args = argv[0] === '--' ? argv.slice(1) : [...argv]
  try {
    return parseArgs({ args, options: OPTIONS, strict: true, allowPositionals: false }).values
  } catch (error) {
    throw explainParseError(error)
  }
}

/**
 * Parses the command line.
 *
 * @param argv - The arguments after the script (`process.argv.slice(2)`).
 * @returns What to do.
 * @throws {@link DemoError} (exit code 2) for an unknown option, a missing
 *   or bad value, or a stray argument.
 */
export function parseDemoArgs(argv: readonly string[]): DemoCommand {
  const values = readOptions(argv)
  if (values.help) return { kind: 'help' }
  if (values.interval !== undefined && !values.watch) {
    throw usageError('--interval only applies with --watch')
  }
  const symbols = [...new Set((values.symbol ?? [...DEFAULT_SYMBOLS]).map(parseSymbol))]
  return {
    kind: 'run',
    symbols,
    size: values.size === undefined ? DEFAULT_SIZE : parseSize(values.size),
    baseUrl: values['base-url'] === undefined ? null : parseBaseUrl(values['base-url']),
    json: values.json,
    watch: values.watch,
    intervalS: values.interval === undefined ? DEFAULT_INTERVAL_S : parseInterval(values.interval),
  }
}
