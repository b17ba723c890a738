import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import {
  contractSample,
  depthSample,
  fundingHistorySample,
  fundingRatesSample,
  klineSample,
  tradeSample,
} from '../test/samples.ts'
import { decodeData, formatPath } from './decode.ts'
import { depthWire } from './endpoints/depth.ts'
import { contractWire, toContract } from './endpoints/details.ts'
import { fundingRateHistoryWire } from './endpoints/funding-rate-history.ts'
import { fundingRateV2RowWire, toFundingRateV2Row } from './endpoints/funding-rate-v2.ts'
import { endpoints } from './endpoints/index.ts'
import { klineRecordWire, toKline } from './endpoints/kline.ts'
import { toTrade, tradeWire } from './endpoints/trades.ts'
import { epochToMs } from './epochs.ts'
import { fastList } from './fast-list.ts'

/** The reference: the same rows through zod alone. */
function reference<Row extends z.ZodMiniObject>(row: Row) {
  return z.pipe(
    z.array(row),
    z.transform((rows: z.output<Row>[]) => rows.map((r) => ({ ...r }))),
  )
}

const field = fc.oneof(
  fc.constant('12.5'),
  fc.constant('-0.1'),
  fc.constant('x'),
  fc.constant(''),
  fc.integer({ min: -5, max: 2_000_000_000 }),
  fc.double(),
  fc.constant(null),
  fc.constant(undefined),
  fc.boolean(),
  fc.constantFrom('Trading', 'Delisted', 'Paused'),
  fc.constantFrom(1, 2, 3),
)

