import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { type Drift, decodeData, driftOf, endpoints } from '../src/index.ts'
import {
  bracketSample,
  contractSample,
  depthSample,
  fundingRatesSample,
  klineSample,
} from './samples.ts'

const details = endpoints['/contract/public/details']

function driftOfDetails(rows: Record<string, unknown>[]): Drift | null {
  const result = decodeData(details, { symbols: rows })
  if (!result.success) throw new Error(JSON.stringify(result.issues))
  return result.drift
}

describe('drift', () => {
  it('is null when the payload carries exactly what the model reads', () => {
    const result = decodeData(endpoints['/contract/public/kline'], klineSample())
    expect(result).toMatchObject({ success: true, drift: null })
  })

  it('counts keys no model reads per path pattern, not per row, inside known objects too', () => {
    const row = () => ({ ...contractSample(), risk_note: 'x' })
    const tradfi = { ...contractSample(), tradfi_info: { market_group: 'FOREX', session: 'x' } }
    expect(driftOfDetails([row(), row(), row(), tradfi])).toEqual({
      unknown: { 'data.symbols[].risk_note': 3, 'data.symbols[].tradfi_info.session': 1 },
      missing: {},
    })
  })

  it('counts optional keys a payload left out, whose fields became null', () => {
    const row = contractSample()
    delete row.expire_timestamp
    delete row.settle_timestamp
    expect(driftOfDetails([row, contractSample()])).toEqual({
      unknown: {},
      missing: {
        'data.symbols[].expire_timestamp': 1,
        'data.symbols[].settle_timestamp': 1,
      },
    })
  })

  it('does not count a field marked seldom sent: the spec name of vol_precision, the newer fields older rows lack, the keys beyond the spec', () => {
    const old = contractSample()
    for (const key of [
      'market_max_volume',
      'funding_interval_hours',
      'status',
      'delist_time',
      'funding_time',
      'tradfi_info',
    ]) {
      delete old[key]
    }
    expect(driftOfDetails([old, contractSample()])).toBeNull()
    const v2 = decodeData(endpoints['/contract/public/funding-rate-v2'], fundingRatesSample())
    expect(v2).toMatchObject({ success: true, drift: null })
  })

  it('finds keys on the root object and in nested lists', () => {
    const book = { ...depthSample(), sequence: 42 }
    expect(decodeData(endpoints['/contract/public/depth'], book)).toMatchObject({
      drift: { unknown: { 'data.sequence': 1 } },
    })
    const brackets = bracketSample()
    const first = brackets.rules[0]?.brackets[0] as Record<string, unknown>
    first.risk_limit = '1'
    expect(decodeData(endpoints['/contract/public/leverage-bracket'], brackets)).toMatchObject({
      drift: { unknown: { 'data.rules[].brackets[].risk_limit': 1 }, missing: {} },
    })
  })

  it('names paths from the root it is given, whatever root the schema was walked with before', () => {
    const book = { ...depthSample(), sequence: 42 }
    const depth = endpoints['/contract/public/depth']
    expect(driftOf(depth, book)?.unknown).toEqual({ 'data.sequence': 1 })
    expect(driftOf(depth, book, 'body.data')?.unknown).toEqual({ 'body.data.sequence': 1 })
    expect(driftOf(depth, book)?.unknown).toEqual({ 'data.sequence': 1 })
  })

  it('agrees with a key-by-key reference on random details rows (500 runs)', () => {
    const known = [...Object.keys(contractSample()), 'volume_precision']
    const seldom = ['market_max_volume', 'funding_interval_hours', 'status', 'delist_time']
    const droppable = ['expire_timestamp', 'settle_timestamp']
    const rowArb = fc.record({
      drop: fc.subarray([...seldom, ...droppable, 'tradfi_info', 'funding_time']),
      extra: fc.subarray(['risk_note', 'x', 'volume_precision']),
    })
    fc.assert(
      fc.property(fc.array(rowArb, { maxLength: 6 }), (specs) => {
        const rows = specs.map(({ drop, extra }) => {
          const row = contractSample()
          for (const key of drop) delete row[key]
          for (const key of extra) row[key] = key === 'volume_precision' ? '1' : null
          return row
        })
        const unknown: Record<string, number> = {}
        const missing: Record<string, number> = {}
        for (const row of rows) {
          for (const key of Object.keys(row)) {
            if (!known.includes(key)) {
              unknown[`data.symbols[].${key}`] = (unknown[`data.symbols[].${key}`] ?? 0) + 1
            }
          }
          for (const key of droppable) {
            if (!(key in row)) {
              missing[`data.symbols[].${key}`] = (missing[`data.symbols[].${key}`] ?? 0) + 1
            }
          }
        }
        const empty = Object.keys(unknown).length === 0 && Object.keys(missing).length === 0
        expect(driftOfDetails(rows)).toEqual(empty ? null : { unknown, missing })
      }),
      { numRuns: 500 },
    )
  })
})
