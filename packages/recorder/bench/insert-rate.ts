import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Kline } from '@perpkit/schemas'
import { openStore, type Store } from '../src/store/open-store.ts'
import { writeCandleWindow } from '../src/store/write-candles.ts'
import { createLegacyTables, legacyGroup } from './legacy-insert.ts'
import { int, printTable } from './table.ts'

const ROWS = 400_000
/** The schema-1 path is slow: fewer rows keep the run short. */
const LEGACY_ROWS = 100_000
const BATCH = 500
/** Windows in flight on the backfill path (its default --concurrency). */
const IN_FLIGHT = 8
const TARGET = 200_000
const MINUTE = 60_000

function batchAt(start: number): Kline[] {
  return Array.from({ length: BATCH }, (_, i) => ({
    timestamp: (start + i) * MINUTE,
    openPrice: '97123.4',
    highPrice: '97200.1',
    lowPrice: '97001.25',
    closePrice: '97150.5',
    volume: '1234.5678',
  }))
}

interface Rate {
  wall: number
  /** Rows per second of CPU time of the whole process (all DuckDB threads included). */
  cpu: number
}

async function measure(rows: number, run: () => Promise<void>): Promise<Rate> {
  const cpu = process.cpuUsage()
  const started = performance.now()
  await run()
  const used = process.cpuUsage(cpu)
  return {
    wall: rows / ((performance.now() - started) / 1000),
    cpu: rows / ((used.user + used.system) / 1e6),
  }
}

/** As backfill writes: `workers` windows in flight, each awaiting its group's commit. */
async function backfillPath(store: Store, dataset: string, batches: Kline[][], workers: number) {
  let next = 0
  const worker = async () => {
    while (next < batches.length) {
      const i = next++
      const candles = batches[i] as Kline[]
      await writeCandleWindow(store, {
        dataset,
        symbol: 'BTCUSDT',
        step: 1,
        startTime: (candles[0] as Kline).timestamp,
        endTime: (candles.at(-1) as Kline).timestamp,
        candles,
        fetchedAt: 0,
      })
    }
  }
  await Promise.all(Array.from({ length: workers }, worker))
}

/**
 * Rows per second into DuckDB along the backfill store path (decoded candles
 * → encoded → appended → committed with their coverage rows), against a bare
 * row appender into a table without keys and against the schema-1 path, in
 * the same run. Wall-clock rates suffer on a shared machine, so rows per
 * CPU-second are printed too.
 */
export async function benchInsertRate(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'recorder-bench-'))
  const store = await openStore(join(dir, 'insert.duckdb'))
  try {
    await store.run(
      'CREATE TABLE bare (t BIGINT, o VARCHAR, h VARCHAR, l VARCHAR, c VARCHAR, v VARCHAR)',
    )
    await createLegacyTables(store.conn)
    const batches = Array.from({ length: ROWS / BATCH }, (_, i) => batchAt(i * BATCH))
    const bare = await measure(ROWS, async () => {
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
    })
    const legacy = await measure(LEGACY_ROWS, async () => {
      const windows = batches
        .slice(0, LEGACY_ROWS / BATCH)
        .map((candles, i) => ({ start: i, candles }))
      for (let i = 0; i < windows.length; i += IN_FLIGHT)
        await store.transaction((conn) => legacyGroup(conn, windows.slice(i, i + IN_FLIGHT)))
    })
    const single = await measure(ROWS, () => backfillPath(store, 'kline', batches, 1))
    const archive = await measure(ROWS, () =>
      backfillPath(store, 'markprice-kline', batches, IN_FLIGHT),
    )
    const [check] = await store.all(
      'SELECT count(*) AS n, count(DISTINCT (dataset, open_time)) AS d FROM candles',
    )
    if (Number(check?.n) !== 2 * ROWS || Number(check?.d) !== 2 * ROWS)
      throw new Error(`stored ${check?.n} candles (${check?.d} distinct), expected ${2 * ROWS}`)
    const row = (name: string, r: Rate, target = '') => [
      name,
      int(r.wall),
      `${(r.wall / bare.wall).toFixed(2)}x`,
      int(r.cpu),
      target === '' ? '' : `${target} ${r.wall >= TARGET ? 'ok' : 'MISSED'}`,
    ]
    printTable(
      `rows/s into DuckDB, ${int(ROWS)} candles in ${BATCH}-candle windows (target ${int(TARGET)}/s)`,
      ['case', 'rows/s', 'ratio to bare appender', 'rows per CPU-second', 'target'],
      [
        row('bare row appender, no keys (baseline)', bare),
        row(
          `schema 1 path (row appender + INSERT OR IGNORE, primary key), ${IN_FLIGHT} windows a transaction`,
          legacy,
        ),
        row('one window per transaction', single),
        row(`backfill path: ${IN_FLIGHT} windows in flight, group commit`, archive, int(TARGET)),
      ],
    )
  } finally {
    store.close()
    rmSync(dir, { recursive: true, force: true })
  }
}
