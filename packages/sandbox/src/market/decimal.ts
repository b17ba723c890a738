/**
 * Exact decimal arithmetic on scaled BigInts: prices, quantities, values and
 * bracket amounts are computed without any float rounding.
 *
 * @module
 */

/** A decimal as an integer `units` scaled by `10^-scale`. */
export interface Scaled {
  units: bigint
  scale: number
}

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/

/** Parses a plain decimal string such as `'-0.0375'`. */
export function parseDecimal(text: string): Scaled {
  const match = DECIMAL.exec(text)
  if (match === null) throw new TypeError(`not a decimal string: ${JSON.stringify(text)}`)
  const fraction = match[3] ?? ''
  const units = BigInt(`${match[2]}${fraction}`)
  return { units: match[1] === '-' ? -units : units, scale: fraction.length }
}

/** Brings a decimal to a larger (or equal) scale. */
function rescale(value: Scaled, scale: number): bigint {
  return value.units * 10n ** BigInt(scale - value.scale)
}

/** Writes `units * 10^-scale` with exactly `scale` decimals. */
export function formatScaled(units: bigint, scale: number): string {
  const negative = units < 0n
  const digits = (negative ? -units : units).toString()
  if (scale === 0) return negative ? `-${digits}` : digits
  const padded = digits.padStart(scale + 1, '0')
  const text = `${padded.slice(0, -scale)}.${padded.slice(-scale)}`
  return negative ? `-${text}` : text
}

/** Drops trailing fraction zeros (and a bare point): `'1.500'` becomes `'1.5'`, `'2.0'` `'2'`. */
export function trimZeros(text: string): string {
  if (!text.includes('.')) return text
  const trimmed = text.replace(/0+$/, '')
  return trimmed.endsWith('.') ? trimmed.slice(0, -1) : trimmed
}

/** Writes a scaled decimal without trailing zeros. */
export function formatDecimal(value: Scaled): string {
  return trimZeros(formatScaled(value.units, value.scale))
}

/** Exact product of two decimals. */
export function multiply(a: Scaled, b: Scaled): Scaled {
  return { units: a.units * b.units, scale: a.scale + b.scale }
}

/** Exact sum of two decimals. */
export function add(a: Scaled, b: Scaled): Scaled {
  const scale = Math.max(a.scale, b.scale)
  return { units: rescale(a, scale) + rescale(b, scale), scale }
}

/** Exact difference `a - b`. */
export function subtract(a: Scaled, b: Scaled): Scaled {
  return add(a, { units: -b.units, scale: b.scale })
}

/** `a / b` truncated toward zero at `scale` decimals (`b` must not be zero). */
export function divide(a: Scaled, b: Scaled, scale: number): Scaled {
  // a/b = (a.units / b.units) * 10^(b.scale - a.scale); shift so the quotient has `scale` decimals.
  const shift = scale + b.scale - a.scale
  const numerator = shift >= 0 ? a.units * 10n ** BigInt(shift) : a.units
  const denominator = shift >= 0 ? b.units : b.units * 10n ** BigInt(-shift)
  return { units: numerator / denominator, scale }
}

/** Exact product of decimal strings, without trailing zeros: `'65000.1' x '0.002'` is `'130.0002'`. */
export function multiplyDecimals(...factors: string[]): string {
  let product: Scaled = { units: 1n, scale: 0 }
  for (const factor of factors) product = multiply(product, parseDecimal(factor))
  return formatDecimal(product)
}
