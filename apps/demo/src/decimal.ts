/**
 * Exact decimal arithmetic on strings, through scaled BigInts: just what the
 * demo needs to display prices and quantities (rounding to a tick or a step,
 * moving the decimal point, a product, a quotient). Never a float.
 *
 * @module
 */

/** A decimal as `units / 10^scale`, e.g. `'-1.25'` is `{ units: -125n, scale: 2 }`. */
export interface ScaledDecimal {
  units: bigint
  scale: number
}

/** How a value between two multiples of a step is rounded. */
export type RoundingMode = 'half-up' | 'floor' | 'ceil'

const DECIMAL = /^([+-]?)(\d+)?(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/

/**
 * Reads a decimal string (plain or exponent notation, as the interface and
 * `@perpkit/analytics` write them).
 *
 * @param text - e.g. `'65000.1'`, `'-0.0375'`, `'1e-7'`.
 * @returns The value as scaled units.
 * @throws {RangeError} when `text` is not a decimal.
 */
export function parseDecimal(text: string): ScaledDecimal {
  const match = DECIMAL.exec(text.trim())
  const whole = match?.[2] ?? ''
  const fraction = match?.[3] ?? ''
  if (match === null || whole + fraction === '') {
    throw new RangeError(`not a decimal number: ${JSON.stringify(text)}`)
  }
  const exponent = Number(match[4] ?? '0')
  const magnitude = BigInt(whole + fraction)
  let units = match[1] === '-' ? -magnitude : magnitude
  let scale = fraction.length - exponent
  if (scale < 0) {
    units *= 10n ** BigInt(-scale)
    scale = 0
  }
  return { units, scale }
}

/**
 * Writes scaled units as a plain decimal string with exactly `scale` decimals.
 *
 * @param value - The scaled value.
 * @returns e.g. `'-1.25'`, `'0.10'`, `'42'`; never `'-0'`.
 */
export function toPlainString({ units, scale }: ScaledDecimal): string {
  const negative = units < 0n
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0')
  const whole = digits.slice(0, digits.length - scale)
  const fraction = digits.slice(digits.length - scale)
  return `${negative ? '-' : ''}${whole}${scale > 0 ? `.${fraction}` : ''}`
}

/** The same value written without trailing fraction zeros (`'0.100'` → scale 1). */
function normalize(value: ScaledDecimal): ScaledDecimal {
  let { units, scale } = value
  while (scale > 0 && units % 10n === 0n) {
    units /= 10n
    scale--
  }
  return { units, scale }
}

/** Both values at the same scale (the larger one). */
function align(a: ScaledDecimal, b: ScaledDecimal): [bigint, bigint, number] {
  const scale = Math.max(a.scale, b.scale)
  return [a.units * 10n ** BigInt(scale - a.scale), b.units * 10n ** BigInt(scale - b.scale), scale]
}

/** `numerator / denominator` rounded to an integer; `denominator > 0`. */
function divideRounded(numerator: bigint, denominator: bigint, mode: RoundingMode): bigint {
  const quotient = numerator / denominator // truncates toward zero
  const remainder = numerator % denominator
  if (remainder === 0n) return quotient
  const negative = numerator < 0n
  if (mode === 'floor') return negative ? quotient - 1n : quotient
  if (mode === 'ceil') return negative ? quotient : quotient + 1n
  const twice = (remainder < 0n ? -remainder : remainder) * 2n
  if (twice < denominator) return quotient
  return negative ? quotient - 1n : quotient + 1n
}

/**
 * Number of decimals a step is written with once normalized: `'0.1'` → 1,
 * `'0.010'` → 2, `'1'` and `'10'` → 0.
 *
 * @param step - A positive decimal string.
 * @returns The decimals of the step.
 */
export function decimalsOf(step: string): number {
  return normalize(parseDecimal(step)).scale
}

/**
 * Rounds a value to a multiple of `step` (half away from zero by default) and
 * writes it with the step's decimals.
 *
 * @param value - The decimal to round.
 * @param step - A positive step such as a tick `'0.1'`, `'0.5'` or `'10'`.
 * @param mode - `'half-up'` (half away from zero), `'floor'` or `'ceil'`.
 * @returns e.g. `roundToStep('91719.85', '0.1')` → `'91719.9'`.
 * @throws {RangeError} when a value is not a decimal or the step is not positive.
 */
export function roundToStep(value: string, step: string, mode: RoundingMode = 'half-up'): string {
  const v = parseDecimal(value)
  const s = normalize(parseDecimal(step))
  if (s.units <= 0n) throw new RangeError(`step must be positive, got ${JSON.stringify(step)}`)
  // value / step = (v.units * 10^s.scale) / (s.units * 10^v.scale)
  const count = divideRounded(
    v.units * 10n ** BigInt(s.scale),
    s.units * 10n ** BigInt(v.scale),
    mode,
  )
  return toPlainString({ units: count * s.units, scale: s.scale })
}

/**
 * Rounds a value to a number of decimals, half away from zero.
 *
 * @param value - The decimal to round.
 * @param decimals - Decimals to keep, `>= 0`.
 * @returns e.g. `roundToDecimals('0.12345', 3)` → `'0.123'`.
 */
export function roundToDecimals(value: string, decimals: number): string {
  return roundToStep(value, decimals === 0 ? '1' : `0.${'1'.padStart(decimals, '0')}`)
}

/**
 * Multiplies by a power of ten by moving the decimal point (exact).
 *
 * @param value - The decimal.
 * @param places - Powers of ten: `2` turns a fraction into percent, `4` into basis points.
 * @returns The plain decimal string, without trailing fraction zeros.
 */
export function shiftDecimal(value: string, places: number): string {
  const { units, scale } = parseDecimal(value)
  const shifted = scale - places
  if (shifted >= 0) return toPlainString(normalize({ units, scale: shifted }))
  return toPlainString({ units: units * 10n ** BigInt(-shifted), scale: 0 })
}

/**
 * Exact product of two decimals.
 *
 * @returns e.g. `multiplyDecimal('17001.5', '0.001')` → `'17.0015'`.
 */
export function multiplyDecimal(a: string, b: string): string {
  const x = parseDecimal(a)
  const y = parseDecimal(b)
  return toPlainString(normalize({ units: x.units * y.units, scale: x.scale + y.scale }))
}

/**
 * Exact sum of two decimals.
 *
 * @returns e.g. `addDecimal('0.1', '-0.3')` → `'-0.2'`.
 */
export function addDecimal(a: string, b: string): string {
  const [x, y, scale] = align(parseDecimal(a), parseDecimal(b))
  return toPlainString(normalize({ units: x + y, scale }))
}

/**
 * Exact difference of two decimals.
 *
 * @returns e.g. `subtractDecimal('0.1', '0.3')` → `'-0.2'`.
 */
export function subtractDecimal(a: string, b: string): string {
  const [x, y, scale] = align(parseDecimal(a), parseDecimal(b))
  return toPlainString(normalize({ units: x - y, scale }))
}

/**
 * Quotient of two decimals, rounded half away from zero to `decimals` places.
 *
 * @param decimals - Decimals of the result. @default 18
 * @returns e.g. `divideDecimal('1', '3', 4)` → `'0.3333'`.
 * @throws {RangeError} on division by zero.
 */
export function divideDecimal(a: string, b: string, decimals = 18): string {
  const x = parseDecimal(a)
  const y = parseDecimal(b)
  if (y.units === 0n) throw new RangeError('division by zero')
  // a / b = (x.units / 10^x.scale) / (y.units / 10^y.scale); scale the result by 10^decimals.
  let numerator = x.units * 10n ** BigInt(y.scale + decimals)
  let denominator = y.units * 10n ** BigInt(x.scale)
  if (denominator < 0n) {
    numerator = -numerator
    denominator = -denominator
  }
  return toPlainString(
    normalize({ units: divideRounded(numerator, denominator, 'half-up'), scale: decimals }),
  )
}

/**
 * Compares two decimals.
 *
 * @returns `-1`, `0` or `1` as `a` is below, equal to or above `b`.
 */
export function compareDecimal(a: string, b: string): -1 | 0 | 1 {
  const [x, y] = align(parseDecimal(a), parseDecimal(b))
  return x < y ? -1 : x > y ? 1 : 0
}

/**
 * Sign of a decimal.
 *
 * @returns `-1`, `0` or `1`.
 */
export function signOf(value: string): -1 | 0 | 1 {
  const { units } = parseDecimal(value)
  return units < 0n ? -1 : units > 0n ? 1 : 0
}

/**
 * Whether a string is a decimal this module reads.
 *
 * @returns `true` for `'1'`, `'-0.5'`, `'1e-7'`; `false` for `''`, `'abc'`, `'1.2.3'`.
 */
export function isDecimal(text: string): boolean {
  const match = DECIMAL.exec(text.trim())
  return match !== null && (match[2] ?? '') + (match[3] ?? '') !== ''
}
