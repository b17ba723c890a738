import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { contractSample } from '../test/samples.ts'
import { decodeData, formatPath } from './decode.ts'
import { contractWire, toContract } from './endpoints/details.ts'
import { endpoints } from './endpoints/index.ts'

// The details list reads its rows through readers chosen by each row's first key
// (keysInAnyOrder): these tests give it key orders, shapes and first keys it has
// never seen, and compare decodeData with zod alone.

const decodeDetails = (data: unknown) =>
  decodeData<'/contract/public/details'>(endpoints['/contract/public/details'], data)

/** The same payload through zod alone. */
const reference = z.pipe(
  z.object({ symbols: z.array(contractWire) }),
  z.transform(({ symbols }) => symbols.map(toContract)),
)

function expectAsZod(data: { symbols: unknown[] }): void {
  const fast = decodeDetails(data)
  const slow = reference.safeParse(data)
  expect(fast.success).toBe(slow.success)
  if (fast.success && slow.success) expect(fast.data).toEqual(slow.data)
  if (!fast.success && !slow.success) {
    expect(fast.issues[0]?.path).toBe(formatPath(['data', ...slow.error.issues[0]!.path]))
  }
}

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

describe('details rows in any key order (keysInAnyOrder readers)', () => {
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
        expectAsZod({ symbols })
      }),
      { numRuns: 500 },
    )
  })

  it('finds a bad decimal in the last of 300 rotated rows, with its path', () => {
    const symbols = Array.from({ length: 300 }, (_, i) =>
      rotated({ ...contractSample(), symbol: `C${i}USDT` }, i % 4 === 0 ? 1 + (i % 31) : 0),
    )
    expectAsZod({ symbols })
    expect(decodeDetails({ symbols }).success).toBe(true)
    ;(symbols[299] as Record<string, unknown>).last_price = '87150.5.1'
    const result = decodeDetails({ symbols })
    expect(result.success).toBe(false)
    if (!result.success) expect(result.issues[0]?.path).toBe('data.symbols[299].last_price')
    expectAsZod({ symbols })
  })

  it('decodes rows of more first keys than it keeps readers for (70 first keys)', () => {
    // Each row begins with its own unknown key; past the cap they share one reader.
    const symbols = Array.from({ length: 70 }, (_, i) => ({
      [`extra_${i}`]: i,
      ...contractSample(),
      last_price: `${i}.5`,
    }))
    expectAsZod({ symbols })
    const result = decodeDetails({ symbols })
    expect(result.success && result.data.map((c) => c.lastPrice)).toEqual(
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
    expectAsZod({ symbols: [hidden, inherited] })
    const result = decodeDetails({ symbols: [hidden, inherited] })
    expect(result.success && result.data.map((c) => [c.status, c.marketMaxVolume])).toEqual([
      ['Delisted', '100000'],
      ['Trading', '7'],
    ])
  })
})
