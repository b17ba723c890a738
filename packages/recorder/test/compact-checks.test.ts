/**
 * `compact` publishes no row it has not checked and never deletes the only
 * good copy: damaged pages that DuckDB reads without an error (alone in a
 * partition, and beside a good copy), rows of another date, a file of
 * another symbol, a file the recorder did not write, and damage found later
 * by `--scrub`.
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { DuckDBInstance } from '@duckdb/node-api'
import { createClient } from '@perpkit/client'
import { type Sandbox, startSandbox } from '@perpkit/sandbox'
import type { Kline } from '@perpkit/schemas'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { kline } from '../src/datasets/declared/candles.ts'
import { datasets } from '../src/datasets/declared/index.ts'
import { candleDatasets, recordDatasets } from '../src/datasets/tables.ts'
import { openTreeWriter } from '../src/many-machines/tree-writer.ts'
import { datasetLayout, GAPS_LAYOUT, partitionKey } from '../src/parquet/layout.ts'
import { selectFileColumns, writeParquetFile } from '../src/parquet/write-parquet.ts'
import { damageSilently, readAll } from './damage.ts'
import { cli, jsonLines, tempDir } from './helpers.ts'
import { klineRows, treeCandles } from './queue-helpers.ts'

const DAY = Date.UTC(2026, 0, 5)
const DATE = '2026-01-05'
const NOW = Date.UTC(2026, 1, 1)
const tmp = tempDir()
let sandbox: Sandbox
const served = new Map<string, Kline[]>()

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 11, quiet: true, rateLimit: false, now: () => NOW })
  const client = createClient({ baseUrl: sandbox.url, rateLimit: false })
  for (const symbol of ['BTCUSDT', 'ETHUSDT']) {
    const candles: Kline[] = []
    for (const day of [DAY, DAY + 86_400_000])
      for await (const c of client.iterKlines({
        symbol,
        step: 1,
        startTime: day,
        endTime: day + 1439 * 60_000,
      }))
        candles.push(c)
    served.set(symbol, candles)
  }
})
afterAll(async () => {
  await sandbox.close()
  tmp.cleanup()
})

/** The sandbox's own 1m candles of a symbol and UTC day. */
function candlesOf(symbol: string, day: number): Kline[] {
  return (served.get(symbol) ?? []).filter(
    (c) => c.timestamp >= day && c.timestamp < day + 86_400_000,
  )
}

/** Writes a day of candles into the tree as a worker does; returns the file. */
async function writeDay(out: string, symbol: string, day: number, tag: string): Promise<string> {
  const writer = await openTreeWriter(out, () => NOW)
  try {
    const { files } = await writer.writeCandles(
      kline,
      { symbol, step: 1, tag },
      candlesOf(symbol, day),
    )
    expect(files).toHaveLength(1)
    return files[0] as string
  } finally {
    writer.close()
  }
}

const quarantined = (out: string, file: string) =>
  `${join(out, '_quarantine', file.slice(out.length + 1))}.corrupt`

const parquetIn = (dir: string) =>
  existsSync(dir) ? readdirSync(dir).filter((n) => n.endsWith('.parquet')) : []

