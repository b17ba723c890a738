/**
 * The raw vector path (`src/duckdb-vector/`) against BigInt and against
 * DuckDB itself: what must hold for the exact pin of `@duckdb/node-bindings`
 * to be moved (see its README).
 */
import { join } from 'node:path'
import type { Kline } from '@perpkit/schemas'
import { afterAll, describe, expect, it } from 'vitest'
import { CANDLE_TABLE } from '../src/datasets/define-candles.ts'
import { createTableSql, tableColumns } from '../src/datasets/table.ts'
import { insertValues } from '../src/duckdb/values.ts'
import { writeDecimal } from '../src/duckdb-vector/decimal.ts'
import { RecorderError } from '../src/errors.ts'
import { createCandleWriter } from '../src/one-machine/candle-writer.ts'
import { openStore } from '../src/one-machine/open-store.ts'
import { candleBatch, tempDir } from './helpers.ts'

const tmp = tempDir()
afterAll(() => tmp.cleanup())

/** The signed 128-bit integer in the 8 limbs of `row`. */
function read(out: Uint16Array, row: number): bigint {
  let value = 0n
  for (let k = 7; k >= 0; k--) value = (value << 16n) | BigInt(out[row * 8 + k] as number)
  return BigInt.asIntN(128, value)
}

/** What DECIMAL(38,18) stores for a decimal string: the value × 10^18, by BigInt. */
function scaled(text: string): bigint {
  const [integer = '', fraction = ''] = text.replace('-', '').split('.')
  const magnitude = BigInt(`${integer}${fraction.padEnd(18, '0')}`)
  return text.startsWith('-') ? -magnitude : magnitude
}

/** A seeded generator, so a failure names the input that caused it. */
function prng(seed: number): () => number {
  let s = seed >>> 0
  return () => {
    s = (s + 0x6d2b79f5) >>> 0
    let t = s
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

describe('writeDecimal', () => {
  it('writes each decimal string as its exact DECIMAL(38,18) integer, at the given row', () => {
    const cases = [
      '0',
      '-0',
      '0.0',
      '1',
      '-1',
      '97123.4',
      '1234.5678',
      '0.000000000000000001',
      '-0.000000000000000001',
      '999999999999999',
      '9999999999999999',
      '0.123456789012345678',
      '-97123.123456789012345678',
      '00012.5',
      '99999999999999999999.999999999999999999',
      '-99999999999999999999.999999999999999999',
    ]
    const out = new Uint16Array(8 * 4)
    for (const text of cases) {
      out.fill(0xabcd)
      writeDecimal(text, out, 2)
      expect(read(out, 2), text).toBe(scaled(text))
      expect(read(out, 1), `${text} leaves row 1 alone`).toBe(
        BigInt.asIntN(128, 0xabcdn * 0x0001_0001_0001_0001_0001_0001_0001_0001n),
      )
    }
  })

  it('agrees with BigInt on 20,000 random decimals of up to 20 integer and 18 fraction digits', () => {
    const random = prng(19)
    const digits = (n: number) =>
      Array.from({ length: n }, () => String(Math.floor(random() * 10))).join('')
    const out = new Uint16Array(8)
    for (let i = 0; i < 20_000; i++) {
      const fraction = digits(Math.floor(random() * 19))
      const text = `${random() < 0.3 ? '-' : ''}${digits(1 + Math.floor(random() * 20))}${fraction ? `.${fraction}` : ''}`
      writeDecimal(text, out, 0)
      if (read(out, 0) !== scaled(text)) expect.fail(`${text} was written as ${read(out, 0)}`)
    }
  })

  it('refuses what is no decimal or does not fit DECIMAL(38,18) exactly, instead of rounding', () => {
    const out = new Uint16Array(8)
    for (const text of [
      '',
      '-',
      '.',
      '.5',
      '5.',
      '1.2.3',
      '1e5',
      ' 1',
      '+1',
      'NaN',
      '1.0000000000000000001',
      '100000000000000000000',
      '-123456789012345678901.5',
    ])
      expect(() => writeDecimal(text, out, 0), JSON.stringify(text)).toThrow(RecorderError)
  })
})

describe('the chunk path agrees with DuckDB', () => {
  it("stores 5,000 candles (across 2048-row chunks) exactly as DuckDB's own text casts store the same values, in the declared candles table", async () => {
    const store = await openStore(join(tmp.dir, 'agree.duckdb'))
    try {
      const random = prng(2048)
      const digits = (n: number) =>
        Array.from({ length: n }, () => String(Math.floor(random() * 10))).join('')
      const price = () => {
        const fraction = digits(Math.floor(random() * 19))
        return `${random() < 0.3 ? '-' : ''}${digits(1 + Math.floor(random() * 20))}${fraction ? `.${fraction}` : ''}`
      }
      const T0 = Date.UTC(2026, 0, 1)
      const candles: Kline[] = Array.from({ length: 5_000 }, (_, i) => ({
        timestamp: T0 + i * 60_000,
        openPrice: i === 0 ? '99999999999999999999.999999999999999999' : price(),
        highPrice: i === 0 ? '-99999999999999999999.999999999999999999' : price(),
        lowPrice: i === 0 ? '0.000000000000000001' : price(),
        closePrice: price(),
        volume: price(),
      }))
      const writer = createCandleWriter(store)
      await writer.add(candleBatch(candles))
      await writer.flush()
      await store.run(`${createTableSql(CANDLE_TABLE, 'by_sql')}`)
      await store.transaction((conn) =>
        insertValues(
          conn,
          'by_sql',
          tableColumns(CANDLE_TABLE),
          candles.map((c) => [
            'kline',
            'BTCUSDT',
            1,
            c.timestamp,
            c.openPrice,
            c.highPrice,
            c.lowPrice,
            c.closePrice,
            c.volume,
          ]),
        ),
      )
      const [diff] = await store.all(
        `SELECT (SELECT count(*) FROM candles) AS n,
           (SELECT count(*) FROM (SELECT * FROM candles EXCEPT SELECT * FROM by_sql)) AS a,
           (SELECT count(*) FROM (SELECT * FROM by_sql EXCEPT SELECT * FROM candles)) AS b`,
      )
      expect(diff).toEqual({ n: '5000', a: '0', b: '0' })
    } finally {
      store.close()
    }
  })
})
