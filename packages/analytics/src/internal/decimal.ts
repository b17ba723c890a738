import Big from 'big.js'
import { AnalyticsInputError } from '../errors.ts'

/**
 * The package's own big.js constructor: configuring it never touches the
 * global `Big` other code may use. Divisions are carried to 18 decimal places
 * and rounded half-up; `toString` never switches to exponent notation.
 */
export const D: Big.BigConstructor = Big()
D.DP = 18
D.RM = Big.roundHalfUp
D.NE = -1e6
D.PE = 1e6
D.strict = false

/** A constructor whose divisions truncate to an integer: exact floor of a positive quotient. */
const Floor: Big.BigConstructor = Big()
Floor.DP = 0
Floor.RM = Big.roundDown
Floor.NE = -1e6
Floor.PE = 1e6
Floor.strict = false

/** Decimal instance type of {@link D}. */
export type Decimal = Big.Big

/** What a decimal parameter must satisfy. */
export type Constraint = 'any' | 'nonNegative' | 'positive'

const EXPECTATION: Record<Constraint, string> = {
  any: 'must be a finite decimal (string or number)',
  nonNegative: 'must be a non-negative decimal',
  positive: 'must be a positive decimal',
}

/** `0` as a decimal. */
export const ZERO: Decimal = D(0)
/** `1` as a decimal. */
export const ONE: Decimal = D(1)
/** `0.5` as a decimal: halving by multiplication is always exact. */
export const HALF: Decimal = D('0.5')

/**
 * Reads a decimal parameter, throwing an {@link AnalyticsInputError} that names
 * it when the value is not a finite decimal or breaks the constraint.
 */
export function toDecimal(value: unknown, name: string, constraint: Constraint = 'any'): Decimal {
  let d: Decimal | undefined
  if (typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value))) {
    try {
      // big.js validates strings itself: an optional minus, digits with an
      // optional fraction, an optional exponent; it throws on anything else.
      d = D(value)
    } catch {
      d = undefined
    }
  }
  if (
    d === undefined ||
    (constraint === 'positive'
      ? d.s < 0 || d.c[0] === 0
      : constraint === 'nonNegative' && d.s < 0 && d.c[0] !== 0)
  ) {
    throw new AnalyticsInputError(name, EXPECTATION[constraint], value)
  }
  return d
}

/** Formats a decimal in plain notation (never an exponent), without a negative zero. */
export function toDecimalString(d: Decimal): string {
  const s = d.toFixed()
  return s === '-0' ? '0' : s
}

/** Exact `floor(a / b)` for `a >= 0`, `b > 0`. */
export function floorDiv(a: Decimal, b: Decimal): Decimal {
  // Back to D, so that later divisions on the result use D's settings again.
  return D(Floor(a).div(b))
}

/** Reads a positive integer count (e.g. a number of levels), naming the parameter on failure. */
export function toPositiveInteger(value: unknown, name: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value <= 0) {
    throw new AnalyticsInputError(name, 'must be a positive integer', value)
  }
  return value
}

/** Reads an array parameter, naming it on failure. */
export function toArray<T>(value: unknown, name: string): readonly T[] {
  if (!Array.isArray(value)) throw new AnalyticsInputError(name, 'must be an array', value)
  return value as readonly T[]
}

/** Reads an object parameter (e.g. one level or bracket), naming it on failure. */
export function toRecord(value: unknown, name: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null) {
    throw new AnalyticsInputError(name, 'must be an object', value)
  }
  return value as Record<string, unknown>
}
