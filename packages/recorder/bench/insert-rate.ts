import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Kline } from '@perpkit/schemas'
import { openStore } from '../src/store/open-store.ts'
import { insertCandles, writeCandleWindow } from '../src/store/write-candles.ts'
import { int, printTable } from './table.ts'

const ROWS = 400_000
const BATCH = 500
const TARGET = 200_000

function batchAt(start: number): Kline[] {
  return Array.from({ length: BATCH }, (_, i) => ({
    timestamp: (start + i) * 60_000,
    openPrice: '97123.4',
    highPrice: '97200.1',
    lowPrice: '97001.25',
    closePrice: '97150.5',
    volume: '1234.5678',
  }))
}

/**
 * Rows per second into DuckDB: one 500-candle window per transaction, and the
 * way backfill writes (windows grouped into a commit while the previous one
 * runs), against a bare appender into a table without keys, in the same run.
 */
export async function benchInsertRate(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'recorder-bench-'))
  const store = await openStore(join(dir, 'insert.duckdb'))
  try {
    await store.run(
      'CREATE TABLE bare (t BIGINT, o VARCHAR, h VARCHAR, l VARCHAR, c VARCHAR, v VARCHAR)',
    )
    const batches = Array.from({ length: ROWS / BATCH }, (_, i) => batchAt(i * BATCH))
    let started = performance.now()
    for (const candles of batches) {
      const appender = await store.conn.createAppender('bare')
      for (const c of candles) {
        appender.appendBigInt(BigInt(c.timestamp))
        appender.appendVarchar(c.openPrice)
        appender.appendVarchar(c.highPrice)
        appender.appendVarchar(c.lowPrice)
        appender.appendVarchar(c.closePrice)
        appender.appendVarchar(c.volume)
        appender.endRow()
      }
      appender.closeSync()
    }
    const bare = ROWS / ((performance.now() - started) / 1000)
    started = performance.now()
    for (const [i, candles] of batches.entries())
      await store.transaction((conn) =>
        insertCandles(conn, [
          {
            dataset: 'kline',
            symbol: 'BTCUSDT',
            step: 1,
            startTime: i,
            endTime: i,
            candles,
            fetchedAt: 0,
          },
        ]),
      )
    const single = ROWS / ((performance.now() - started) / 1000)
    // As backfill writes: 8 windows in flight, grouped into one commit while the previous runs.
    started = performance.now()
    let next = 0
    const worker = async () => {
      while (next < batches.length) {
        const i = next++
        await writeCandleWindow(store, {
          dataset: 'markprice-kline',
          symbol: 'BTCUSDT',
          step: 1,
          startTime: i,
          endTime: i,
          candles: batches[i] as Kline[],
          fetchedAt: 0,
        })
      }
    }
    await Promise.all(Array.from({ length: 8 }, worker))
    const archive = ROWS / ((performance.now() - started) / 1000)
    printTable(
      `rows/s into DuckDB, ${int(ROWS)} candles in ${BATCH}-row transactions (target ${int(TARGET)}/s)`,
      ['case', 'rows/s', 'ratio to bare appender', 'target', ''],
      [
        ['bare appender, no keys (baseline)', int(bare), '1.00x', '', ''],
        [
          'one window per transaction (staged + INSERT OR IGNORE, primary key)',
          int(single),
          `${(single / bare).toFixed(2)}x`,
          '',
          '',
        ],
        [
          'backfill path: 8 windows in flight, group commit',
          int(archive),
          `${(archive / bare).toFixed(2)}x`,
          int(TARGET),
          archive >= TARGET ? 'ok' : 'MISSED',
        ],
      ],
    )
  } finally {
    store.close()
    rmSync(dir, { recursive: true, force: true })
  }
}
