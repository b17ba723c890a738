/**
 * Decoding the sandbox's own payloads (its defaults: quirks on, live number
 * formats, rotated key orders): the fast path of `@perpkit/schemas` checks
 * every field of every row, and agrees with zod on what it refuses and where.
 */
import { decodeData, type EndpointPath, endpoints, formatPath } from '@perpkit/schemas'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Sandbox, startSandbox } from '../src/index.ts'
import { NOW, NOW_SECONDS } from './helpers.ts'

let sandbox: Sandbox
let live: Sandbox

beforeAll(async () => {
  sandbox = await startSandbox({ rateLimit: false, now: () => NOW, depthLevels: 1000 })
  live = await startSandbox({ rateLimit: false, now: () => NOW, contracts: 'live' })
})

afterAll(async () => {
  await Promise.all([sandbox.close(), live.close()])
})

async function dataOf(base: string, path: string): Promise<unknown> {
  const response = await fetch(`${base}${path}`)
  const body = (await response.json()) as { data: unknown }
  return body.data
}

function firstIssue(path: EndpointPath, data: unknown) {
  const result = decodeData(endpoints[path], data)
  return result.success ? undefined : result.issues[0]
}

describe('a wrong field deep in a real payload', () => {
  it('is caught in level 999 of a 1,000-level book, with its path', async () => {
    const book = (await dataOf(sandbox.url, '/contract/public/depth?symbol=BTCUSDT')) as {
      bids: string[][]
    }
    expect(book.bids).toHaveLength(1000)
    expect(firstIssue('/contract/public/depth', book)).toBeUndefined()
    book.bids[999]![1] = '-5'
    expect(firstIssue('/contract/public/depth', book)).toEqual({
      path: 'data.bids[999][1]',
      expected: 'a non-negative decimal string',
      received: '"-5"',
    })
  })

  it('is caught in row 999 of the live catalog, with its path', async () => {
    const details = (await dataOf(live.url, '/contract/public/details')) as {
      symbols: Record<string, unknown>[]
    }
    expect(details.symbols.length).toBeGreaterThan(1000)
    expect(firstIssue('/contract/public/details', details)).toBeUndefined()
    details.symbols[999]!.change_24h = '1e-3'
    expect(firstIssue('/contract/public/details', details)).toMatchObject({
      path: 'data.symbols[999].change_24h',
      received: '"1e-3"',
    })
  })
})

/** Values a mutated field takes: real-looking and wrong, signed and unsigned, other types. */
const fieldValue = fc.oneof(
  fc.constantFrom('-5', '-0', '0', '12.5', '-0.0001', '1e-3', '', ' 1', '1.', 'abc'),
  fc.integer({ min: -5, max: 2_000_000_000 }),
  fc.double(),
  fc.constantFrom(null, true, 'Trading', 'Delisted', 1, 2, 3),
)

/** Each list endpoint and the request for its real rows; its `wire` schema is zod alone. */
const lists = [
  {
    path: '/contract/public/kline',
    query: `symbol=BTCUSDT&step=1&start_time=${NOW_SECONDS - 499 * 60}&end_time=${NOW_SECONDS}`,
    rows: (data: unknown) => data as Record<string, unknown>[],
  },
  {
    path: '/contract/public/market-trade',
    query: 'symbol=BTCUSDT&limit=100',
    rows: (data: unknown) => data as Record<string, unknown>[],
  },
  {
    path: '/contract/public/funding-rate-history',
    query: 'symbol=BTCUSDT&limit=100',
    rows: (data: unknown) => (data as { list: Record<string, unknown>[] }).list,
  },
  {
    path: '/contract/public/details',
    query: '',
    rows: (data: unknown) => (data as { symbols: Record<string, unknown>[] }).symbols,
  },
] as const

describe('the fast path and zod on mutated real rows', () => {
  for (const list of lists) {
    it(`agree on the result and the first issue's path: ${list.path} (300 runs)`, async () => {
      const text = JSON.stringify(await dataOf(sandbox.url, `${list.path}?${list.query}`))
      const sample = list.rows(JSON.parse(text))
      expect(sample.length).toBeGreaterThan(1)
      const keys = [...new Set(sample.flatMap((row) => Object.keys(row)))]
      const edit = fc.tuple(fc.constantFrom(...keys), fc.option(fieldValue, { nil: undefined }))
      fc.assert(
        fc.property(
          fc.array(fc.tuple(fc.nat(sample.length - 1), edit), { minLength: 1, maxLength: 3 }),
          (edits) => {
            const data = JSON.parse(text) as unknown
            const rows = list.rows(data)
            for (const [index, [key, value]] of edits) {
              const row = rows[index] as Record<string, unknown>
              if (value === undefined) delete row[key]
              else row[key] = value
            }
            const fast = decodeData(endpoints[list.path], data)
            const slow = endpoints[list.path].wire.safeParse(data)
            expect(fast.success).toBe(slow.success)
            // The model too: the generated decoder's against the table's zod `data` schema.
            const model = endpoints[list.path].data.safeParse(data)
            if (fast.success && model.success) expect(fast.data).toStrictEqual(model.data)
            if (!fast.success && !slow.success) {
              expect(fast.issues[0]?.path).toBe(formatPath(['data', ...slow.error.issues[0]!.path]))
            }
          },
        ),
        { numRuns: 300 },
      )
    }, 60_000)
  }

  it("agree on the result and the first issue's path: /contract/public/depth levels (300 runs)", async () => {
    const text = JSON.stringify(await dataOf(sandbox.url, '/contract/public/depth?symbol=BTCUSDT'))
    const levels = (JSON.parse(text) as { bids: unknown[] }).bids.length
    expect(levels).toBe(1000)
    const change = fc.tuple(fc.constantFrom('bids', 'asks'), fc.nat(levels - 1), fc.nat(2))
    fc.assert(
      fc.property(
        fc.array(fc.tuple(change, fc.option(fieldValue, { nil: undefined })), {
          minLength: 1,
          maxLength: 3,
        }),
        (edits) => {
          const book = JSON.parse(text) as Record<'bids' | 'asks', unknown[][]>
          for (const [[side, level, index], value] of edits) {
            const row = book[side][level] as unknown[]
            if (value === undefined) row.length = index
            else row[index] = value
          }
          const fast = decodeData(endpoints['/contract/public/depth'], book)
          const slow = endpoints['/contract/public/depth'].wire.safeParse(book)
          expect(fast.success).toBe(slow.success)
          const model = endpoints['/contract/public/depth'].data.safeParse(book)
          if (fast.success && model.success) expect(fast.data).toStrictEqual(model.data)
          if (!fast.success && !slow.success) {
            expect(fast.issues[0]?.path).toBe(formatPath(['data', ...slow.error.issues[0]!.path]))
          }
        },
      ),
      { numRuns: 300 },
    )
  }, 60_000)
})
