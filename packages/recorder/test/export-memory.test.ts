import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openStore } from '../src/one-machine/open-store.ts'
import { cli, jsonLines, query, tempDir } from './helpers.ts'

const FROM = Date.UTC(2025, 0, 1)
const DAYS = 365
const MINUTES = DAYS * 1440

const tmp = tempDir()
const db = join(tmp.dir, 'year.duckdb')

/**
 * A year of 1m candles of one symbol in both candle datasets (1,051,200 rows), written
 * straight into a real archive: what a year-long backfill stores, without a year of requests.
 */
beforeAll(async () => {
  const store = await openStore(db, { memoryLimit: '1GB' })
  try {
    for (const dataset of ['kline', 'markprice-kline'])
      await store.run(`INSERT INTO candles
        SELECT '${dataset}', 'BTCUSDT', 1, make_timestamp_ms(${FROM} + i * 60000),
          (87000 + (hash(i) % 100000) / 1000)::DECIMAL(38,18),
          (87100 + (hash(i + 1) % 100000) / 1000)::DECIMAL(38,18),
          (86900 + (hash(i + 2) % 100000) / 1000)::DECIMAL(38,18),
          (87000 + (hash(i + 3) % 100000) / 1000)::DECIMAL(38,18),
          ((hash(i + 4) % 10000000000) / 100000000)::DECIMAL(38,18)
        FROM range(${MINUTES}) AS t(i)`)
  } finally {
    store.close()
  }
}, 120_000)
afterAll(() => tmp.cleanup())

/** Rows and an order-free checksum of every value, of candles read by `from`. */
const CHECKSUM = (from: string) => `SELECT count(*) AS n, sum(hash(epoch_ms(open_time), step,
    open::VARCHAR, high::VARCHAR, low::VARCHAR, close::VARCHAR, volume::VARCHAR)::HUGEINT)::VARCHAR AS h
  FROM ${from}`

describe('bounded memory at the defaults', () => {
  it('export of a year of 1m candles works at the default --memory-limit (64 MB), a batch of dates at a time, every value exact', async () => {
    const out = join(tmp.dir, 'export')
    const { code, out: stdout, err } = await cli(['export', '--db', db, '--out', out])
    expect(err).toBe('')
    expect(code).toBe(0)
    expect(jsonLines(stdout).at(-1)).toMatchObject({ event: 'done', rows: 2 * MINUTES })
    for (const dataset of ['kline', 'markprice-kline']) {
      const root = join(out, dataset, 'symbol=BTCUSDT')
      // One file per UTC date.
      const dates = readdirSync(root)
      expect(dates).toHaveLength(DAYS)
      for (const date of dates.slice(0, 3)) expect(readdirSync(join(root, date))).toHaveLength(1)
      const [exported] = await query(
        db,
        CHECKSUM(`read_parquet('${root}/*/*.parquet', hive_partitioning = true)`),
      )
      const [archived] = await query(db, CHECKSUM(`candles WHERE dataset = '${dataset}'`))
      expect(exported).toEqual(archived)
      expect(exported?.n).toBe(String(MINUTES))
    }
  })

  it('status of the same archive works at a quarter of the default --memory-limit', async () => {
    const { code, out, err } = await cli(['status', '--db', db, '--memory-limit', '16MB'])
    expect(err).toBe('')
    expect(code).toBe(0)
    expect(jsonLines(out).map((r) => [r.dataset, r.rows, r.gaps])).toEqual([
      ['kline', MINUTES, 0],
      ['markprice-kline', MINUTES, 0],
    ])
  })
})
