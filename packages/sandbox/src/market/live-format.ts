/**
 * Number formats as live rows carry them (field notes, "Live error bodies,
 * formats and routes"): open interest on details in whole contracts, values
 * and index prices with at most 8 decimals (index prices padded to 8),
 * funding rates with 7 to 12. Rounding goes through `@perpkit/analytics`; what is left here is
 * string work on plain decimal strings: no floats.
 *
 * @module
 */
import { roundToStep } from '@perpkit/analytics'
import { hash2 } from './hash.ts'

/** Step of live values (`open_interest_value`, `turnover_24h`): at most 8 decimals. */
const VALUE_STEP = '0.00000001'
const VALUE_DECIMALS = 8
/** Decimals live index prices are padded to (and rounded to, with {@link liveValue}). */
export const INDEX_PRICE_DECIMALS = 8

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/

/**
 * A value or index price as live rows write it: at most 8 decimals (rounded half up when it
 * has more; most values have fewer and pass unchanged).
 */
export function liveValue(text: string): string {
  const point = text.indexOf('.')
  if (point === -1 || text.length - point - 1 <= VALUE_DECIMALS) return text
  return roundToStep({ value: text, step: VALUE_STEP })
}

function parts(text: string): { sign: string; whole: string; fraction: string } {
  const match = DECIMAL.exec(text)
  if (match === null) throw new TypeError(`not a decimal string: ${JSON.stringify(text)}`)
  return { sign: match[1] ?? '', whole: match[2] ?? '0', fraction: match[3] ?? '' }
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
