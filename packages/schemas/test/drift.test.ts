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

  it('counts keys no model reads per path pattern, not per row', () => {
    const rows = [contractSample(), contractSample(), contractSample()]
    expect(driftOfDetails(rows)).toEqual({
      unknown: { 'data.symbols[].tradfi_info': 3 },
      missing: {},
    })
  })

  it('counts optional keys a payload left out, whose fields became null', () => {
    const old = contractSample()
    delete old.market_max_volume
    delete old.status
    delete old.tradfi_info
    expect(driftOfDetails([old, contractSample()])).toEqual({
      unknown: { 'data.symbols[].tradfi_info': 1 },
      missing: {
        'data.symbols[].market_max_volume': 1,
        'data.symbols[].status': 1,
      },
    })
  })

  it('does not count a field marked seldom sent (the spec name of vol_precision, v2 timestamps)', () => {
    const row = contractSample()
    delete row.tradfi_info
    expect(driftOfDetails([row])).toBeNull()
    const v2 = decodeData(endpoints['/contract/public/funding-rate-v2'], fundingRatesSample())
    expect(v2).toMatchObject({
      success: true,
      drift: { unknown: { 'data[].funding_interval_hours': 1 }, missing: {} },
    })
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
    const known = Object.keys(contractSample()).filter((key) => key !== 'tradfi_info')
    const droppable = ['market_max_volume', 'funding_interval_hours', 'status', 'delist_time']
    const rowArb = fc.record({
      drop: fc.subarray(droppable),
      extra: fc.subarray(['tradfi_info', 'risk_note', 'x']),
    })
    fc.assert(
      fc.property(fc.array(rowArb, { maxLength: 6 }), (specs) => {
        const rows = specs.map(({ drop, extra }) => {
          const row = contractSample()
          delete row.tradfi_info
          for (const key of drop) delete row[key]
          for (const key of extra) row[key] = null
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
