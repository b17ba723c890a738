/**
 * What the Parquet files say to any reader: `export` and the shared tree
 * write one layout (a root per dataset, gap rows under `gaps/`), times as UTC
 * instants in milliseconds, decimals exact. Read with DuckDB and with a
 * reader that is not DuckDB (hyparquet).
 */
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Kline } from '@perpkit/schemas'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openInterest } from '../src/datasets/declared/book.ts'
import { kline } from '../src/datasets/declared/candles.ts'
import { marketTrade } from '../src/datasets/declared/trades.ts'
import { openTreeWriter } from '../src/many-machines/tree-writer.ts'
import { createCandleWriter } from '../src/one-machine/candle-writer.ts'
import { createLastWrites } from '../src/one-machine/last-writes.ts'
import { openStore } from '../src/one-machine/open-store.ts'
import { writeGap, writePoll } from '../src/one-machine/write-records.ts'
import { datasetLayout, GAPS_LAYOUT } from '../src/parquet/layout.ts'
import { cli, query, tempDir } from './helpers.ts'
import { type FileColumn, readParquet } from './parquet-reader.ts'

const tmp = tempDir()
afterAll(() => tmp.cleanup())

const T0 = Date.UTC(2026, 0, 5, 12)
const poll = { symbol: 'BTCUSDT', symbols: ['BTCUSDT'], now: T0, depthLevels: 20 }
/** What live servers send: open interest with 18 decimals, its value with 22. */
const OI = {
  symbol: 'BTCUSDT',
  timestamp: T0 - 5,
  openInterest: '727798.000000000000000001',
  openInterestValue: '1311708616.0329300179279514047412',
}
const CANDLES: Kline[] = [0, 1, 2].map((i) => ({
  timestamp: T0 + i * 60_000,
  openPrice: '99999999999999999999.999999999999999999',
  highPrice: '-0.000000000000000001',
  lowPrice: `9712${i}.5`,
  closePrice: '0',
  volume: '1234567890123456.5',
}))
const TRADES = [
  {
    symbol: 'BTCUSDT',
    time: T0 + 2000,
    price: '97123.4',
    qty: '0.001',
    quoteQty: '97.1234',
    isBuyerMaker: true,
  },
  {
    symbol: 'BTCUSDT',
    time: T0 + 1000,
    price: '97123.5',
    qty: '0.002',
    quoteQty: '194.247',
    isBuyerMaker: false,
  },
]
const GAP = { dataset: 'market-trade', symbol: 'BTCUSDT', from: T0 - 90_000, to: T0, at: T0 + 5 }

/** Every Parquet file under a root. */
function files(root: string): string[] {
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.parquet'))
    .map((name) => join(root, name))
}

/** The UTC-millisecond timestamp columns a layout has, as hyparquet should read them. */
function expectColumns(
  columns: FileColumn[],
  names: string[],
  times: string[],
  decimals: string[],
) {
  expect(columns.map((c) => c.name)).toEqual(names)
  for (const c of columns) {
    if (times.includes(c.name)) expect(c.timestamp, c.name).toEqual({ utc: true, unit: 'MILLIS' })
    else expect(c.timestamp, c.name).toBeUndefined()
    if (decimals.includes(c.name)) expect(c.decimal, c.name).toEqual({ precision: 38, scale: 18 })
  }
}

const SCALE = (text: string) => {
  const [int, frac = ''] = text.split('.')
  return `${int === '-0' ? '-0' : int}.${frac.padEnd(18, '0')}`
}

