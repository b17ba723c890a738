/**
 * The params encoders generated from the endpoint table against zod: for
 * params that start valid and get a few fields changed, removed or added,
 * the generated encoder refuses exactly what the endpoint's `params` schema
 * refuses and gives exactly its wire query (same keys, same values).
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { tryEncodeParams } from '../src/decoders.ts'
import { endpoints } from '../src/endpoints/index.ts'
import { type EndpointPath, endpointPaths } from '../src/routes.ts'

const T0 = Date.UTC(2026, 0, 1)
const HOUR = 3_600_000

/** Valid params of each endpoint. */
const valid: Record<EndpointPath, Record<string, unknown>> = {
  '/contract/public/kline': { symbol: 'BTCUSDT', step: '1h', startTime: T0, endTime: T0 + HOUR },
  '/contract/public/markprice-kline': { symbol: 'BTCUSDT', step: 1, startTime: T0, endTime: T0 },
  '/contract/public/market-trade': { symbol: 'BTCUSDT', limit: 50 },
  '/contract/public/funding-rate': { symbol: 'BTCUSDT' },
  '/contract/public/funding-rate-history': { symbol: 'BTCUSDT', limit: 100 },
  '/contract/public/details': { symbol: 'ETHUSDT' },
  '/contract/public/leverage-bracket': {},
  '/contract/public/depth': { symbol: 'BTCUSDT' },
  '/contract/public/open-interest': { symbol: 'BTCUSDT' },
  '/contract/public/funding-rate-v2': {},
}

/** What a param may be changed to: right and wrong for each kind of param. */
const value = fc.oneof(
  fc.constantFrom('BTCUSDT', '', ' ', 'BTC USDT', 'ETHUSDT\n', 'x'),
  fc.constantFrom(1, 3, 7, 60, 10080, '1m', '1h', '4h', '1w', '2w', '60', 'h'),
  fc.constantFrom(0, 1, 50, 100, 101, 500, 1.5, -1, Number.NaN, 2 ** 53),
  fc.constantFrom(T0, T0 + HOUR, T0 + 400 * HOUR, T0 - HOUR, T0 / 1000, 1e11, 1e11 - 1),
  fc.constantFrom(new Date(T0), new Date(T0 + 600 * 60_000), new Date(Number.NaN)),
  fc.integer({ min: T0 - 100 * HOUR, max: T0 + 100 * HOUR }),
  fc.constantFrom(null, undefined, true, [], {}),
)

const keys = fc.constantFrom(
  'symbol',
  'step',
  'startTime',
  'endTime',
  'limit',
  'extra',
  'start_time',
)

/** Same verdict, and where accepted the same query: the same keys and values. */
function expectAsZod(path: EndpointPath, params: unknown): void {
  const generated = tryEncodeParams(path, params)
  const reference = endpoints[path].params.safeParse(params ?? {})
  expect(generated !== undefined).toBe(reference.success)
  if (generated !== undefined && reference.success) {
    expect(generated).toStrictEqual(reference.data)
    expect(Object.keys(generated)).toEqual(Object.keys(reference.data as object))
  }
}

describe('the generated params encoders agree with zod', () => {
  for (const path of endpointPaths) {
    it(`on ${path} params with a few fields changed, removed or added (500 runs)`, () => {
      const edits = fc.array(fc.tuple(keys, fc.option(value, { nil: '(delete)' as const })), {
        maxLength: 3,
      })
      fc.assert(
        fc.property(edits, (changes) => {
          const params: Record<string, unknown> = { ...valid[path] }
          for (const [key, v] of changes) {
            if (v === '(delete)') delete params[key]
            else params[key] = v
          }
          expectAsZod(path, params)
        }),
        { numRuns: 500 },
      )
    })
  }

  it('on params that are not an object of params at all', () => {
    for (const path of endpointPaths) {
      for (const params of [undefined, null, 'BTCUSDT', 1, [], ['BTCUSDT'], new Date(T0)]) {
        expectAsZod(path, params)
      }
    }
  })

  it('on K-line windows around the 500-candle limit and the start/end order (500 runs)', () => {
    const step = fc.constantFrom(1, 5, 60, '1d', '1w')
    const offset = fc.integer({ min: -10, max: 600 })
    fc.assert(
      fc.property(step, offset, fc.integer({ min: -120, max: 120 }), (s, candles, jitter) => {
        const minutes = typeof s === 'number' ? s : s === '1d' ? 1440 : 10080
        const startTime = T0 + jitter * 1000
        const endTime = startTime + candles * minutes * 60_000 + jitter
        expectAsZod('/contract/public/kline', { symbol: 'BTCUSDT', step: s, startTime, endTime })
      }),
      { numRuns: 500 },
    )
  })

  it('keeps an optional param passed as undefined as zod does (key present, value undefined)', () => {
    const query = tryEncodeParams('/contract/public/market-trade', {
      symbol: 'X',
      limit: undefined,
    })
    expect(query).toStrictEqual({ symbol: 'X', limit: undefined })
    expect(Object.keys(query ?? {})).toEqual(['symbol', 'limit'])
  })
})
