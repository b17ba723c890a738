/**
 * Every value stored exactly or refused loudly, in every dataset, on both
 * sides: rows of each declaration with the widest values its columns allow
 * (20 integer digits and 18 decimals for prices and amounts; open interest
 * and its value as long as live servers send them, and longer), into a
 * DuckDB archive and into the shared Parquet tree, read back exactly (by
 * DuckDB, and by hyparquet for the files). One digit more than a `decimal`
 * column holds is refused, and nothing of that poll is stored.
 */
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Kline } from '@perpkit/schemas'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AnyRow, type ColumnType, canonicalValue, readSql } from '../src/datasets/columns.ts'
import { datasets } from '../src/datasets/declared/index.ts'
import type { RecordDataset } from '../src/datasets/define.ts'
import { candleDatasets, recordDatasets } from '../src/datasets/tables.ts'
import { RecorderError } from '../src/errors.ts'
import { openTreeWriter, type TreeWriter } from '../src/many-machines/tree-writer.ts'
import { createCandleWriter } from '../src/one-machine/candle-writer.ts'
import { createLastWrites } from '../src/one-machine/last-writes.ts'
import { openStore, type Store } from '../src/one-machine/open-store.ts'
import { writePoll } from '../src/one-machine/write-records.ts'
import { datasetLayout } from '../src/parquet/layout.ts'
import { tempDir } from './helpers.ts'
import { readParquet } from './parquet-reader.ts'

const tmp = tempDir()
const out = join(tmp.dir, 'tree')
let store: Store
let tree: TreeWriter
let serial = 0
beforeAll(async () => {
  store = await openStore(join(tmp.dir, 'widest.duckdb'))
  tree = await openTreeWriter(out)
})
afterAll(() => {
  tree.close()
  store.close()
  tmp.cleanup()
})

const digits = (min: number, max: number) =>
  fc
    .array(fc.integer({ min: 0, max: 9 }), { minLength: min, maxLength: max })
    .map((d) => d.join(''))

/** The widest decimals a column type allows, and often exactly at the limit. */
function decimal(integerDigits: number, decimals: number): fc.Arbitrary<string> {
  const width = (max: number) => fc.oneof(fc.constant(max), fc.integer({ min: 0, max }))
  return fc
    .tuple(fc.boolean(), width(integerDigits), width(decimals))
    .chain(([negative, i, f]) =>
      fc
        .tuple(digits(Math.max(i, 1), Math.max(i, 1)), digits(f, f))
        .map(([int, frac]) => `${negative ? '-' : ''}${int}${frac ? `.${frac}` : ''}`),
    )
}

const TIME = fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2035, 0, 1) })

const VALUES: Record<ColumnType, fc.Arbitrary<unknown>> = {
  time: TIME,
  'time?': fc.option(TIME, { nil: null }),
  decimal: decimal(20, 18),
  // Open interest and its value: 18 decimals and more (value = contracts × size × price).
  'decimal-text': decimal(30, 40),
  integer: fc.integer({ min: 1, max: 1_000_000 }),
  boolean: fc.boolean(),
  text: fc.constantFrom('bid', 'ask', 'Trading'),
  'text?': fc.option(fc.constantFrom('Trading', 'Delisted'), { nil: null }),
  json: fc.dictionary(fc.string({ maxLength: 8 }), decimal(20, 18)).map((v) => JSON.stringify(v)),
}

function rowOf(dataset: RecordDataset): fc.Arbitrary<AnyRow> {
  const columns = Object.entries(dataset.columns)
  return fc.tuple(...columns.map(([, type]) => VALUES[type])).map((values) => ({
    symbol: `S${++serial}`,
    ...Object.fromEntries(columns.map(([name], i) => [name, values[i]])),
  }))
}

/** The row as stored in the archive, each value in its canonical form. */
async function stored(dataset: RecordDataset, symbol: string): Promise<string[][]> {
  const select = Object.entries(dataset.columns).map(([c, t]) => readSql(t, c))
  const rows = await store.all(
    `SELECT ${select.join(', ')} FROM ${dataset.table} WHERE symbol = $1${dataset.shared ? ` AND dataset = '${dataset.name}'` : ''}`,
    [symbol],
  )
  return rows.map((r) => Object.entries(dataset.columns).map(([c, t]) => canonicalValue(t, r[c])))
}

