/**
 * Record jobs without a Redis server: the pure dedup rules `record` and
 * record jobs share, job data checks, and the input `plan --record` refuses
 * before it connects anywhere.
 */
import type { Trade } from '@perpkit/schemas'
import { describe, expect, it } from 'vitest'
import { marketTrade } from '../src/datasets/declared/trades.ts'
import { identity, lostSpan, selectFresh } from '../src/datasets/dedup.ts'
import { parseRecordJob, schedulerId } from '../src/many-machines/record-jobs.ts'
import { cli } from './helpers.ts'

const trade = (time: number, qty: string): Trade => ({
  symbol: 'BTCUSDT',
  price: '100.5',
  qty,
  quoteQty: '10.05',
  time,
  isBuyerMaker: false,
})

describe('the trades declaration and the one dedup rule', () => {
  const poll = { symbol: 'BTCUSDT', symbols: ['BTCUSDT'], now: 0, depthLevels: 20 }
  const encode = (trades: Trade[]) => marketTrade.encode(trades, poll)
  it('numbers identical trades of a batch by occurrence, so the same trades polled again get the same identities', () => {
    const first = encode([
      trade(2000, '0.1'),
      trade(1000, '0.1'),
      trade(1000, '0.1'),
      trade(1000, '0.2'),
    ])
    expect(first.map((r) => r.dup)).toEqual([0, 0, 1, 0])
    const identities = new Set(first.map((r) => identity(marketTrade, r)))
    expect(identities.size).toBe(4)
    // A later batch: one new trade on top, the oldest cut by the limit.
    const later = encode([
      trade(3000, '0.1'),
      trade(2000, '0.1'),
      trade(1000, '0.1'),
      trade(1000, '0.1'),
    ])
    const fresh = selectFresh(marketTrade, later, { newest: 2000, identities })
    expect(fresh.rows.map((r) => r.time)).toEqual([3000])
    expect(fresh.gap).toBeUndefined()
  })
  it('keys wire text and stored DECIMAL text alike', () => {
    const [wire] = encode([trade(1000, '0.1')])
    if (wire === undefined) throw new Error('no row')
    const stored = { ...wire, price: '100.500000000000000000', qty: '0.100000000000000000' }
    expect(identity(marketTrade, stored)).toBe(identity(marketTrade, wire))
  })
})

describe('lostSpan', () => {
  it('is the span between the newest stored record and a full batch that starts after it', () => {
    expect(lostSpan(1000, [5000, 4000], 2)).toEqual({ from: 1000, to: 4000 })
  })
  it('is undefined when the batch reaches the stored records, is not full, or nothing was stored', () => {
    expect(lostSpan(4000, [5000, 4000], 2)).toBeUndefined()
    expect(lostSpan(1000, [5000], 2)).toBeUndefined()
    expect(lostSpan(undefined, [5000, 4000], 2)).toBeUndefined()
  })
})

describe('record job data', () => {
  it('round-trips a planned job and refuses data of another kind or dataset', () => {
    const job = { kind: 'record', dataset: 'depth', symbol: 'ETHUSDT', depthLevels: 5 }
    expect(parseRecordJob(JSON.parse(JSON.stringify(job)))).toEqual(job)
    expect(schedulerId(job)).toBe('record.depth.ETHUSDT')
    expect(() => parseRecordJob({ ...job, dataset: 'kline' })).toThrow(/not a record job/)
    expect(() => parseRecordJob({ ...job, depthLevels: 0 })).toThrow(/not a record job/)
  })
})

describe('plan --record input', () => {
  it.each([
    [
      ['--record', '--symbols', 'BTCUSDT', '--datasets', 'kline'],
      /--datasets: "kline" is not recorded by jobs/,
    ],
    [['--record', '--symbols', 'BTCUSDT', '--interval', 'soon'], /--interval must be a number/],
    [['--record'], /--symbols is required/],
    [['--stop', '--symbols', 'BTCUSDT'], /--stop removes record schedulers: use it with --record/],
  ])('refuses %j before connecting', async (args, message) => {
    // Port 1: nothing listens, so a command that connected would fail differently.
    const { code, err } = await cli(['plan', '--redis', 'redis://127.0.0.1:1', ...args])
    expect(code).not.toBe(0)
    expect(err).toMatch(message)
  })
})
