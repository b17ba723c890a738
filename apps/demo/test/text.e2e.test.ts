/**
 * End to end, text output: the demo as a real process (tsx, workspace
 * sources) against its embedded sandbox.
 */
import { describe, expect, it } from 'vitest'
import { visibleWidth } from '../src/layout.ts'
import { pairValue, priceWith, runDemo, sectionOf, splitBySymbol } from './run-demo.ts'

/** What the sandbox lists for the default contracts (packages/sandbox/src/market/contracts.ts). */
const CONTRACTS = {
  BTCUSDT: { tick: '0.1', decimals: 1, base: 'BTC', maxLeverage: 125, groups: ['1', '10'] },
  ETHUSDT: { tick: '0.01', decimals: 2, base: 'ETH', maxLeverage: 100, groups: ['0.1', '1'] },
  SOLUSDT: { tick: '0.001', decimals: 3, base: 'SOL', maxLeverage: 75, groups: ['0.01', '0.1'] },
} as const

describe.concurrent('the text snapshot', () => {
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
        /^ {2}[\d,]+ ct \([\d,.]+ \w+\) at mark [\d,.]+ · notional [\d,.]+ USDT$/,
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

  it('colours the output when FORCE_COLOR is set, every line still within 80 visible columns', async () => {
    const run = await runDemo(['--symbol', 'SOLUSDT'], { env: { FORCE_COLOR: '1' } })
    expect(run.code).toBe(0)
    expect(run.stdout).toContain('\u001b[')
    for (const line of run.stdout.split('\n')) {
      expect(visibleWidth(line), line).toBeLessThanOrEqual(80)
    }
  })
})
