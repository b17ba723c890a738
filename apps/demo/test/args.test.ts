import { describe, expect, it } from 'vitest'
import {
  DEFAULT_INTERVAL_S,
  DEFAULT_SIZE,
  DEFAULT_SYMBOLS,
  parseDemoArgs,
  parseSize,
} from '../src/args.ts'
import { usageErrorOf } from './usage-error.ts'

describe('parseDemoArgs', () => {
  it('defaults to three contracts, a 100,000 quote order, text output, one run, the sandbox', () => {
    expect(parseDemoArgs([])).toEqual({
      kind: 'run',
      symbols: [...DEFAULT_SYMBOLS],
      size: DEFAULT_SIZE,
      baseUrl: null,
      json: false,
      watch: false,
      intervalS: DEFAULT_INTERVAL_S,
    })
  })

  it('reads every option, upper-cases and de-duplicates symbols, skips the -- pnpm passes', () => {
    const command = parseDemoArgs([
      '--',
      '-s',
      'ethusdt',
      '--symbol',
      'ETHUSDT',
      '--symbol',
      'SOLUSDT',
      '--size',
      '250ct',
      '--base-url',
      'https://api.example.com',
      '--json',
      '-w',
      '--interval',
      '0.5',
    ])
    expect(command).toEqual({
      kind: 'run',
      symbols: ['ETHUSDT', 'SOLUSDT'],
      size: { amount: '250', unit: 'contracts' },
      baseUrl: 'https://api.example.com',
      json: true,
      watch: true,
      intervalS: 0.5,
    })
  })

  it('returns help for -h and --help, whatever else is given', () => {
    expect(parseDemoArgs(['--help'])).toEqual({ kind: 'help' })
    expect(parseDemoArgs(['--json', '-h'])).toEqual({ kind: 'help' })
  })

  it('refuses unknown options, stray arguments and bad values with one short line, exit code 2', () => {
    const cases: [string[], string][] = [
      [['--frobnicate'], "unknown option '--frobnicate' (see --help)"],
      [['-x'], "unknown option '-x' (see --help)"],
      [['BTCUSDT'], "unexpected argument 'BTCUSDT' (see --help)"],
      [['--size', '-5'], "option '--size' needs a value (write --size=VALUE"],
      [['--size=-5'], '--size must be a positive amount'],
      [['--size', '0'], '--size must be a positive amount'],
      [['--symbol', 'BTC USDT'], '--symbol must be a contract symbol'],
      [['--base-url', 'not a url'], '--base-url must be an http(s) URL'],
      [['--base-url', 'ftp://example.com'], '--base-url must be an http(s) URL'],
      [['--interval', '2'], '--interval only applies with --watch'],
      [['--watch', '--interval', 'soon'], '--interval must be a number of seconds'],
      [['--json=yes'], "Option '--json' does not take an argument"],
    ]
    for (const [argv, message] of cases) {
      const error = usageErrorOf(parseDemoArgs, argv)
      expect(error.message, argv.join(' ')).toContain(message)
      expect(error.message).not.toContain('\n')
      expect(error.exitCode).toBe(2)
    }
  })
})

describe('parseSize', () => {
  it('reads a quote amount by default and contracts with a ct suffix', () => {
    expect(parseSize('100000')).toEqual({ amount: '100000', unit: 'quote' })
    expect(parseSize('2500.5')).toEqual({ amount: '2500.5', unit: 'quote' })
    expect(parseSize('250ct')).toEqual({ amount: '250', unit: 'contracts' })
    expect(parseSize('250 CT')).toEqual({ amount: '250', unit: 'contracts' })
  })
})
