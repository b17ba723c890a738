/**
 * Display formatting shared by the terminal demo and the web dashboard:
 * decimal strings rounded to a contract's tick or step with thousands
 * separators, percentages, basis points, ratios, leverages, times and
 * durations. Everything goes through the exact decimal helpers of
 * `@perpkit/analytics`; nothing here needs Node, so the page bundles it too.
 *
 * @module
 */
import { compareDecimals, formatToTick, multiplyDecimals } from '@perpkit/analytics'

/** Options of {@link formatDecimal}. */
export interface FormatDecimalOptions {
  /** Round to a multiple of this step and show its decimals (a tick or a quantity step). */
  step?: string
  /** Round to this many decimals instead (ignored when `step` is given). */
  decimals?: number
  /** Prefix positive values with `+`. @default false */
  signed?: boolean
  /** Separate thousands with commas. @default true */
  group?: boolean
}

/**
 * Separates thousands in the integer part of a plain decimal string.
 *
 * @returns e.g. `groupThousands('-1234567.89')` → `'-1,234,567.89'`.
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
 * Formats a decimal string for display: rounded half away from zero to a
 * step (or a number of decimals), thousands separated, optionally signed.
 *
 * @param value - A decimal string, e.g. `'91719.85'`.
 * @param options - `step` or `decimals`, `signed`, `group`.
 * @returns e.g. `formatDecimal('91719.85', { step: '0.1' })` → `'91,719.9'`.
 */
export function formatDecimal(value: string, options: FormatDecimalOptions = {}): string {
  const tick =
    options.step ?? (options.decimals === undefined ? undefined : `1e-${options.decimals}`)
  const rounded = tick === undefined ? value : formatToTick({ value, tick })
  const text = options.group === false ? rounded : groupThousands(rounded)
  return options.signed === true && compareDecimals({ a: rounded, b: 0 }) > 0 ? `+${text}` : text
}

/**
 * Formats a fraction as a percentage.
 *
 * @param fraction - e.g. `'-0.02134'`.
 * @param decimals - Decimals of the percentage. @default 2
 * @returns e.g. `'-2.13 %'`; positive values carry a `+` when `signed`.
 */
export function formatPercent(fraction: string, decimals = 2, signed = false): string {
  return `${formatDecimal(multiplyDecimals({ values: [fraction, 100] }), { decimals, signed })} %`
}

/**
 * Formats a value already in basis points.
 *
 * @returns e.g. `formatBps('0.16734')` → `'0.17 bps'`.
 */
export function formatBps(bps: string, decimals = 2): string {
  return `${formatDecimal(bps, { decimals })} bps`
}

/**
 * Formats a ratio in [-1, 1] (the book's imbalance), signed, to three decimals.
 *
 * @returns e.g. `formatRatio('0.1')` → `'+0.100'`, `formatRatio('-0.2954')` → `'-0.295'`.
 */
export function formatRatio(value: string): string {
  return formatDecimal(value, { decimals: 3, signed: true })
}

/**
 * Formats a duration for humans, down to minutes (seconds under a minute).
 *
 * @param ms - Milliseconds, `>= 0`.
 * @returns e.g. `'5h 38m'`, `'2d 4h'`, `'45s'`.
 */
export function formatDuration(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000))
  if (seconds < 60) return `${seconds}s`
  const minutes = Math.floor(seconds / 60)
  const hours = Math.floor(minutes / 60)
  const days = Math.floor(hours / 24)
  if (days > 0) return `${days}d ${hours % 24}h`
  if (hours > 0) return `${hours}h ${String(minutes % 60).padStart(2, '0')}m`
  return `${minutes}m`
}

/**
 * Formats epoch milliseconds as a UTC date and time.
 *
 * @returns e.g. `'2026-11-22 10:20 UTC'`.
 */
export function formatDateTime(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`
}

/**
 * Formats epoch milliseconds as a UTC time of day with seconds.
 *
 * @returns e.g. `'10:20:49'`.
 */
export function formatTime(ms: number): string {
  return new Date(ms).toISOString().slice(11, 19)
}

/**
 * Formats a leverage.
 *
 * @returns e.g. `'125x'`.
 */
export function formatLeverage(leverage: string | number): string {
  return `${typeof leverage === 'number' ? leverage : formatDecimal(leverage)}x`
}

/** Formatters bound to one contract's tick, step and currencies. */
export interface ContractFormatters {
  /** A price, rounded to the tick: `'91,719.8'`. */
  price(value: string): string
  /** A derived price (mid, microprice, average fill), to a tenth of the tick: `'91,719.85'`. */
  finePrice(value: string): string
  /** A quantity in contracts, rounded to the step: `'1,090'`. */
  contracts(value: string): string
  /** A quantity in the base coin, to one step of contracts: `'1.090'`. */
  base(value: string): string
  /** An amount of the quote currency, to cents: `'99,976.36'`. */
  quote(value: string): string
}

/**
 * Formatters for a contract's numbers: prices to its tick, quantities to
 * its step, amounts of the quote currency to two decimals.
 *
 * @param contract - Tick, step and contract size.
 * @returns The formatters.
 */
export function createContractFormatters(contract: {
  tickSize: string
  stepSize: string
  contractSize: string
}): ContractFormatters {
  const fineStep = multiplyDecimals({ values: [contract.tickSize, '0.1'] })
  const baseStep = multiplyDecimals({ values: [contract.stepSize, contract.contractSize] })
  return {
    price: (value) => formatDecimal(value, { step: contract.tickSize }),
    finePrice: (value) => formatDecimal(value, { step: fineStep }),
    contracts: (value) => formatDecimal(value, { step: contract.stepSize }),
    base: (value) => formatDecimal(value, { step: baseStep }),
    quote: (value) => formatDecimal(value, { decimals: 2 }),
  }
}
