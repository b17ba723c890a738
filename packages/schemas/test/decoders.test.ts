/**
 * The decoders generated from the endpoint table against zod: on payloads
 * that start valid and lose or change a few fields (and on rows in any key
 * order), the generated decoder accepts exactly what the endpoint's `data`
 * schema accepts, with the same model, and `decodeData` names the same first
 * issue as a zod-only reference written the way the schemas were before.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { decodeData, formatPath } from '../src/decode.ts'
import { tryDecodeData } from '../src/decoders.ts'
import { depthWire } from '../src/endpoints/depth.ts'
import { contractWire, toContract } from '../src/endpoints/details.ts'
import { fundingRateHistoryWire } from '../src/endpoints/funding-rate-history.ts'
import { fundingRateV2RowWire, toFundingRateV2Row } from '../src/endpoints/funding-rate-v2.ts'
import { endpoints } from '../src/endpoints/index.ts'
import { klineRecordWire, toKline } from '../src/endpoints/kline.ts'
import { toTrade, tradeWire } from '../src/endpoints/trades.ts'
import { epochToMs } from '../src/epochs.ts'
import type { EndpointPath } from '../src/routes.ts'
import {
  bracketSample,
  contractSample,
  depthSample,
  fundingHistorySample,
  fundingRateSample,
  fundingRatesSample,
  klineSample,
  openInterestSample,
  tradeSample,
} from './samples.ts'

/** Values a changed field takes: right and wrong, every JSON type and then some. */
const field = fc.oneof(
  fc.constant('12.5'),
  fc.constant('-0.1'),
  fc.constant('x'),
  fc.constant(''),
  fc.constantFrom('1.', '.5', '-0', '1e3', ' 1', '0x1', '1767225600000', '-1'),
  fc.integer({ min: -5, max: 2_000_000_000 }),
  fc.double(),
  fc.constantFrom(1.5, 2 ** 53, Number.NaN, Number.POSITIVE_INFINITY, 1767225600),
  fc.constant(null),
  fc.constant(undefined),
  fc.boolean(),
  fc.constantFrom('Trading', 'Delisted', 'Paused'),
  fc.constantFrom(1, 2, 3),
  fc.constantFrom([], {}, ['1', '2', '3']),
)

type Parsed =
  | { success: true; data: unknown }
  | { success: false; error: { issues: { path: PropertyKey[] }[] } }

/**
 * The generated decoder, the table's zod schema and a zod-only reference
 * agree: same verdict, same model, and decodeData's first issue is at the
 * reference's first issue.
 */
function expectAgreement(path: EndpointPath, data: unknown, reference: Parsed): void {
  const generated = tryDecodeData(path, data)
  const table = endpoints[path].data.safeParse(data) as Parsed
  expect(generated !== undefined).toBe(table.success)
  expect(table.success).toBe(reference.success)
  if (generated !== undefined && table.success && reference.success) {
    expect(generated.data).toStrictEqual(table.data)
    expect(generated.data).toStrictEqual(reference.data)
  }
  const decoded = decodeData(endpoints[path], data)
  if (!decoded.success && !reference.success) {
    expect(decoded.issues[0]?.path).toBe(
      formatPath(['data', ...(reference.error.issues[0]?.path ?? [])]),
    )
  }
}

/** Each row of `rows` with a few keys deleted or set. */
function edited(
  rows: Record<string, unknown>[],
  edits: [key: string, value: unknown][][],
): Record<string, unknown>[] {
  return edits.map((changes, i) => {
    const row = { ...(rows[i % rows.length] as Record<string, unknown>) }
    for (const [key, value] of changes) {
      if (value === undefined) delete row[key]
      else row[key] = value
    }
    return row
  })
}

const editsOf = (keys: string[], value = field) =>
  fc.array(
    fc.array(fc.tuple(fc.constantFrom(...keys), fc.option(value, { nil: undefined })), {
      maxLength: 2,
    }),
    { minLength: 1, maxLength: 3 },
  )