const canonicalRow = (dataset: RecordDataset, row: AnyRow) =>
  Object.entries(dataset.columns).map(([c, t]) => canonicalValue(t, row[c]))

const write = (dataset: RecordDataset, rows: AnyRow[]) =>
  store.transaction((conn) =>
    writePoll(conn, dataset, rows, { now: 0, lastWrites: createLastWrites() }),
  )

describe('the widest values of every dataset', () => {
  for (const dataset of recordDatasets(datasets))
    it(`${dataset.name}: stored exactly in the archive and in the tree`, async () => {
      await fc.assert(
        fc.asyncProperty(rowOf(dataset), async (row) => {
          await write(dataset, [row])
          expect(await stored(dataset, row.symbol)).toEqual([canonicalRow(dataset, row)])
          const [file] = await tree.writeRows(
            datasetLayout(dataset),
            { symbol: row.symbol, tag: 't' },
            [row],
          )
          const read = await readParquet(file as string)
          expect(read.rows.map((r) => canonicalRow(dataset, { symbol: row.symbol, ...r }))).toEqual(
            [canonicalRow(dataset, row)],
          )
        }),
        { numRuns: 12, seed: 35 },
      )
    })

  for (const dataset of candleDatasets(datasets))
    it(`${dataset.name}: candles stored exactly in the archive and in the tree`, async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(decimal(20, 18), { minLength: 5, maxLength: 5 }), async (p) => {
          const symbol = `S${++serial}`
          const candle: Kline = {
            timestamp: Date.UTC(2026, 0, 1),
            openPrice: p[0] as string,
            highPrice: p[1] as string,
            lowPrice: p[2] as string,
            closePrice: p[3] as string,
            volume: p[4] as string,
          }
          const writer = createCandleWriter(store)
          await writer.add({
            dataset: dataset.name,
            symbol,
            step: 1,
            startTime: candle.timestamp,
            endTime: candle.timestamp,
            candles: [candle],
            fetchedAt: 0,
          })
          await writer.flush()
          const expected = p.map((v) => canonicalValue('decimal', v))
          const rows = await store.all(
            'SELECT open::VARCHAR AS o, high::VARCHAR AS h, low::VARCHAR AS l, close::VARCHAR AS c, volume::VARCHAR AS v FROM candles WHERE symbol = $1',
            [symbol],
          )
          expect(
            rows.map((r) => [r.o, r.h, r.l, r.c, r.v].map((v) => canonicalValue('decimal', v))),
          ).toEqual([expected])
          const { files } = await tree.writeCandles(dataset, { symbol, step: 1, tag: 't' }, [
            candle,
          ])
          const read = await readParquet(files[0] as string)
          expect(
            read.rows.map((r) =>
              [r.open, r.high, r.low, r.close, r.volume].map((v) => canonicalValue('decimal', v)),
            ),
          ).toEqual([expected])
        }),
        { numRuns: 12, seed: 35 },
      )
    })

  it('refuses a decimal one digit wider than its column, storing nothing of the poll on either side', async () => {
    for (const dataset of recordDatasets(datasets)) {
      const column = Object.entries(dataset.columns).find(([, t]) => t === 'decimal')?.[0]
      if (column === undefined) continue
      for (const wide of ['1.0000000000000000001', '100000000000000000000']) {
        const [row] = fc.sample(rowOf(dataset), { numRuns: 1, seed: 7 })
        const bad = { ...(row as AnyRow), [column]: wide }
        await expect(write(dataset, [bad]), `${dataset.name}.${column} ${wide}`).rejects.toThrow(
          RecorderError,
        )
        await expect(write(dataset, [bad])).rejects.toThrow(/refused rather than rounded/)
        expect(await stored(dataset, bad.symbol)).toEqual([])
        await expect(
          tree.writeRows(datasetLayout(dataset), { symbol: bad.symbol, tag: 't' }, [bad]),
        ).rejects.toThrow(RecorderError)
        const dir = join(out, dataset.name, `symbol=${bad.symbol}`)
        const left = existsSync(dir) ? readdirSync(dir, { recursive: true, encoding: 'utf8' }) : []
        expect(left.filter((f) => f.endsWith('.parquet') || f.endsWith('.tmp'))).toEqual([])
      }
    }
  })
})