describe('fastList', () => {
  for (const [name, row] of [
    ['kline', klineRecordWire],
    ['contract', contractWire],
  ] as const) {
    it(`accepts and refuses exactly what zod does, on random ${name} rows (1,000 runs)`, () => {
      const keys = Object.keys(row.shape)
      const fast = fastList(row as z.ZodMiniObject, (r) => ({ ...r }))
      const slow = reference(row as z.ZodMiniObject)
      const rowArb = fc.dictionary(fc.constantFrom(...keys), field)
      fc.assert(
        fc.property(fc.array(rowArb, { maxLength: 3 }), (rows) => {
          const a = fast.safeParse(rows)
          const b = slow.safeParse(rows)
          expect(a.success).toBe(b.success)
          if (!a.success && !b.success) {
            expect(a.error.issues[0]?.path).toEqual(b.error.issues[0]?.path)
          }
        }),
        { numRuns: 1000 },
      )
    })
  }

  // Random rows almost never pass every field, so the test above mostly exercises zod's
  // path. Here rows start valid and lose or change a few fields, so the generated check
  // (and the details row's vol_precision rule) decides most of them.
  const tables = [
    ['/contract/public/kline', klineRecordWire, toKline, klineSample],
    ['/contract/public/market-trade', tradeWire, toTrade, tradeSample],
    [
      '/contract/public/funding-rate-v2',
      fundingRateV2RowWire,
      toFundingRateV2Row,
      fundingRatesSample,
    ],
  ] as const
  for (const [name, row, build, sample] of tables) {
    it(`gives zod's result on ${name} rows with a few fields dropped or changed (500 runs)`, () => {
      const slow = z.pipe(
        z.array(row as z.ZodMiniObject),
        z.transform((rows: Record<string, unknown>[]) =>
          rows.map((r) => (build as (r: unknown) => unknown)(r)),
        ),
      )
      const keys = Object.keys(row.shape)
      const edit = fc.array(
        fc.tuple(fc.constantFrom(...keys), fc.option(field, { nil: undefined })),
        {
          maxLength: 2,
        },
      )
      fc.assert(
        fc.property(fc.array(edit, { minLength: 1, maxLength: 3 }), (edits) => {
          const base = sample() as Record<string, unknown>[]
          const rows = edits.map((changes, i) => {
            const r = { ...(base[i % base.length] as Record<string, unknown>) }
            for (const [key, value] of changes) {
              if (value === undefined) delete r[key]
              else r[key] = value
            }
            return r
          })
          const reference = slow.safeParse(rows)
          // the table's zod schema (rows checked fast, zod for a bad one) and decodeData's fast path
          expectSameResult(endpoints[name].data.safeParse(rows), reference)
          expectSameDecode(decodeData(endpoints[name], rows), reference)
        }),
        { numRuns: 500 },
      )
    })
  }

  it("gives zod's result on details rows with a few fields dropped or changed (500 runs)", () => {
    const slow = z.pipe(
      z.object({ symbols: z.array(contractWire) }),
      z.transform(({ symbols }) => symbols.map(toContract)),
    )
    const keys = [...Object.keys(contractWire.shape), 'tradfi_info']
    const edit = fc.array(
      fc.tuple(fc.constantFrom(...keys), fc.option(field, { nil: undefined })),
      {
        maxLength: 2,
      },
    )
    fc.assert(
      fc.property(fc.array(edit, { minLength: 1, maxLength: 3 }), (edits) => {
        const symbols = edits.map((changes) => {
          const r = contractSample()
          for (const [key, value] of changes) {
            if (value === undefined) delete r[key]
            else r[key] = value
          }
          return r
        })
        const data = { symbols }
        const reference = slow.safeParse(data)
        expectSameResult(endpoints['/contract/public/details'].data.safeParse(data), reference)
        expectSameDecode(decodeData(endpoints['/contract/public/details'], data), reference)
      }),
      { numRuns: 500 },
    )
  })

  it("gives zod's result on funding-history rows with a few fields dropped or changed (500 runs)", () => {
    const slow = z.pipe(
      fundingRateHistoryWire,
      z.transform(({ list }) =>
        list.map((r) => ({
          symbol: r.symbol,
          fundingRate: r.funding_rate,
          fundingTime: r.funding_time,
        })),
      ),
    )
    const keys = ['symbol', 'funding_rate', 'funding_time']
    const time = fc.oneof(
      field,
      fc.constantFrom('1767225600000', '1767225600', '0', '01', '12345678901234567', '-1', '1e3'),
      fc.constantFrom(-1, 1.5, 2 ** 53, Number.NaN, 1767225600),
    )
    const edit = fc.array(fc.tuple(fc.constantFrom(...keys), fc.option(time, { nil: undefined })), {
      maxLength: 2,
    })
    fc.assert(
      fc.property(fc.array(edit, { minLength: 1, maxLength: 3 }), (edits) => {
        const base = fundingHistorySample().list
        const list = edits.map((changes, i) => {
          const r: Record<string, unknown> = { ...base[i % base.length] }
          for (const [key, value] of changes) {
            if (value === undefined) delete r[key]
            else r[key] = value
          }
          return r
        })
        const reference = slow.safeParse({ list })
        expectSameDecode(
          decodeData(endpoints['/contract/public/funding-rate-history'], { list }),
          reference,
        )
      }),
      { numRuns: 500 },
    )
  })

  it("gives zod's result on books with a few level entries changed (500 runs)", () => {
    const slow = z.pipe(
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
    const top = fc.tuple(fc.constantFrom('timestamp', 'symbol', 'bids', 'asks'), entry)
    fc.assert(
      fc.property(
        fc.array(change, { maxLength: 3 }),
        fc.option(top, { nil: undefined }),
        (changes, whole) => {
          const book = depthSample() as { bids: unknown[][]; asks: unknown[][] } & Record<
            string,
            unknown
          >
          for (const [side, level, index, value] of changes) {
            const levels = book[side]
            if (levels[level]) levels[level][index] = value
          }
          if (whole) (book as Record<string, unknown>)[whole[0]] = whole[1]
          expectSameDecode(
            decodeData(endpoints['/contract/public/depth'], book),
            slow.safeParse(book),
          )
        },
      ),
      { numRuns: 500 },
    )
  })

  it('refuses at definition time a field it cannot check fast', () => {
    const row = z.object({ n: z.number().check(z.minimum(3)) })
    expect(() => fastList(row, (r) => r)).toThrow(/field "n" \(number\) has no fast predicate/)
  })
})

type Parsed =
  | { success: true; data: unknown }
  | { success: false; error: { issues: { path: PropertyKey[] }[] } }

type Decoded = { success: true; data: unknown } | { success: false; issues: { path: string }[] }

/** decodeData against a zod-only reference: same result, same data, same first issue path. */
function expectSameDecode(fast: Decoded, slow: Parsed): void {
  expect(fast.success).toBe(slow.success)
  if (fast.success && slow.success) expect(fast.data).toEqual(slow.data)
  if (!fast.success && !slow.success) {
    expect(fast.issues[0]?.path).toBe(formatPath(['data', ...(slow.error.issues[0]?.path ?? [])]))
  }
}

function expectSameResult(fast: Parsed, slow: Parsed): void {
  expect(fast.success).toBe(slow.success)
  if (fast.success && slow.success) expect(fast.data).toEqual(slow.data)
  if (!fast.success && !slow.success) {
    expect(fast.error.issues[0]?.path).toEqual(slow.error.issues[0]?.path)
  }
}