describe('compact checks every row before it publishes one', () => {
  it("every declared dataset's files, as workers write them, pass the checks (twice written, merged once)", async () => {
    const out = join(tmp.dir, 'every')
    const client = createClient({ baseUrl: sandbox.url, rateLimit: false })
    const symbols = ['BTCUSDT', 'ETHUSDT']
    let written = 0
    const writer = await openTreeWriter(out, () => NOW)
    try {
      for (const tag of ['first', 'again']) {
        for (const symbol of symbols)
          for (const dataset of candleDatasets(datasets))
            written += (
              await writer.writeCandles(
                dataset,
                { symbol, step: 60, tag },
                await dataset.fetchWindow(client, {
                  symbol,
                  step: 60,
                  startTime: DAY,
                  endTime: DAY + 23 * 3_600_000,
                }),
              )
            ).candles
        for (const dataset of recordDatasets(datasets)) {
          const polls =
            dataset.scope === 'catalog' ? [undefined] : (symbols as (string | undefined)[])
          for (const symbol of polls) {
            const rows = await dataset.poll(client, { symbol, symbols, now: NOW, depthLevels: 5 })
            for (const s of symbols) {
              const mine = rows.filter((r) => r.symbol === s)
              if (mine.length === 0) continue
              await writer.writeRows(datasetLayout(dataset), { symbol: s, tag }, mine)
              written += mine.length
            }
          }
        }
        await writer.writeRows(GAPS_LAYOUT, { symbol: 'BTCUSDT', tag }, [
          {
            symbol: 'BTCUSDT',
            dataset: 'market-trade',
            from_time: NOW - 90_000,
            to_time: NOW - 1,
            recorded_at: NOW,
          },
        ])
        written += 1
      }
    } finally {
      writer.close()
    }
    const { code, out: printed, err } = await cli(['compact', '--out', out])
    expect(err).toBe('')
    expect(code).toBe(0)
    const done = jsonLines(printed).at(-1)
    expect(done).toMatchObject({ quarantined: 0, rowsIn: written, duplicates: written / 2 })
    // Every root of the declarations was written and checked.
    expect(new Set(readdirSync(out))).toEqual(new Set([...datasets.map((d) => d.name), 'gaps']))
  })

  it('a file with 64 zeroed bytes in its pages, alone in its partition: DuckDB reads it without an error; compact moves it aside, names it, exits 1, publishes nothing of it', async () => {
    const out = join(tmp.dir, 'alone')
    const file = await writeDay(out, 'BTCUSDT', DAY, 'job-a')
    const damaged = await damageSilently(file, join(tmp.dir, 'probe.parquet'))
    // The condition of the report: the damaged file reads "fine".
    expect(JSON.parse(await readAll(file))).toHaveLength(1440)

    const { code, out: printed, err } = await cli(['compact', '--out', out])
    expect(code).toBe(1)
    expect(err).toContain(
      `  ${file}: its pages do not match the checksum in its footer (changed after it was written)\n`,
    )
    expect(jsonLines(printed).at(-1)).toMatchObject({ event: 'done', quarantined: 1, rowsOut: 0 })
    expect(parquetIn(dirname(file))).toEqual([])
    // Moved aside, never deleted: the same bytes.
    expect(readFileSync(quarantined(out, file)).equals(damaged)).toBe(true)
    expect(jsonLines((await cli(['status', '--out', out])).out)).toEqual([])
  })

  it('beside a good copy: the damaged file is moved aside and the good copy is what is published', async () => {
    const out = join(tmp.dir, 'beside')
    await writeDay(out, 'ETHUSDT', DAY, 'job-a')
    // The later name: the copy a merge would prefer.
    const later = await writeDay(out, 'ETHUSDT', DAY, 'job-b')
    await damageSilently(later, join(tmp.dir, 'probe.parquet'))

    const { code, err } = await cli(['compact', '--out', out])
    expect(code).toBe(1)
    expect(err).toContain(`  ${later}: its pages do not match the checksum`)
    expect(existsSync(quarantined(out, later))).toBe(true)
    expect(await treeCandles(out)).toEqual(klineRows('ETHUSDT', candlesOf('ETHUSDT', DAY)))
    expect(parquetIn(dirname(later))).toEqual([expect.stringMatching(/^compacted-/)])
    // A second run finds nothing wrong.
    expect((await cli(['compact', '--out', out])).code).toBe(0)
  })

  it('a file sealed for its partition whose rows are of another date is refused row by row', async () => {
    const out = join(tmp.dir, 'date')
    const nextDay = await writeDay(join(tmp.dir, 'source'), 'BTCUSDT', DAY + 86_400_000, 'job')
    const partition = partitionKey({ root: 'kline', symbol: 'BTCUSDT', date: DATE })
    const file = join(out, partition, 'part-0000000000001-wrong-date-0000000000000000.parquet')
    const instance = await DuckDBInstance.create(':memory:')
    const conn = await instance.connect()
    try {
      await conn.run(`CREATE TABLE t AS SELECT * FROM read_parquet('${nextDay}')`)
      mkdirSync(dirname(file), { recursive: true })
      await writeParquetFile(conn, selectFileColumns(datasetLayout(kline), 't'), file, partition)
    } finally {
      conn.closeSync()
      instance.closeSync()
    }
    const good = await writeDay(out, 'BTCUSDT', DAY, 'job-good')

    const { code, err } = await cli(['compact', '--out', out])
    expect(code).toBe(1)
    expect(err).toContain(`  ${file}: 1440 row(s) with open_time outside ${DATE}\n`)
    expect(existsSync(quarantined(out, file))).toBe(true)
    expect(existsSync(good)).toBe(false) // merged into the partition's one file
    expect(await treeCandles(out)).toEqual(klineRows('BTCUSDT', candlesOf('BTCUSDT', DAY)))
  })

  it("a file copied into another symbol's partition is refused by its seal", async () => {
    const out = join(tmp.dir, 'symbol')
    const btc = await writeDay(out, 'BTCUSDT', DAY, 'job')
    const wrong = join(out, 'kline', 'symbol=ETHUSDT', `date=${DATE}`, basename(btc))
    mkdirSync(dirname(wrong), { recursive: true })
    copyFileSync(btc, wrong)

    const { code, err } = await cli(['compact', '--out', out])
    expect(code).toBe(1)
    expect(err).toContain(
      `  ${wrong}: written for kline/symbol=BTCUSDT/date=${DATE}, found in kline/symbol=ETHUSDT/date=${DATE}\n`,
    )
    expect(await treeCandles(out)).toEqual(klineRows('BTCUSDT', candlesOf('BTCUSDT', DAY)))
  })

  it('a Parquet file the recorder did not write (no seal) is refused: its pages cannot be checked', async () => {
    const out = join(tmp.dir, 'foreign')
    const file = join(out, 'kline', 'symbol=BTCUSDT', `date=${DATE}`, 'foreign.parquet')
    mkdirSync(dirname(file), { recursive: true })
    const source = await writeDay(join(tmp.dir, 'source2'), 'BTCUSDT', DAY, 'job')
    const instance = await DuckDBInstance.create(':memory:')
    const conn = await instance.connect()
    await conn.run(`COPY (SELECT * FROM read_parquet('${source}')) TO '${file}' (FORMAT parquet)`)
    conn.closeSync()
    instance.closeSync()

    const { code, err } = await cli(['compact', '--out', out])
    expect(code).toBe(1)
    expect(err).toContain(`  ${file}: no perpkit.sha256 in its footer`)
  })

  it('damage to an already merged file is found by --scrub, not by a plain run', async () => {
    const out = join(tmp.dir, 'scrub')
    await writeDay(out, 'BTCUSDT', DAY, 'job-a')
    await writeDay(out, 'BTCUSDT', DAY, 'job-b')
    expect((await cli(['compact', '--out', out])).code).toBe(0)
    const dir = join(out, 'kline', 'symbol=BTCUSDT', `date=${DATE}`)
    const [merged] = parquetIn(dir)
    await damageSilently(join(dir, merged as string), join(tmp.dir, 'probe.parquet'))

    const plain = await cli(['compact', '--out', out])
    expect(plain.code).toBe(0)
    expect(jsonLines(plain.out).at(-1)).toMatchObject({ skipped: 1, compacted: 0 })
    const scrub = await cli(['compact', '--out', out, '--scrub'])
    expect(scrub.code).toBe(1)
    expect(scrub.err).toContain(`  ${join(dir, merged as string)}: its pages do not match`)
  })
})