describe('the generated decoders agree with zod', () => {
  const lists = [
    ['/contract/public/kline', klineRecordWire, toKline, klineSample],
    ['/contract/public/markprice-kline', klineRecordWire, toKline, klineSample],
    ['/contract/public/market-trade', tradeWire, toTrade, tradeSample],
    [
      '/contract/public/funding-rate-v2',
      fundingRateV2RowWire,
      toFundingRateV2Row,
      fundingRatesSample,
    ],
  ] as const
  for (const [path, row, build, sample] of lists) {
    it(`on ${path} rows with a few fields dropped or changed (500 runs)`, () => {
      const reference = z.pipe(
        z.array(row as z.ZodMiniObject),
        z.transform((rows: Record<string, unknown>[]) =>
          rows.map((r) => (build as (r: unknown) => unknown)(r)),
        ),
      )
      const keys = [...Object.keys(row.shape), 'extra']
      fc.assert(
        fc.property(editsOf(keys), (edits) => {
          const rows = edited(sample() as Record<string, unknown>[], edits)
          expectAgreement(path, rows, reference.safeParse(rows))
        }),
        { numRuns: 500 },
      )
    })
  }

  it('on details rows with a few fields dropped or changed (500 runs)', () => {
    const reference = z.pipe(
      z.object({ symbols: z.array(contractWire) }),
      z.transform(({ symbols }) => symbols.map(toContract)),
    )
    const keys = [...Object.keys(contractWire.shape), 'tradfi_info']
    fc.assert(
      fc.property(editsOf(keys), (edits) => {
        const data = { symbols: edited([contractSample()], edits) }
        expectAgreement('/contract/public/details', data, reference.safeParse(data))
      }),
      { numRuns: 500 },
    )
  })

  it('on funding-history rows with a few fields dropped or changed (500 runs)', () => {
    const reference = z.pipe(
      fundingRateHistoryWire,
      z.transform(({ list }) =>
        list.map((r) => ({
          symbol: r.symbol,
          fundingRate: r.funding_rate,
          fundingTime: r.funding_time,
        })),
      ),
    )
    const time = fc.oneof(
      field,
      fc.constantFrom('1767225600000', '1767225600', '0', '01', '12345678901234567', '-1', '1e3'),
    )
    fc.assert(
      fc.property(editsOf(['symbol', 'funding_rate', 'funding_time'], time), (edits) => {
        const data = { list: edited(fundingHistorySample().list, edits) }
        expectAgreement('/contract/public/funding-rate-history', data, reference.safeParse(data))
      }),
      { numRuns: 500 },
    )
  })

  it('on books with a few level entries changed, levels cut short or sides replaced (500 runs)', () => {
    const reference = z.pipe(
      depthWire,
      z.transform((d) => {
        const side = (levels: string[][] | null) =>
          (levels ?? []).map(([price, qty, total]) => ({ price, qty, total }))
        return {
          timestamp: epochToMs(d.timestamp),
          symbol: d.symbol,
          bids: side(d.bids),
          asks: side(d.asks),
        }
      }),
    )
    const entry = fc.oneof(field, fc.constantFrom('65000.1', '0', '7', '-0', '1e5', ' 1'))
    const change = fc.tuple(fc.constantFrom('bids', 'asks'), fc.nat(1), fc.nat(3), entry)
    const top = fc.tuple(fc.constantFrom('timestamp', 'symbol', 'bids', 'asks', 'extra'), entry)
    fc.assert(
      fc.property(
        fc.array(change, { maxLength: 3 }),
        fc.option(top, { nil: undefined }),
        fc.option(fc.tuple(fc.constantFrom('bids', 'asks'), fc.nat(1), fc.nat(3)), {
          nil: undefined,
        }),
        (changes, whole, cut) => {
          const book = depthSample() as { bids: unknown[][]; asks: unknown[][] } & Record<
            string,
            unknown
          >
          for (const [side, level, index, value] of changes) {
            const levels = book[side]
            if (levels[level]) levels[level][index] = value
          }
          if (cut) {
            const level = book[cut[0]][cut[1]]
            if (level) level.length = cut[2]
          }
          if (whole) (book as Record<string, unknown>)[whole[0]] = whole[1]
          expectAgreement('/contract/public/depth', book, reference.safeParse(book))
        },
      ),
      { numRuns: 500 },
    )
  })

  const objects = [
    ['/contract/public/funding-rate', fundingRateSample],
    ['/contract/public/open-interest', openInterestSample],
  ] as const
  for (const [path, sample] of objects) {
    it(`on ${path} with a few fields dropped or changed (500 runs)`, () => {
      const keys = [...Object.keys(sample()), 'extra']
      fc.assert(
        fc.property(editsOf(keys), (edits) => {
          const [data] = edited([sample()], edits.slice(0, 1))
          // The wire schema (zod, written apart from `data`) gives the verdict and the first issue.
          const wire = endpoints[path].wire.safeParse(data) as Parsed
          expect(tryDecodeData(path, data) !== undefined).toBe(wire.success)
          expectAgreement(path, data, endpoints[path].data.safeParse(data) as Parsed)
          const decoded = decodeData(endpoints[path], data)
          if (!decoded.success && !wire.success) {
            expect(decoded.issues[0]?.path).toBe(
              formatPath(['data', ...(wire.error.issues[0]?.path ?? [])]),
            )
          }
        }),
        { numRuns: 500 },
      )
    })
  }

  it('on leverage brackets with a few fields dropped or changed (500 runs)', () => {
    const bracketKeys = Object.keys(bracketSample().rules[0]?.brackets[0] ?? {})
    fc.assert(
      fc.property(
        editsOf([...bracketKeys, 'extra']),
        fc.option(fc.tuple(fc.constantFrom('symbol', 'brackets', 'extra'), field), {
          nil: undefined,
        }),
        (edits, ruleEdit) => {
          const data = bracketSample()
          const rule = data.rules[0] as Record<string, unknown> & { brackets: object[] }
          rule.brackets = edited(rule.brackets as Record<string, unknown>[], edits)
          if (ruleEdit) (rule as Record<string, unknown>)[ruleEdit[0]] = ruleEdit[1]
          const table = endpoints['/contract/public/leverage-bracket']
          const reference = table.wire.safeParse(data) as Parsed
          const generated = tryDecodeData('/contract/public/leverage-bracket', data)
          expect(generated !== undefined).toBe(reference.success)
          expectAgreement(
            '/contract/public/leverage-bracket',
            data,
            table.data.safeParse(data) as Parsed,
          )
        },
      ),
      { numRuns: 500 },
    )
  })

  it('on values that are not what the endpoint returns at all', () => {
    for (const path of Object.keys(endpoints) as EndpointPath[]) {
      for (const data of [null, undefined, 1, 'x', [], {}, [null], [[]], { symbols: null }]) {
        const table = endpoints[path].data.safeParse(data)
        expect(tryDecodeData(path, data) !== undefined).toBe(table.success)
      }
    }
  })
})

