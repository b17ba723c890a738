import { describe, expect, it } from 'vitest'
import { archivePath } from '../src/dashboard/archive-mode.ts'
import { DEFAULT_SYMBOL, parseDashboardArgs } from '../src/dashboard/args.ts'
import { usageErrorOf } from './usage-error.ts'

describe('the dashboard launcher’s arguments', () => {
  it('defaults to a free port, the embedded sandbox and the default symbol', () => {
    expect(parseDashboardArgs([])).toEqual({
      kind: 'run',
      port: 0,
      baseUrl: null,
      symbol: DEFAULT_SYMBOL,
      archive: null,
    })
  })

  it('reads --port, --base-url and --symbol, after the `--` pnpm passes through', () => {
    expect(
      parseDashboardArgs([
        '--',
        '--port',
        '5173',
        '--base-url',
        'https://api.example.com',
        '-s',
        'ethusdt',
      ]),
    ).toEqual({
      kind: 'run',
      port: 5173,
      baseUrl: 'https://api.example.com',
      symbol: 'ETHUSDT',
      archive: null,
    })
    expect(parseDashboardArgs(['--help'])).toEqual({ kind: 'help' })
  })

  it('reads --archive, the recorder file to plot instead of the live market', () => {
    expect(parseDashboardArgs(['--archive', 'data/market.duckdb', '-s', 'ETHUSDT'])).toEqual({
      kind: 'run',
      port: 0,
      baseUrl: null,
      symbol: 'ETHUSDT',
      archive: 'data/market.duckdb',
    })
  })

  it('refuses a bad port, URL, symbol or option with exit code 2', () => {
    for (const [argv, message] of [
      [
        ['--port', '70000'],
        "--port must be a port number from 0 to 65535, got '70000' (see --help)",
      ],
      [
        ['--port', '-1'],
        "option '--port' needs a value (write --port=VALUE for a value that starts with '-') (see --help)",
      ],
      [['--base-url', 'ftp://x'], "--base-url must be an http(s) URL, got 'ftp://x' (see --help)"],
      [
        ['--symbol', 'BTC USDT'],
        "--symbol must be a contract symbol such as BTCUSDT, got 'BTC USDT' (see --help)",
      ],
      [['--watch'], "unknown option '--watch' (see --help)"],
      [
        ['--archive', 'market.duckdb', '--base-url', 'https://api.example.com'],
        '--archive and --base-url exclude each other: an archive needs no deployment (see --help)',
      ],
      [['--archive', ' '], '--archive needs a file (see --help)'],
    ] as const) {
      const error = usageErrorOf(parseDashboardArgs, argv)
      expect(error.message).toBe(message)
      expect(error.exitCode).toBe(2)
    }
  })

  it('takes a relative --archive from where pnpm was typed (INIT_CWD), not from apps/demo', () => {
    expect(archivePath('data/market.duckdb', { INIT_CWD: '/home/me/perpkit' })).toBe(
      '/home/me/perpkit/data/market.duckdb',
    )
    expect(archivePath('/srv/market.duckdb', { INIT_CWD: '/home/me/perpkit' })).toBe(
      '/srv/market.duckdb',
    )
    expect(archivePath('market.duckdb', {})).toBe(`${process.cwd()}/market.duckdb`)
  })
})
