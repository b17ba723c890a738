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
  const list = toArray<unknown>(levels, name)
  const out: ReadLevel[] = []
  for (let i = 0; i < list.length && out.length < limit; i++) {
    const level = toRecord(list[i], `${name}[${i}]`)
    const price = toDecimal(level.price, `${name}[${i}].price`, 'positive')
    const qty = toDecimal(level.qty, `${name}[${i}].qty`, 'nonNegative')
    if (qty.eq(0)) continue
    const previous = out[out.length - 1]
    if (
      previous !== undefined &&
      (name === 'bids' ? price.gte(previous.price) : price.lte(previous.price))
    ) {
      throw new AnalyticsInputError(
        `${name}[${i}].price`,
        `must be ${name === 'bids' ? 'below' : 'above'} the previous level's price (${previous.price.toFixed()}): ${name} must be best first`,
        level.price,
      )
    }
    out.push({ price, qty })
  }
  return out
}

/** Reads the `bids` and `asks` of a book parameter. */
export function readBook(book: unknown): { bids: unknown; asks: unknown } {
  const record = toRecord(book, 'book')
  return { bids: record.bids, asks: record.asks }
}
