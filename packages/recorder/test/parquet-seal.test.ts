/**
 * The seal of every Parquet file the recorder writes: the partition and the
 * SHA-256 of its pages in the footer's key-value metadata, read back by a
 * reader that is not the recorder's (hyparquet), and by DuckDB as before.
 */
import { createHash } from 'node:crypto'
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { parquetMetadata } from 'hyparquet'
import { afterAll, describe, expect, it } from 'vitest'
import { readSeal, SEAL_CHECKSUM, SEAL_PARTITION, sealParquetFile } from '../src/parquet/seal.ts'
import { duckdb } from './damage.ts'
import { tempDir } from './helpers.ts'

const tmp = tempDir()
afterAll(() => tmp.cleanup())

const ROWS = `SELECT i::INTEGER AS step, make_timestamp_ms(1767225600000 + i * 60000)::TIMESTAMP_MS AS open_time,
  (97000 + i / 7)::DECIMAL(38,18) AS open FROM range(1440) r(i)`

function metadata(file: string) {
  const bytes = readFileSync(file)
  return parquetMetadata(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength))
}

/** Offset of the footer: what the checksum covers ends there. */
function footerStart(file: string): number {
  const bytes = readFileSync(file)
  return bytes.length - 8 - bytes.readUInt32LE(bytes.length - 8)
}

describe('sealParquetFile', () => {
  it('adds the partition and the SHA-256 of the pages as key-value metadata; rows and pages are unchanged', async () => {
    const file = join(tmp.dir, 'a.parquet')
    await duckdb(`COPY (${ROWS}) TO '${file}' (FORMAT parquet, COMPRESSION zstd)`)
    const before = readFileSync(file)
    const pages = before.subarray(0, footerStart(file))
    sealParquetFile(file, 'kline/symbol=BTCUSDT/date=2026-01-01')

    const after = readFileSync(file)
    expect(after.subarray(0, pages.length).equals(pages)).toBe(true)
    expect(footerStart(file)).toBe(pages.length)
    const meta = metadata(file)
    expect(meta.key_value_metadata).toEqual([
      { key: SEAL_PARTITION, value: 'kline/symbol=BTCUSDT/date=2026-01-01' },
      { key: SEAL_CHECKSUM, value: createHash('sha256').update(pages).digest('hex') },
    ])
    expect(meta.schema.find((e) => e.name === 'open_time')?.logical_type).toMatchObject({
      type: 'TIMESTAMP',
      isAdjustedToUTC: true,
      unit: 'MILLIS',
    })
    const summary = (source: string) =>
      duckdb(
        `SELECT count(*)::INTEGER AS n, sum(epoch_ms(open_time))::VARCHAR AS t, sum(open)::VARCHAR AS sum FROM ${source}`,
      )
    const read = await summary(`'${file}'`)
    expect(read).toEqual(await summary(`(${ROWS})`))
    expect(read[0]?.n).toBe(1440)
    expect(readSeal(file)).toEqual({
      partition: 'kline/symbol=BTCUSDT/date=2026-01-01',
      checksum: createHash('sha256').update(pages).digest('hex'),
      actual: createHash('sha256').update(pages).digest('hex'),
    })
  })

  it('appends to key-value metadata the file has already', async () => {
    const file = join(tmp.dir, 'kv.parquet')
    await duckdb(
      `COPY (${ROWS}) TO '${file}' (FORMAT parquet, KV_METADATA { origin: 'elsewhere' })`,
    )
    sealParquetFile(file, 'kline/symbol=ETHUSDT/date=2026-01-01')
    expect(metadata(file).key_value_metadata?.map((e) => e.key)).toEqual([
      'origin',
      SEAL_PARTITION,
      SEAL_CHECKSUM,
    ])
    expect(await duckdb(`SELECT count(*)::INTEGER AS n FROM '${file}'`)).toEqual([{ n: 1440 }])
    expect(() => sealParquetFile(file, 'again')).toThrow('sealed already')
  })

  it('readSeal tells a page with one changed byte from the original', async () => {
    const file = join(tmp.dir, 'b.parquet')
    await duckdb(`COPY (${ROWS}) TO '${file}' (FORMAT parquet, COMPRESSION zstd)`)
    sealParquetFile(file, 'p')
    const damaged = join(tmp.dir, 'b-damaged.parquet')
    copyFileSync(file, damaged)
    const bytes = readFileSync(damaged)
    const at = Math.floor(footerStart(damaged) / 2)
    bytes[at] = (bytes[at] as number) ^ 0x01
    writeFileSync(damaged, bytes)
    const good = readSeal(file)
    const bad = readSeal(damaged)
    expect(good.actual).toBe(good.checksum)
    expect(bad.checksum).toBe(good.checksum)
    expect(bad.actual).not.toBe(bad.checksum)
  })
})
