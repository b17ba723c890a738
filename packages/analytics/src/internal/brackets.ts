import { AnalyticsInputError } from '../errors.ts'
import type { BracketInput } from '../types.ts'
import { type Decimal, toArray, toDecimal, toRecord, ZERO } from './decimal.ts'

/** One bracket with its decimals read. */
export interface ParsedBracket<B> {
  /** The caller's object, returned as is. */
  source: B
  floor: Decimal
  cap: Decimal
  mmr: Decimal
  cum: Decimal
  leverage: Decimal
}

/**
 * Reads every decimal field of a bracket table (throwing an
 * {@link AnalyticsInputError} naming `brackets[i].field` on a bad value).
 * With `checkOrder`, the table must also be non-empty and sorted: each
 * `floor < cap`, caps ascending, and no tier starting below the previous cap.
 */
export function parseBrackets<B extends BracketInput>(
  brackets: readonly B[],
  checkOrder = true,
): ParsedBracket<B>[] {
  const list = toArray<B>(brackets, 'brackets')
  if (checkOrder && list.length === 0) {
    throw new AnalyticsInputError('brackets', 'must hold at least one bracket', brackets)
  }
  const parsed: ParsedBracket<B>[] = []
  for (let i = 0; i < list.length; i++) {
    const source = list[i] as B
    const b = readBracket(source, i)
    if (checkOrder) checkBracketOrder(b, parsed[i - 1], `brackets[${i}]`)
    parsed.push(b)
  }
  return parsed
}

/** The raw field values a bracket was read from, and what they read as. */
interface CacheEntry {
  raw: readonly unknown[]
  read: Omit<ParsedBracket<unknown>, 'source'>
}

// Tables are read again on every call (a UI recomputes liquidation prices on
// each tick), so each bracket object's reading is kept while the object lives.
// A hit requires every raw field to be identical, so a mutated bracket is
// simply read again.
const cache = new WeakMap<object, CacheEntry>()

function readBracket<B extends BracketInput>(source: B, i: number): ParsedBracket<B> {
  const at = `brackets[${i}]`
  const record = toRecord(source, at)
  const raw = [
    record.notionalFloor,
    record.notionalCap,
    record.maintMarginRatio,
    record.cum,
    record.initialLeverage,
  ]
  const hit = cache.get(record)
  if (hit?.raw.every((value, k) => value === raw[k])) {
    return { source, ...hit.read }
  }
  const read = {
    floor: toDecimal(raw[0], `${at}.notionalFloor`, 'nonNegative'),
    cap: toDecimal(raw[1], `${at}.notionalCap`, 'positive'),
    mmr: toDecimal(raw[2], `${at}.maintMarginRatio`, 'nonNegative'),
    cum: toDecimal(raw[3], `${at}.cum`, 'nonNegative'),
    leverage: toDecimal(raw[4], `${at}.initialLeverage`, 'positive'),
  }
  cache.set(record, { raw, read })
  return { source, ...read }
}

function checkBracketOrder<B>(
  b: ParsedBracket<B>,
  previous: ParsedBracket<B> | undefined,
  at: string,
) {
  if (b.mmr.gte(1)) {
    throw new AnalyticsInputError(
      `${at}.maintMarginRatio`,
      'must be a fraction below 1',
      (b.source as BracketInput).maintMarginRatio,
    )
  }
  if (b.cap.lte(b.floor)) {
    throw new AnalyticsInputError(
      `${at}.notionalCap`,
      `must be above its notionalFloor (${b.floor.toFixed()})`,
      (b.source as BracketInput).notionalCap,
    )
  }
  if (previous !== undefined && b.floor.lt(previous.cap)) {
    throw new AnalyticsInputError(
      `${at}.notionalFloor`,
      `must not be below the previous bracket's notionalCap (${previous.cap.toFixed()}): brackets must be sorted ascending`,
      (b.source as BracketInput).notionalFloor,
    )
  }
}

/**
 * Index of the bracket for a notional: the first whose cap is at or above it
 * (`floor < N <= cap`, `N = 0` in the first), else the last.
 */
export function bracketIndexFor<B>(parsed: readonly ParsedBracket<B>[], notional: Decimal): number {
  const last = parsed.length - 1
  for (let i = 0; i < last; i++) {
    if (notional.lte((parsed[i] as ParsedBracket<B>).cap)) return i
  }
  return last
}

/**
 * The `cum` each parsed bracket should carry: `cum_1 = 0`,
 * `cum_n = cum_(n-1) + floor_n * (mmr_n - mmr_(n-1))`.
 */
export function expectedCums<B>(parsed: readonly ParsedBracket<B>[]): Decimal[] {
  const cums: Decimal[] = []
  let cum = ZERO
  let previous: ParsedBracket<B> | undefined
  for (const b of parsed) {
    if (previous !== undefined) cum = cum.plus(b.floor.times(b.mmr.minus(previous.mmr)))
    cums.push(cum)
    previous = b
  }
  return cums
}
