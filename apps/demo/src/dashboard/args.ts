/**
 * Command-line arguments of `pnpm dashboard`, parsed strictly with the same
 * rules and messages as the terminal demo's.
 *
 * @module
 */
import { parseArgs } from 'node:util'
import { explainParseError, parseBaseUrl, parseSymbol, usageError } from '../args.ts'

/** The contract shown first when no `--symbol` is given. */
export const DEFAULT_SYMBOL = 'BTCUSDT'

/** What the dashboard was asked to do. */
export type DashboardCommand = { kind: 'help' } | ({ kind: 'run' } & DashboardArgs)

export interface DashboardArgs {
  /** Port of the page's server; `0` picks a free one. */
  port: number
  /** A deployment to use instead of the embedded sandbox. */
  baseUrl: string | null
  /** The contract shown first. */
  symbol: string
  /** A recorder archive (DuckDB file) to plot instead of the live market. */
  archive: string | null
}

/** The `--help` text. */
export const DASHBOARD_USAGE = `perpkit-dashboard: a web dashboard that runs every perpkit package in the browser

Usage: pnpm dashboard [-- options]

Builds the page if needed, starts the embedded sandbox (signed mode, rate
limits and live quirks on) and a server for the page on 127.0.0.1, prints its
URL, and serves until Ctrl-C. With --archive, it starts no sandbox and plots
the history a perpkit-recorder archive holds instead.

Options:
      --port <N>          port of the page's server (default: a free port)
      --base-url <URL>    use a deployment of the interface instead of the
                          sandbox; requests are signed (in the browser) when
                          PERPKIT_API_KEY, PERPKIT_API_SECRET and
                          PERPKIT_API_MEMO are all set
  -s, --symbol <SYMBOL>   the contract shown first (default: ${DEFAULT_SYMBOL})
      --archive <FILE>    plot the candles, funding settlements, open interest,
                          trades, depth snapshots and gaps a perpkit-recorder
                          archive (DuckDB file) holds, read-only, instead of
                          the live market (also while a recorder writes it)
  -h, --help              show this help`

const OPTIONS = {
  port: { type: 'string' },
  'base-url': { type: 'string' },
  symbol: { type: 'string', short: 's' },
  archive: { type: 'string' },
  help: { type: 'boolean', short: 'h', default: false },
} as const

function parsePort(text: string): number {
  const port = Number(text)
  if (!/^\d{1,5}$/.test(text.trim()) || !Number.isInteger(port) || port > 65_535) {
    throw usageError(`--port must be a port number from 0 to 65535, got '${text}'`)
  }
  return port
}

/**
 * Parses the command line.
 *
 * @param argv - The arguments after the script (`process.argv.slice(2)`).
 * @returns What to do.
 * @throws {@link DemoError} (exit code 2) for an unknown option, a bad value
 *   or a stray argument.
 */
export function parseDashboardArgs(argv: readonly string[]): DashboardCommand {
  // pnpm passes a lone `--` through when options follow `pnpm dashboard --`.
  const args = argv[0] === '--' ? argv.slice(1) : [...argv]
  let values: ReturnType<typeof parseArgs<{ args: string[]; options: typeof OPTIONS }>>['values']
  try {
    values = parseArgs({ args, options: OPTIONS, strict: true, allowPositionals: false }).values
  } catch (error) {
    throw explainParseError(error)
  }
  if (values.help) return { kind: 'help' }
  if (values.archive !== undefined && values['base-url'] !== undefined) {
    throw usageError('--archive and --base-url exclude each other: an archive needs no deployment')
  }
  if (values.archive?.trim() === '') throw usageError('--archive needs a file')
  return {
    kind: 'run',
    port: values.port === undefined ? 0 : parsePort(values.port),
    baseUrl: values['base-url'] === undefined ? null : parseBaseUrl(values['base-url']),
    symbol: values.symbol === undefined ? DEFAULT_SYMBOL : parseSymbol(values.symbol),
    archive: values.archive ?? null,
  }
}
