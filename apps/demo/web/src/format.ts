/**
 * Every number the page shows, written from its exact decimal string with
 * the analytics helpers (`formatToTick`, `multiplyDecimals`): prices to the
 * contract's tick, derived prices to a tenth of it, quantities to its step,
 * quote amounts to cents, rates as percentages. Charts place points with
 * numbers, but their labels come back through these formatters.
 *
 * @module
 */
import { compareDecimals, decimalsOf, formatToTick, multiplyDecimals } from '@perpkit/analytics'
import type { Contract } from '@perpkit/schemas'

/** A cent of the quote currency. */
const CENT = '0.01'

/**
 * Separates thousands in the integer part of a plain decimal string.
 *
 * @param plain - e.g. `'-1234567.89'`.
 * @returns e.g. `'-1,234,567.89'`.
 */
export function groupThousands(plain: string): string {
  const negative = plain.startsWith('-')
  const body = negative ? plain.slice(1) : plain
  const dot = body.indexOf('.')
  const whole = dot === -1 ? body : body.slice(0, dot)
  const rest = dot === -1 ? '' : body.slice(dot)
  return `${negative ? '-' : ''}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${rest}`
}

/**
 * A decimal rounded (half away from zero) to a tick and written with the
 * tick's decimals and thousands separators.
 *
 * @param value - A decimal string.
 * @param tick - The tick or step, e.g. `'0.1'`.
 * @param signed - Prefix positive values with `+`. @default false
 * @returns e.g. `formatDecimal('91719.85', '0.1')` → `'91,719.9'`.
 */
export function formatDecimal(value: string, tick: string, signed = false): string {
  const text = formatToTick({ value, tick })
  const plus = signed && compareDecimals({ a: text, b: '0' }) > 0 ? '+' : ''
  return `${plus}${groupThousands(text)}`
}

/**
 * A fraction as a percentage.
 *
 * @param fraction - e.g. `'-0.02134'`.
 * @param decimals - Decimals of the percentage. @default 2
 * @param signed - Prefix positive values with `+`. @default false
 * @returns e.g. `'-2.13 %'`.
 */
export function formatPercent(fraction: string, decimals = 2, signed = false): string {
  const percent = multiplyDecimals({ values: [fraction, '100'] })
  return `${formatDecimal(percent, `1e-${decimals}`, signed)} %`
}

/**
 * A value already in basis points, to two decimals.
 *
 * @returns e.g. `formatBps('0.16734')` → `'0.17 bps'`.
 */
export function formatBps(bps: string): string {
  return `${formatDecimal(bps, CENT)} bps`
}

/**
 * A ratio in [-1, 1] (the book's imbalance), signed, to three decimals.
 *
 * @returns e.g. `'+0.125'`, `'-0.300'`.
 */
export function formatRatio(value: string): string {
  return formatDecimal(value, '0.001', true)
}

/**
 * A leverage.
 *
 * @returns e.g. `'125x'`.
 */
export function formatLeverage(leverage: string | number): string {
  return `${leverage}x`
}

/**
 * Epoch milliseconds as a UTC date and time.
 *
 * @returns e.g. `'2026-11-22 10:20 UTC'`.
 */
export function formatDateTime(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`
}

/**
 * Epoch milliseconds as a UTC time of day with seconds.
 *
 * @returns e.g. `'10:20:49'`.
 */
export function formatTime(ms: number): string {
  return new Date(ms).toISOString().slice(11, 19)
}

/**
 * A countdown as `h:mm:ss` (or `Nd h:mm:ss`), never negative.
 *
 * @param ms - Milliseconds left.
 * @returns e.g. `'5:18:02'`.
 */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000))
  const days = Math.floor(total / 86_400)
  const hours = Math.floor((total % 86_400) / 3600)
  const minutes = Math.floor((total % 3600) / 60)
  const seconds = total % 60
  const clock = `${hours}:${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`
  return days > 0 ? `${days}d ${clock}` : clock
}

/** Formatters bound to one contract's tick, step and contract size. */
export interface ContractFormatters {
  /** A price, to the tick: `'91,719.8'`. */
  price(value: string): string
  /** A derived price (mid, microprice, average fill), to a tenth of the tick: `'91,719.85'`. */
  finePrice(value: string): string
  /** A quantity in contracts, to the step: `'1,090'`. */
  contracts(value: string): string
  /** A quantity of the base coin, to one step of contracts: `'1.090'`. */
  base(value: string): string
  /** An amount of the quote currency, to cents: `'99,976.36'`. */
  quote(value: string): string
}

/**
 * Formatters for a contract's numbers.
 *
 * @param contract - Tick (`pricePrecision`), step (`volumePrecision`) and contract size.
 * @returns The formatters.
 */
export function contractFormatters(
  contract: Pick<Contract, 'pricePrecision' | 'volumePrecision' | 'contractSize'>,
): ContractFormatters {
  const tick = contract.pricePrecision
  const fineTick = multiplyDecimals({ values: [tick, '0.1'] })
  const baseStep = multiplyDecimals({ values: [contract.volumePrecision, contract.contractSize] })
  return {
    price: (value) => formatDecimal(value, tick),
    finePrice: (value) => formatDecimal(value, fineTick),
    contracts: (value) => formatDecimal(value, contract.volumePrecision),
    base: (value) => formatDecimal(value, baseStep),
    quote: (value) => formatDecimal(value, CENT),
  }
}

/**
 * Decimals of a tick, for chart axes (`'0.001'` → 3, `'5'` → 0).
 *
 * @param tick - A decimal string.
 * @returns The number of decimals.
 */
export function tickDecimals(tick: string): number {
  return decimalsOf({ value: tick })
}

/**
 * A chart's price label: the number a chart hands back, rounded to the tick
 * as a decimal string (a chart works in floats; its labels do not). The
 * number's shortest round-trip text is rounded once, never twice.
 *
 * @param value - The chart's number.
 * @param format - The contract's price formatter.
 * @returns e.g. `'91,547.1'`; `''` for a number that is not finite.
 */
export function chartPriceLabel(value: number, format: (value: string) => string): string {
  return Number.isFinite(value) ? format(String(value)) : ''
}
