import Big from 'big.js'
import fc from 'fast-check'

/** A book level as the model carries it. */
interface Level {
  price: string
  qty: string
  total: string
}

/** A book with its tick: bids strictly descending, asks strictly ascending, never crossed. */
export interface GeneratedBook {
  tick: string
  bids: Level[]
  asks: Level[]
}

const ticks = fc.constantFrom('0.1', '0.5', '0.01', '1', '0.00001', '25')
// Quantities: whole contracts or up to 3 decimals; some levels are empty.
const quantities = fc.oneof(
  fc.integer({ min: 1, max: 5_000 }).map(String),
  fc.integer({ min: 1, max: 5_000_000 }).map((n) => new Big(n).div(1000).toFixed()),
  fc.constant('0'),
)

function side(
  tick: string,
  startTicks: number,
  direction: 1 | -1,
  gaps: number[],
  qtys: string[],
): Level[] {
  const levels: Level[] = []
  let at = startTicks
  let total = new Big(0)
  for (let i = 0; i < gaps.length && at > 0; i++) {
    const qty = qtys[i] ?? '1'
    total = total.plus(qty)
    levels.push({ price: new Big(tick).times(at).toFixed(), qty, total: total.toFixed() })
    at += direction * (gaps[i] ?? 1)
  }
  return levels
}

/** Books of up to `maxLevels` levels a side, with random gaps and empty levels. */
export function books(maxLevels = 60): fc.Arbitrary<GeneratedBook> {
  return fc
    .record({
      tick: ticks,
      bestBidTicks: fc.integer({ min: 1, max: 2_000_000 }),
      spreadTicks: fc.integer({ min: 1, max: 20 }),
      bidGaps: fc.array(fc.integer({ min: 1, max: 7 }), { maxLength: maxLevels }),
      askGaps: fc.array(fc.integer({ min: 1, max: 7 }), { maxLength: maxLevels }),
      bidQtys: fc.array(quantities, { minLength: maxLevels, maxLength: maxLevels }),
      askQtys: fc.array(quantities, { minLength: maxLevels, maxLength: maxLevels }),
    })
    .map(({ tick, bestBidTicks, spreadTicks, bidGaps, askGaps, bidQtys, askQtys }) => ({
      tick,
      bids: side(tick, bestBidTicks, -1, bidGaps, bidQtys),
      asks: side(tick, bestBidTicks + spreadTicks, 1, askGaps, askQtys),
    }))
}

/** A step that is a whole multiple (1 to 50) of the tick. */
export function stepFor(tick: string, multiple: number): string {
  return new Big(tick).times(multiple).toFixed()
}

/** Sum of the quantities of some levels, exactly. */
export function sumQty(levels: readonly { qty: string }[]): Big {
  return levels.reduce((sum, l) => sum.plus(l.qty), new Big(0))
}

/** Decimal strings in plain notation: up to 24 significant digits, up to 12 decimals, either sign. */
export function decimals(): fc.Arbitrary<string> {
  return fc
    .tuple(fc.bigInt({ min: -(10n ** 24n), max: 10n ** 24n }), fc.integer({ min: 0, max: 12 }))
    .map(([units, scale]) => new Big(units.toString()).div(new Big(10).pow(scale)).toFixed())
}

/** Positive steps and ticks: the usual (`'0.1'`, `'0.5'`, `'25'`) and arbitrary ones. */
export function steps(): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom('0.1', '0.5', '0.01', '1', '0.00001', '25', '0.001', '10'),
    fc
      .tuple(fc.integer({ min: 1, max: 999_999 }), fc.integer({ min: 0, max: 9 }))
      .map(([units, scale]) => new Big(units).div(new Big(10).pow(scale)).toFixed()),
  )
}
