/**
 * Number formats as live rows carry them (field notes, "Live error bodies,
 * formats and routes"): open interest on details in whole contracts, values
 * with at most 8 decimals, index prices with exactly 8, funding rates with 7
 * to 12. Pure string work on plain decimal strings: no floats.
 *
 * @module
 */
import { hash2 } from './hash.ts'

/** Decimals of live values (`open_interest_value`, `turnover_24h`). */
export const VALUE_DECIMALS = 8
/** Decimals of live index prices. */
export const INDEX_PRICE_DECIMALS = 8

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/

function parts(text: string): { sign: string; whole: string; fraction: string } {
  const match = DECIMAL.exec(text)
  if (match === null) throw new TypeError(`not a decimal string: ${JSON.stringify(text)}`)
  return { sign: match[1] ?? '', whole: match[2] ?? '0', fraction: match[3] ?? '' }
}

/** Adds one unit in the last place to a string of digits: `'0199'` gives `'0200'`, `'99'` gives `'100'`. */
function incrementDigits(digits: string): string {
  const out = digits.split('')
  for (let i = out.length - 1; i >= 0; i--) {
    if (out[i] !== '9') {
      out[i] = String(Number(out[i]) + 1)
      return out.join('')
    }
    out[i] = '0'
  }
  return `1${out.join('')}`
}

function trimFraction(fraction: string): string {
  return fraction.replace(/0+$/, '')
}

/**
 * Rounds a decimal string half away from zero to at most `decimals` decimals,
 * without trailing zeros: `roundDecimal('1.23456789012', 8)` is `'1.23456789'`.
 */
export function roundDecimal(text: string, decimals: number): string {
  const { sign, whole, fraction } = parts(text)
  let kept = `${whole}${fraction.slice(0, decimals).padEnd(decimals, '0')}`
  if ((fraction[decimals] ?? '0') >= '5') kept = incrementDigits(kept)
  const newWhole = kept.slice(0, kept.length - decimals) || '0'
  const newFraction = trimFraction(kept.slice(kept.length - decimals))
  const result = newFraction === '' ? newWhole : `${newWhole}.${newFraction}`
  return /^[0.]+$/.test(result) ? '0' : `${sign}${result}`
}

/** The whole part of a decimal string (truncated toward zero): `'727798.93'` gives `'727798'`. */
export function wholePart(text: string): string {
  const { sign, whole } = parts(text)
  const digits = whole.replace(/^0+(?=\d)/, '')
  return digits === '0' ? '0' : `${sign}${digits}`
}

/**
 * A price written with exactly `decimals` decimals, the digits below the
 * price's own precision drawn from `key` (deterministic): `'95000.1'` may
 * become `'95000.13472921'`. Prices with as many decimals or more are only padded.
 */
export function withSubTickDigits(price: string, decimals: number, key: number): string {
  const { sign, whole, fraction } = parts(price)
  if (fraction.length >= decimals) return price
  const missing = decimals - fraction.length
  let digits = ''
  for (let i = 0; digits.length < missing; i++) {
    digits += String(hash2(key, i) % 1_000_000_000).padStart(9, '0')
  }
  return `${sign}${whole}.${fraction}${digits.slice(0, missing)}`
}