async function checkRoots(out: string) {
  // One root per dataset, and gap rows: each reads as one schema.
  const candles = await readParquet(files(join(out, 'kline'))[0] as string)
  expectColumns(
    candles.columns,
    datasetLayout(kline).columns.map(([n]) => n),
    ['open_time'],
    ['open', 'high', 'low', 'close', 'volume'],
  )
  expect(candles.rows).toEqual(
    CANDLES.map((c) => ({
      step: 1,
      open_time: c.timestamp,
      open: SCALE(c.openPrice),
      high: SCALE(c.highPrice),
      low: SCALE(c.lowPrice),
      close: SCALE(c.closePrice),
      volume: SCALE(c.volume),
    })),
  )
  const oi = await readParquet(files(join(out, 'open-interest'))[0] as string)
  expectColumns(
    oi.columns,
    ['recorded_at', 'server_time', 'open_interest', 'open_interest_value'],
    ['recorded_at', 'server_time'],
    [],
  )
  expect(oi.rows).toEqual([
    {
      recorded_at: T0,
      server_time: OI.timestamp,
      open_interest: OI.openInterest,
      open_interest_value: OI.openInterestValue,
    },
  ])
  const gaps = await readParquet(files(join(out, 'gaps'))[0] as string)
  expectColumns(
    gaps.columns,
    GAPS_LAYOUT.columns.map(([n]) => n),
    ['from_time', 'to_time', 'recorded_at'],
    [],
  )
  expect(gaps.rows).toEqual([
    { dataset: 'market-trade', from_time: GAP.from, to_time: GAP.to, recorded_at: GAP.at },
  ])
  // DuckDB reads the same instants (TIMESTAMPTZ) and the same exact values.
  const [read] = await query(
    join(tmp.dir, 'archive.duckdb'),
    `SELECT typeof(recorded_at) AS t, epoch_ms(recorded_at) AS ms, open_interest_value AS v, symbol
     FROM read_parquet('${join(out, 'open-interest', '*', '*', '*.parquet')}', hive_partitioning = true)`,
  )
  expect(read).toEqual({
    t: 'TIMESTAMP WITH TIME ZONE',
    ms: String(T0),
    v: OI.openInterestValue,
    symbol: 'BTCUSDT',
  })
}

beforeAll(async () => {
  const store = await openStore(join(tmp.dir, 'archive.duckdb'))
  try {
    const writer = createCandleWriter(store)
    await writer.add({
      dataset: 'kline',
      symbol: 'BTCUSDT',
      step: 1,
      startTime: T0,
      endTime: T0 + 120_000,
      candles: CANDLES,
      fetchedAt: T0,
    })
    await writer.flush()
    await store.transaction(async (conn) => {
      const lastWrites = createLastWrites()
      await writePoll(conn, openInterest, openInterest.encode(OI, poll), { now: T0, lastWrites })
      await writePoll(conn, marketTrade, marketTrade.encode(TRADES, poll), { now: T0, lastWrites })
      await writeGap(conn, GAP)
      await lastWrites.flush(conn)
    })
  } finally {
    store.close()
  }
})

describe('Parquet files', () => {
  it('export writes a root per dataset and one for gap rows, times as UTC millisecond instants, decimals exact', async () => {
    const out = join(tmp.dir, 'export')
    const { code } = await cli(['export', '--db', join(tmp.dir, 'archive.duckdb'), '--out', out])
    expect(code).toBe(0)
    expect(readdirSync(out).sort()).toEqual(['gaps', 'kline', 'market-trade', 'open-interest'])
    await checkRoots(out)
  })

  it("the shared tree's files have the export's layout, flags and exact values", async () => {
    const out = join(tmp.dir, 'tree')
    const writer = await openTreeWriter(out, () => T0)
    try {
      await writer.writeCandles(kline, { symbol: 'BTCUSDT', step: 1, tag: 'job' }, CANDLES)
      await writer.writeRows(
        datasetLayout(openInterest),
        { symbol: 'BTCUSDT', tag: 'poll' },
        openInterest.encode(OI, poll),
      )
      await writer.writeRows(GAPS_LAYOUT, { symbol: 'BTCUSDT', tag: 'poll' }, [
        {
          symbol: 'BTCUSDT',
          dataset: GAP.dataset,
          from_time: GAP.from,
          to_time: GAP.to,
          recorded_at: GAP.at,
        },
      ])
    } finally {
      writer.close()
    }
    await checkRoots(out)
  })
})
