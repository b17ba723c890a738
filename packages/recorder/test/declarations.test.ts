/**
 * The declarations: one per recorded path of the endpoint table, each
 * complete. The type assertions below are checked by the package's
 * typecheck (`tsc -p tsconfig.json`, which includes the tests): a
 * declaration that leaves out a path, names the wrong client method or
 * encodes a row without one of its columns does not compile.
 */
import { type EndpointPath, endpointPaths } from '@perpkit/schemas/lite'
import { describe, expect, expectTypeOf, it } from 'vitest'
import { depth } from '../src/datasets/declared/book.ts'
import { kline } from '../src/datasets/declared/candles.ts'
import { datasets, type RecordedPath } from '../src/datasets/declared/index.ts'
import { type Dataset, defineRecords } from '../src/datasets/define.ts'
import { archiveTables } from '../src/datasets/tables.ts'

describe('the declarations', () => {
  it('cover every path of the endpoint table, once, in its order', () => {
    expectTypeOf<RecordedPath>().toEqualTypeOf<EndpointPath>()
    expect(datasets.map((d) => d.path)).toEqual([...endpointPaths])
    expect(new Set(datasets.map((d) => d.name)).size).toBe(datasets.length)
    // Tables shared by several datasets are declared alike (archiveTables throws otherwise).
    expect(archiveTables(datasets).map((t) => t.table)).toContain('contract_changes')
  })

  it('take the client method from the endpoint row, typed as the method name', () => {
    expectTypeOf(kline.clientMethod).toEqualTypeOf<'getKlines'>()
    expectTypeOf(depth.clientMethod).toEqualTypeOf<'getDepth'>()
    expect(depth.clientMethod).toBe('getDepth')
  })

  it('are refused by the compiler when incomplete', () => {
    // A map of datasets missing a path does not satisfy the recorded paths.
    const partial = { [kline.path]: kline }
    // @ts-expect-error -- every recorded path needs its dataset
    partial satisfies { [P in RecordedPath]: Dataset<P> }

    const incomplete = () =>
      defineRecords('/contract/public/open-interest', {
        kind: 'snapshots',
        table: 'oi_fixture',
        columns: { recorded_at: 'time', open_interest: 'decimal-text' },
        key: ['recorded_at'],
        time: 'recorded_at',
        scope: 'symbol',
        request: (client, method, { symbol = '' }) => client[method]({ symbol }),
        // @ts-expect-error -- the row encoder must give every declared column
        rows: (oi, { now }) => [{ symbol: oi.symbol, recorded_at: now }],
      })
    const wrongKey = () =>
      defineRecords('/contract/public/open-interest', {
        kind: 'snapshots',
        table: 'oi_fixture',
        columns: { recorded_at: 'time' },
        // @ts-expect-error -- a key names declared columns only
        key: ['time'],
        time: 'recorded_at',
        scope: 'symbol',
        request: (client, method, { symbol = '' }) => client[method]({ symbol }),
        rows: (oi, { now }) => [{ symbol: oi.symbol, recorded_at: now }],
      })
    expect([typeof incomplete, typeof wrongKey]).toEqual(['function', 'function'])
  })
})
