import { AnalyticsInputError } from '../errors.ts'
import { type Decimal, toArray, toDecimal, toRecord } from './decimal.ts'

/** One level read exactly. */
export interface ReadLevel {
  price: Decimal
  qty: Decimal
}

/**
 * Reads the first `limit` non-empty levels of one book side (quantity 0 is
 * skipped), checking that they come strictly best first: bids descending,
 * asks ascending. Throws an {@link AnalyticsInputError} naming the level.
 */
export function readTopLevels(
  levels: unknown,
  name: 'bids' | 'asks',
  limit = Number.POSITIVE_INFINITY,
): ReadLevel[] {
  return readSide(levels, name, name === 'bids' ? 'falling' : 'rising', limit)
}

/**
 * Reads the first `limit` non-empty levels of one side named `name`, checking
 * that their prices go strictly one way: `'falling'` (bids), `'rising'`
 * (asks), or `'oneWay'`, for a side that may be either: the first two levels
 * set the way, and every later level must keep it.
 */
export function readSide(
  levels: unknown,
  name: string,
  way: 'falling' | 'rising' | 'oneWay',
  limit = Number.POSITIVE_INFINITY,
): ReadLevel[] {
  const list = toArray<unknown>(levels, name)
  const out: ReadLevel[] = []
  let direction = way
  for (let i = 0; i < list.length && out.length < limit; i++) {
    const level = toRecord(list[i], `${name}[${i}]`)
    const price = toDecimal(level.price, `${name}[${i}].price`, 'positive')
    const qty = toDecimal(level.qty, `${name}[${i}].qty`, 'nonNegative')
    if (qty.eq(0)) continue
    const previous = out[out.length - 1]
    if (previous !== undefined) {
      if (direction === 'oneWay' && !price.eq(previous.price)) {
        direction = price.lt(previous.price) ? 'falling' : 'rising'
      }
      if (direction === 'falling' ? price.gte(previous.price) : price.lte(previous.price)) {
        throw new AnalyticsInputError(
          `${name}[${i}].price`,
          `${expected(direction)} the previous level's price (${previous.price.toFixed()}): ${rule(name, way)}`,
          level.price,
        )
      }
    }
    out.push({ price, qty })
  }
  return out
}

function expected(direction: 'falling' | 'rising' | 'oneWay'): string {
  if (direction === 'falling') return 'must be below'
  if (direction === 'rising') return 'must be above'
  return 'must differ from'
}

function rule(name: string, way: 'falling' | 'rising' | 'oneWay'): string {
  if (way !== 'oneWay') return `${name} must be best first`
  return `${name} must be one side, best first (asks rising, bids falling)`
}

/** Reads the `bids` and `asks` of a book parameter. */
export function readBook(book: unknown): { bids: unknown; asks: unknown } {
  const record = toRecord(book, 'book')
  return { bids: record.bids, asks: record.asks }
}
