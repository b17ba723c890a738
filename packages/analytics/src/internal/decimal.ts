import Big from 'big.js'
import { AnalyticsInputError } from '../errors.ts'
import type { RoundingMode } from '../types.ts'
import { magnitudeOf } from './scaled.ts'

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

/**
 * A constructor whose divisions round to an integer with its `RM`, decided on
 * the exact remainder: `Int(a).div(b)` is the exactly rounded quotient.
 */
const Int: Big.BigConstructor = Big()
Int.DP = 0
Int.RM = Big.roundDown
Int.NE = -1e6
Int.PE = 1e6
Int.strict = false

/** A constructor whose `DP` and `RM` are set right before each division it makes. */
const Places: Big.BigConstructor = Big()
Places.NE = -1e6
Places.PE = 1e6
Places.strict = false

const ROUNDING_MODES: ReadonlySet<string> = new Set<RoundingMode>([
  'half-up',
  'half-even',
  'down',
  'up',
  'floor',
  'ceil',
])

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

/**
 * Formats a decimal with exactly `decimals` places (the value must already
 * have no more), without a negative zero: `(1.5, 2)` is `'1.50'`.
 */
export function toFixedString(d: Decimal, decimals: number): string {
  return (d.c[0] === 0 ? ZERO : d).toFixed(decimals)
}

/** Exact `floor(a / b)` for `a >= 0`, `b > 0`. */
export function floorDiv(a: Decimal, b: Decimal): Decimal {
  return roundedQuotient(a, b, 'floor')
}

const BIG_MODES = {
  down: Big.roundDown,
  'half-up': Big.roundHalfUp,
  'half-even': Big.roundHalfEven,
  up: Big.roundUp,
} as const

/** The big.js rounding mode (applied to the magnitude) of a mode, for a result of that sign. */
function magnitudeMode(mode: RoundingMode, negative: boolean): Big.RoundingMode {
  return BIG_MODES[magnitudeOf(mode, negative)]
}

/** `a / b` rounded to an integer by `mode`, exactly (`b` non-zero). */
export function roundedQuotient(a: Decimal, b: Decimal, mode: RoundingMode): Decimal {
  Int.RM = magnitudeMode(mode, a.s !== b.s && a.c[0] !== 0)
  // Back to D, so that later divisions on the result use D's settings again.
  return D(Int(a).div(b))
}

/** `a / b` rounded to `decimals` places by `mode`, exactly (`b` non-zero). */
export function roundedDivision(
  a: Decimal,
  b: Decimal,
  decimals: number,
  mode: RoundingMode,
): Decimal {
  Places.DP = decimals
  Places.RM = magnitudeMode(mode, a.s !== b.s && a.c[0] !== 0)
  return D(Places(a).div(b))
}

/** The value rounded to a whole multiple of a positive step by `mode`, exactly. */
export function roundToMultiple(value: Decimal, step: Decimal, mode: RoundingMode): Decimal {
  if (step.c.length === 1 && step.c[0] === 1) {
    // a power of ten, 10^e: rounding to -e decimal places, without a division
    return value.round(-step.e, magnitudeMode(mode, value.s < 0 && value.c[0] !== 0))
  }
  return roundedQuotient(value, step, mode).times(step)
}

/** Decimal places of a value written without trailing zeros: `0.010` has 2, `100` has 0. */
export function decimalPlaces(d: Decimal): number {
  return Math.max(0, d.c.length - 1 - d.e)
}

/** Reads a rounding mode parameter, naming it on failure. */
export function toRoundingMode(value: unknown, name: string): RoundingMode {
  if (typeof value === 'string' && ROUNDING_MODES.has(value)) return value as RoundingMode
  throw new AnalyticsInputError(name, `must be one of ${[...ROUNDING_MODES].join(', ')}`, value)
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
