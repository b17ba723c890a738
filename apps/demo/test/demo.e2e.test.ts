/**
 * End to end: the demo as a real process (tsx, workspace sources) against
 * its embedded sandbox, or against a sandbox started here for --base-url.
 */
import { type Sandbox, startSandbox } from '@perpkit/sandbox'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pairValue, runDemo, sectionOf, splitBySymbol } from './run-demo.ts'

/** What the sandbox lists for the default contracts (packages/sandbox/src/market/contracts.ts). */
const CONTRACTS = {
  BTCUSDT: { tick: '0.1', decimals: 1, base: 'BTC', maxLeverage: 125, groups: ['1', '10'] },
  ETHUSDT: { tick: '0.01', decimals: 2, base: 'ETH', maxLeverage: 100, groups: ['0.1', '1'] },
  SOLUSDT: { tick: '0.001', decimals: 3, base: 'SOL', maxLeverage: 75, groups: ['0.01', '0.1'] },
} as const

const DECIMAL = /^-?\d+(\.\d+)?$/
/** A formatted price: thousands separated, exactly `decimals` decimals. */
const priceWith = (decimals: number) =>
  new RegExp(`^\\d{1,3}(,\\d{3})*${decimals === 0 ? '' : `\\.\\d{${decimals}}`}$`)

function expectDecimals(record: object, fields: readonly string[]): void {
  for (const field of fields) {
    const value = (record as Record<string, unknown>)[field]
    expect(typeof value, field).toBe('string')
    expect(value, field).toMatch(DECIMAL)
  }
}

function expectOneLineError(stderr: string, pattern: RegExp): void {
  expect(stderr.endsWith('\n')).toBe(true)
  const lines = stderr.trimEnd().split('\n')
  expect(lines).toHaveLength(1)
  expect(lines[0]).toMatch(/^perpkit-demo: /)
  expect(lines[0]).toMatch(pattern)
  expect(stderr).not.toMatch(/\n\s+at |Error:|node:internal/)
}