// The details list reads its rows through readers chosen by each row's first key: these
// tests give it key orders, shapes and first keys it has never seen.
describe('details rows in any key order', () => {
  const reference = z.pipe(
    z.object({ symbols: z.array(contractWire) }),
    z.transform(({ symbols }) => symbols.map(toContract)),
  )
  const details = '/contract/public/details'

  /** `row` with its keys in the order of `order` (indices into its entries). */
  function reordered(row: Record<string, unknown>, order: number[]): Record<string, unknown> {
    const entries = Object.entries(row)
    return Object.fromEntries(order.map((i) => entries[i] as [string, unknown]))
  }

  /** A details row with its keys rotated left by `shift`, as the sandbox's quirk sends some. */
  function rotated(row: Record<string, unknown>, shift: number): Record<string, unknown> {
    const entries = Object.entries(row)
    const s = shift % entries.length
    return Object.fromEntries([...entries.slice(s), ...entries.slice(0, s)])
  }

  const sampleKeys = Object.keys(contractSample())
  const value = fc.oneof(
    fc.constantFrom('12.5', '-0.1', '1.', '.5', '', 'x', 'Trading', 'Delisted'),
    fc.integer({ min: -5, max: 2_000_000_000 }),
    fc.constantFrom(null, true, 1, 2, 3),
  )

  it('decode as zod does, whatever the key order, extra and missing keys (500 runs)', () => {
    const row = fc.record({
      order: fc.shuffledSubarray(
        sampleKeys.map((_, i) => i),
        { minLength: sampleKeys.length },
      ),
      extra: fc.dictionary(fc.constantFrom('tradfi_info', 'x', 'Symbol', 'symbol_', '0'), value, {
        maxKeys: 2,
      }),
      missing: fc.subarray(sampleKeys, { maxLength: 3 }),
      changed: fc.option(fc.tuple(fc.constantFrom(...sampleKeys), value), { nil: undefined }),
      extraFirst: fc.boolean(),
    })
    fc.assert(
      fc.property(fc.array(row, { minLength: 1, maxLength: 4 }), (specs) => {
        const symbols = specs.map(({ order, extra, missing, changed, extraFirst }) => {
          const base = reordered(contractSample(), order)
          for (const key of missing) delete base[key]
          if (changed) base[changed[0]] = changed[1]
          return extraFirst ? { ...extra, ...base } : { ...base, ...extra }
        })
        expectAgreement(details, { symbols }, reference.safeParse({ symbols }))
      }),
      { numRuns: 500 },
    )
  })

  it('finds a bad decimal in the last of 300 rotated rows, with its path', () => {
    const symbols = Array.from({ length: 300 }, (_, i) =>
      rotated({ ...contractSample(), symbol: `C${i}USDT` }, i % 4 === 0 ? 1 + (i % 31) : 0),
    )
    expect(tryDecodeData(details, { symbols })?.data).toHaveLength(300)
    ;(symbols[299] as Record<string, unknown>).last_price = '87150.5.1'
    expect(tryDecodeData(details, { symbols })).toBeUndefined()
    const result = decodeData(endpoints[details], { symbols })
    expect(!result.success && result.issues[0]?.path).toBe('data.symbols[299].last_price')
  })

  it('decodes rows whose first key is one no reader is named for (70 unknown first keys)', () => {
    const symbols = Array.from({ length: 70 }, (_, i) => ({
      [`extra_${i}`]: i,
      ...contractSample(),
      last_price: `${i}.5`,
    }))
    expectAgreement(details, { symbols }, reference.safeParse({ symbols }))
    expect(tryDecodeData(details, { symbols })?.data.map((c) => c.lastPrice)).toEqual(
      symbols.map((s) => s.last_price),
    )
  })

  it('reads a field that is inherited or not enumerable, as zod does', () => {
    const hidden = contractSample()
    delete hidden.status
    Object.defineProperty(hidden, 'status', { value: 'Delisted', enumerable: false })
    const inherited = Object.create({ market_max_volume: '7' }) as Record<string, unknown>
    const own = contractSample()
    delete own.market_max_volume
    Object.assign(inherited, own)
    const data = { symbols: [hidden, inherited] }
    expectAgreement(details, data, reference.safeParse(data))
    expect(tryDecodeData(details, data)?.data.map((c) => [c.status, c.marketMaxVolume])).toEqual([
      ['Delisted', '100000'],
      ['Trading', '7'],
    ])
  })
})
