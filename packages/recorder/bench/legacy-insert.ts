/**
 * The write path before the chunk appender (recorder schema 1), kept for the
 * before/after rows in the insert benchmark: a row appender with one
 * `DuckDBDecimalValue` (a BigInt) per price into a staging table, then
 * `INSERT OR IGNORE` into a candles table with a primary key.
 */
import {
  type DuckDBConnection,
  DuckDBDecimalValue,
  DuckDBTimestampMillisecondsValue,
} from '@duckdb/node-api'
import type { Kline } from '@perpkit/schemas'

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/

function toDecimal(text: string): DuckDBDecimalValue {
  const match = DECIMAL.exec(text)
  if (match === null) throw new Error(`${text} is no decimal`)
  const fraction = match[3] ?? ''
  return new DuckDBDecimalValue(BigInt(`${match[1]}${match[2]}${fraction.padEnd(18, '0')}`), 38, 18)
}

/** Creates the schema-1 candles and coverage tables and the staging table. */
export async function createLegacyTables(conn: DuckDBConnection): Promise<void> {
  await conn.run(`CREATE TABLE candles_v1 (dataset VARCHAR NOT NULL, symbol VARCHAR NOT NULL,
    step INTEGER NOT NULL, open_time TIMESTAMP_MS NOT NULL, open DECIMAL(38,18) NOT NULL,
    high DECIMAL(38,18) NOT NULL, low DECIMAL(38,18) NOT NULL, close DECIMAL(38,18) NOT NULL,
    volume DECIMAL(38,18) NOT NULL, PRIMARY KEY (dataset, symbol, step, open_time))`)
  await conn.run(`CREATE TABLE coverage_v1 (dataset VARCHAR NOT NULL, symbol VARCHAR NOT NULL,
    step INTEGER NOT NULL, start_time TIMESTAMP_MS NOT NULL, end_time TIMESTAMP_MS NOT NULL,
    fetched_at TIMESTAMP_MS NOT NULL, PRIMARY KEY (dataset, symbol, step, start_time))`)
  await conn.run(`CREATE TEMP TABLE stage_v1 (dataset VARCHAR, symbol VARCHAR, step INTEGER,
    open_time TIMESTAMP_MS, open DECIMAL(38,18), high DECIMAL(38,18), low DECIMAL(38,18),
    close DECIMAL(38,18), volume DECIMAL(38,18))`)
}

/**
 * A group of windows as schema 1 stored it in one transaction: candles, coverage rows
 * (`INSERT OR IGNORE`), the series' last write (`INSERT OR REPLACE`).
 */
export async function legacyGroup(
  conn: DuckDBConnection,
  windows: readonly { start: number; candles: readonly Kline[] }[],
): Promise<void> {
  const appender = await conn.createAppender('stage_v1', 'main', 'temp')
  for (const c of windows.flatMap((w) => w.candles)) {
    appender.appendVarchar('kline')
    appender.appendVarchar('BTCUSDT')
    appender.appendInteger(1)
    appender.appendTimestampMilliseconds(new DuckDBTimestampMillisecondsValue(BigInt(c.timestamp)))
    appender.appendDecimal(toDecimal(c.openPrice))
    appender.appendDecimal(toDecimal(c.highPrice))
    appender.appendDecimal(toDecimal(c.lowPrice))
    appender.appendDecimal(toDecimal(c.closePrice))
    appender.appendDecimal(toDecimal(c.volume))
    appender.endRow()
  }
  appender.closeSync()
  await conn.run('INSERT OR IGNORE INTO candles_v1 SELECT * FROM stage_v1')
  await conn.run('DELETE FROM stage_v1')
  const rows = windows.map(
    (w) => `('kline', 'BTCUSDT', 1, epoch_ms(${w.start}), epoch_ms(${w.start}), epoch_ms(0))`,
  )
  await conn.run(`INSERT OR IGNORE INTO coverage_v1 VALUES ${rows.join(', ')}`)
  await conn.run("INSERT OR REPLACE INTO writes VALUES ('kline', 'BTCUSDT', epoch_ms(0))")
}