describe.concurrent('the demo against its embedded sandbox', () => {
  it('prints every section of BTCUSDT, ETHUSDT and SOLUSDT, fitting 80 columns, without colours off a TTY', async () => {
    const run = await runDemo([])
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    const header = run.stdout.split('\n')[0]
    expect(header).toMatch(
      /^perpkit demo · sandbox at http:\/\/127\.0\.0\.1:\d+ \(signed, rate-limited\)$/,
    )
    for (const line of run.stdout.split('\n')) expect(line.length, line).toBeLessThanOrEqual(80)
    expect(run.stdout).not.toContain('\u001b[')

    const blocks = splitBySymbol(run.stdout)
    expect([...blocks.keys()]).toEqual(Object.keys(CONTRACTS))
    for (const [symbol, spec] of Object.entries(CONTRACTS)) {
      const block = blocks.get(symbol) ?? []
      const price = priceWith(spec.decimals)

      const contract = sectionOf(block, 'Contract')
      expect(pairValue(contract, 'type')).toBe('perpetual')
      expect(pairValue(contract, 'status')).toBe('Trading')
      expect(pairValue(contract, 'tick size')).toBe(spec.tick)
      expect(pairValue(contract, 'step size')).toBe('1 ct')
      expect(pairValue(contract, 'contract size')).toMatch(new RegExp(` ${spec.base}$`))
      expect(pairValue(contract, 'leverage')).toBe(`1x – ${spec.maxLeverage}x`)

      const prices = sectionOf(block, 'Prices')
      for (const label of ['last', 'mark', 'index', '24h high', '24h low']) {
        expect(pairValue(prices, label), `${symbol} ${label}`).toMatch(price)
      }
      expect(pairValue(prices, '24h change')).toMatch(/^[+-]?\d+\.\d{2} %$/)

      const funding = sectionOf(block, 'Funding (every 8 h)')
      expect(pairValue(funding, 'last rate')).toMatch(/^[+-]?\d+\.\d{4} %$/)
      expect(pairValue(funding, 'expected rate')).toMatch(/^[+-]?\d+\.\d{4} %$/)
      expect(funding.filter((line) => / annualized +[+-]?\d+\.\d{2} %$/.test(line))).toHaveLength(2)
      expect(pairValue(funding, 'next funding')).toMatch(/^\d{4}-\d\d-\d\d \d\d:00 UTC$/)
      expect(pairValue(funding, 'in')).toMatch(/^(\d+h \d\dm|\d+m|\d+s)$/)

      const openInterest = sectionOf(block, 'Open interest')
      expect(pairValue(openInterest, 'contracts')).toMatch(/^\d{1,3}(,\d{3})* ct$/)
      expect(pairValue(openInterest, 'value')).toMatch(/^\d{1,3}(,\d{3})*\.\d\d USDT$/)

      const book = sectionOf(block, 'Order book (50 bids, 50 asks)')
      expect(pairValue(book, 'best bid')).toMatch(price)
      expect(pairValue(book, 'spread')).toMatch(/^[\d.,]+ \(\d+\.\d\d bps\)$/)
      expect(pairValue(book, 'mid')).toMatch(priceWith(spec.decimals + 1))
      expect(pairValue(book, 'microprice')).toMatch(priceWith(spec.decimals + 1))
      expect(pairValue(book, 'imbalance (10 lv)')).toMatch(/^[+-]?[01]\.\d{3}$/)
      for (const [i, step] of spec.groups.entries()) {
        const title = `  Grouped by ${step} (${i === 0 ? 10 : 100} ticks)`
        const at = book.indexOf(title)
        expect(at, `${symbol} ${title}`).toBeGreaterThan(-1)
        expect(book[at + 1]).toMatch(
          /^ {2}spread \S+ · mid \S+ · micro \S+ · imbalance [+-]?\d\.\d{3}$/,
        )
        expect(book[at + 2]?.split(/\s+/).filter(Boolean)).toEqual([
          'total',
          'qty',
          'bid',
          '│',
          'ask',
          'qty',
          'total',
        ])
        expect(book[at + 3]).toContain('│')
      }

      const order = sectionOf(block, 'Market order of 100,000 USDT (slippage vs mid')
      expect(order[0]?.split(/\s{2,}/).filter(Boolean)).toEqual([
        'side',
        'filled (ct)',
        'avg price',
        'worst price',
        'slippage',
        'notional (USDT)',
      ])
      expect(order[1]).toMatch(/^ {2}buy +[\d,]+ +[\d,.]+ +[\d,.]+ +-?\d+\.\d\d bps +[\d,]+\.\d\d$/)
      expect(order[2]).toMatch(
        /^ {2}sell +[\d,]+ +[\d,.]+ +[\d,.]+ +-?\d+\.\d\d bps +[\d,]+\.\d\d$/,
      )

      const trades = sectionOf(block, 'Last trades (taker side)').filter((line) => line !== '')
      expect(trades[0]).toContain(`qty (${spec.base})`)
      expect(trades.slice(1)).toHaveLength(6)
      for (const line of trades.slice(1)) {
        expect(line).toMatch(/^ {2}\d\d:\d\d:\d\d +(buy |sell) +[\d,.]+ +[\d,.]+ +[\d,]+\.\d\d$/)
      }

      const chart = sectionOf(block, 'Closes of the last 48 candles of 1 h')
      expect(chart.filter((line) => /[┤┼]/.test(line))).toHaveLength(9)

      const liquidation = sectionOf(block, 'Liquidation of example positions')
      expect(liquidation[0]).toMatch(
        /^ {2}[\d,]+ ct \([\d,.]+ \w+\) at mark [\d,.]+, notional [\d,.]+ USDT$/,
      )
      const rows = liquidation.filter((line) => /^ {2}(long|short) /.test(line))
      expect(rows.map((line) => line.trim().split(/\s+/).slice(0, 2).join(' '))).toEqual([
        'long 5x',
        'long 10x',
        'long 25x',
        'long 50x',
        'short 5x',
        'short 10x',
        'short 25x',
        'short 50x',
      ])
      for (const row of rows) {
        expect(row).toMatch(/(#\d+ mmr \d+\.\d\d % ≤\d+x|not allowed at this size)$/)
      }
    }
    // 100,000 USDT of SOL is above its 25x bracket: the table says so instead of a price.
    const sol = sectionOf(blocks.get('SOLUSDT') ?? [], 'Liquidation of example positions')
    expect(sol.find((line) => /^ {2}long +25x/.test(line))).toContain('not allowed at this size')
  })

  it('prints one JSON document with every section, decimals as strings and times as numbers', async () => {
    const run = await runDemo(['--json', '--symbol', 'BTCUSDT'])
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    const document = JSON.parse(run.stdout)
    expect(document.source).toMatchObject({ kind: 'sandbox', signed: true, rateLimited: true })
    expect(document.orderSize).toEqual({ amount: '100000', unit: 'quote' })
    expect(typeof document.generatedAt).toBe('number')
    expect(document.symbols).toHaveLength(1)
    const [btc] = document.symbols
    expect(btc.symbol).toBe('BTCUSDT')
    expect(btc.contract).toMatchObject({
      productType: 'perpetual',
      status: 'Trading',
      tickSize: '0.1',
    })
    expectDecimals(btc.contract, [
      'tickSize',
      'stepSize',
      'contractSize',
      'minLeverage',
      'maxLeverage',
    ])
    expectDecimals(btc.prices, [
      'last',
      'mark',
      'index',
      'change24h',
      'high24h',
      'low24h',
      'volume24h',
    ])
    expectDecimals(btc.funding, [
      'lastRate',
      'expectedRate',
      'lastAnnualized',
      'expectedAnnualized',
    ])
    expect(typeof btc.funding.nextFundingTime).toBe('number')
    expect(typeof btc.funding.timeToNextMs).toBe('number')
    expectDecimals(btc.openInterest, ['contracts', 'base', 'value'])
    // Open interest keeps every decimal: it was never a float.
    expect(btc.openInterest.contracts.split('.')[1]?.length ?? 0).toBeGreaterThan(15)
    expectDecimals(btc.book.top, [
      'bestBid',
      'bestAsk',
      'mid',
      'spread',
      'spreadBps',
      'microprice',
      'imbalance',
    ])
    expect(btc.book.groups.map((g: { step: string }) => g.step)).toEqual(['1', '10'])
    for (const group of btc.book.groups) {
      expectDecimals(group.metrics, ['mid', 'spread', 'microprice', 'imbalance'])
      for (const level of [...group.bids, ...group.asks])
        expectDecimals(level, ['price', 'qty', 'total'])
    }
    for (const fill of [btc.marketOrder.buy, btc.marketOrder.sell]) {
      expect(fill.complete).toBe(true)
      expectDecimals(fill, ['filledQty', 'avgPrice', 'worstPrice', 'notional', 'slippageBps'])
    }
    expect(btc.trades).toHaveLength(6)
    for (const trade of btc.trades) {
      expect(typeof trade.time).toBe('number')
      expectDecimals(trade, ['price', 'qty', 'value'])
    }
    expect(btc.candles.stepMinutes).toBe(60)
    expect(btc.candles.candles).toHaveLength(48)
    expectDecimals(btc.candles.candles[0], [
      'openPrice',
      'highPrice',
      'lowPrice',
      'closePrice',
      'volume',
    ])
    expectDecimals(btc.liquidation, ['entryPrice', 'qty', 'baseQty', 'notional'])
    expect(btc.liquidation.entryPrice).toBe(btc.prices.mark)
    expect(btc.liquidation.rows).toHaveLength(8)
    for (const row of btc.liquidation.rows) {
      expect(row.allowed).toBe(true)
      expectDecimals(row, ['margin', 'price', 'distance'])
      expectDecimals(row.bracket, ['maintMarginRatio'])
    }
  })

  it('shows only the contract given with --symbol (any case), sized in contracts with --size 250ct', async () => {
    const run = await runDemo(['--symbol', 'ethusdt', '--size', '250ct'])
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    const blocks = splitBySymbol(run.stdout)
    expect([...blocks.keys()]).toEqual(['ETHUSDT'])
    const block = blocks.get('ETHUSDT') ?? []
    const order = sectionOf(block, 'Market order of 250 ct')
    expect(order[1]).toMatch(/^ {2}buy +250 /)
    expect(sectionOf(block, 'Liquidation of example positions')[0]).toMatch(
      /^ {2}250 ct \(2\.50 ETH\)/,
    )
  })

  it('prints the usage with --help and exits 0 without starting anything', async () => {
    const run = await runDemo(['--help'])
    expect(run.code).toBe(0)
    expect(run.stderr).toBe('')
    expect(run.stdout).toMatch(/^perpkit-demo: /)
    for (const flag of [
      '--symbol',
      '--size',
      '--base-url',
      '--json',
      '--watch',
      '--interval',
      '--help',
    ]) {
      expect(run.stdout).toContain(flag)
    }
    for (const line of run.stdout.split('\n')) expect(line.length).toBeLessThanOrEqual(80)
  })

  it('refuses an unknown flag with one line on stderr, exit code 2, no stack trace', async () => {
    const run = await runDemo(['--frobnicate'])
    expect(run.code).toBe(2)
    expect(run.stdout).toBe('')
    expectOneLineError(run.stderr, /unknown option '--frobnicate' \(see --help\)$/)
  })

  it('reports an unknown symbol in one line and exits 1', async () => {
    const run = await runDemo(['--symbol', 'NOPEUSDT'])
    expect(run.code).toBe(1)
    expect(run.stdout).toBe('')
    expectOneLineError(run.stderr, /unknown symbol "NOPEUSDT"/)
  })

  it('reports an unreachable --base-url in one line naming it, and exits 1', async () => {
    const run = await runDemo(['--base-url', 'http://127.0.0.1:1', '--symbol', 'BTCUSDT'])
    expect(run.code).toBe(1)
    expect(run.stdout).toBe('')
    expectOneLineError(
      run.stderr,
      /cannot reach http:\/\/127\.0\.0\.1:1 \(GET \/contract\/public\/details\): /,
    )
  })

  it('colours output only when forced on, and NO_COLOR turns colours off even then', async () => {
    const [forced, refused] = await Promise.all([
      runDemo(['--symbol', 'SOLUSDT'], { env: { FORCE_COLOR: '1' } }),
      runDemo(['--symbol', 'SOLUSDT'], { env: { FORCE_COLOR: '1', NO_COLOR: '1' } }),
    ])
    expect(forced.code).toBe(0)
    expect(forced.stdout).toContain('\u001b[')
    expect(refused.code).toBe(0)
    expect(refused.stdout).not.toContain('\u001b[')
  })

  it('refreshes with --watch until SIGINT, then closes the sandbox and exits 0', async () => {
    let interrupted = false
    const run = await runDemo(['--watch', '--interval', '0.1', '--symbol', 'BTCUSDT'], {
      onStdout: (stdout, child) => {
        if (!interrupted && stdout.split('refreshed at').length > 2) {
          interrupted = true
          child.kill('SIGINT')
        }
      },
    })
    expect(interrupted).toBe(true)
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    expect(run.stdout.match(/^── BTCUSDT ─/gm)?.length).toBeGreaterThanOrEqual(2)
  })
})

describe.concurrent('the demo against a deployment given with --base-url', () => {
  const credentials = { apiKey: 'e2e-key', secret: 'e2e-secret', memo: 'e2e-memo' }
  let signed: Sandbox
  let open: Sandbox
  beforeAll(async () => {
    ;[signed, open] = await Promise.all([
      startSandbox({ seed: 3, credentials, quiet: true }),
      startSandbox({ seed: 3, quiet: true }),
    ])
  })
  afterAll(async () => {
    await Promise.all([signed.close(), open.close()])
  })

  it('signs with PERPKIT_API_KEY, PERPKIT_API_SECRET and PERPKIT_API_MEMO and starts no sandbox', async () => {
    const run = await runDemo(['--base-url', signed.url, '--symbol', 'BTCUSDT', '--json'], {
      env: {
        PERPKIT_API_KEY: credentials.apiKey,
        PERPKIT_API_SECRET: credentials.secret,
        PERPKIT_API_MEMO: credentials.memo,
      },
    })
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    const document = JSON.parse(run.stdout)
    expect(document.source).toEqual({
      kind: 'remote',
      url: signed.url,
      signed: true,
      rateLimited: null,
    })
    expect(document.symbols[0].symbol).toBe('BTCUSDT')
  })

  it('sends unsigned requests without credentials, and the API error of a signed deployment is one line', async () => {
    const run = await runDemo(['--base-url', signed.url, '--symbol', 'BTCUSDT'])
    expect(run.code).toBe(1)
    expect(run.stdout).toBe('')
    expectOneLineError(
      run.stderr,
      /^perpkit-demo: Authentication failed.*\(GET \/contract\/public\/details: HTTP 401, code 3000\d/,
    )
  })

  it('names the missing credential variables and runs unsigned when only some are set', async () => {
    const run = await runDemo(['--base-url', open.url, '--symbol', 'BTCUSDT'], {
      env: { PERPKIT_API_KEY: 'only-the-key' },
    })
    expect(run.code).toBe(0)
    expect(run.stderr).toBe(
      'perpkit-demo: note: PERPKIT_API_SECRET and PERPKIT_API_MEMO not set: sending unsigned requests\n',
    )
    expect(run.stdout.split('\n')[0]).toBe(`perpkit demo · ${open.url} (unsigned)`)
  })
})
