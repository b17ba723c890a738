/**
 * Every conversion from wire to model (and from params to wire query) as
 * plain functions of checked values: the zod transforms and model tables
 * call them, and the decoders generated from the endpoint table call the
 * same functions by name. Zod-free.
 *
 * @module
 */
import { SECONDS_THRESHOLD } from './conventions.ts'
import { type KlineStep, type KlineStepInput, resolveKlineStep } from './kline-steps.ts'
import type { DepthLevel, ProductType, TradfiInfo } from './models.ts'

/**
 * Converts a wire epoch to milliseconds, whatever its unit: values below
 * 1e11 are seconds (the wire mixes units across endpoints and eras).
 *
 * @param value - Epoch seconds or milliseconds.
 * @returns Epoch milliseconds.
 * @example
 * ```ts
 * epochToMs(1767225600) // 1767225600000
 * epochToMs(1767225600000) // 1767225600000
 * ```
 */
export function epochToMs(value: number): number {
  return value < SECONDS_THRESHOLD ? value * 1000 : value
}

/** A digit string's value: exact by hand up to 15 digits (faster than `Number`), else `Number`. */
function digitsValue(text: string): number {
  if (text.length > 15) return Number(text)
  let n = 0
  for (let i = 0; i < text.length; i++) n = n * 10 + (text.charCodeAt(i) - 48)
  return n
}

/**
 * Converts a checked wire epoch (a JSON number or a digit string) to ms.
 *
 * @param v - A non-negative integer or a digit string.
 * @returns Epoch milliseconds.
 * @example
 * ```ts
 * epochNumberOrStringToMs('1767225600') // 1767225600000
 * ```
 */
export function epochNumberOrStringToMs(v: number | string): number {
  return epochToMs(typeof v === 'number' ? v : digitsValue(v))
}

/**
 * A wire epoch sent as a JSON number or a digit string, checked and converted
 * to ms in one pass (what `isEpochNumberOrString` then
 * {@link epochNumberOrStringToMs} give), or `undefined` when it is neither.
 */
export function parseEpochNumberOrString(value: unknown): number | undefined {
  if (typeof value === 'number') {
    return Number.isSafeInteger(value) && value >= 0 ? epochToMs(value) : undefined
  }
  if (typeof value !== 'string') return undefined
  const n = value.length
  if (n === 0) return undefined
  let ms = 0
  for (let i = 0; i < n; i++) {
    const digit = value.charCodeAt(i) - 48
    if (digit >>> 0 > 9) return undefined
    ms = ms * 10 + digit
  }
  // Past 15 digits the sum by hand may round differently than Number does.
  return epochToMs(n > 15 ? Number(value) : ms)
}

/**
 * Converts a wire "maybe" epoch to ms or `null`: `0`, `null`, `""` and
 * absence all mean "none".
 *
 * @param value - A number, digit string, `""`, `null` or `undefined`.
 * @returns Epoch ms, or `null` for none.
 * @example
 * ```ts
 * optionalEpochToMs(0) // null
 * optionalEpochToMs(1767225600) // 1767225600000
 * ```
 */
export function optionalEpochToMs(value: number | string | null | undefined): number | null {
  if (value === undefined || value === null || value === '') return null
  const n = Number(value)
  return n === 0 ? null : epochToMs(n)
}

/** An epoch in ms when present, else `null` (funding-rate-v2 rows come without `timestamp`). */
export function presentEpochToMs(value: number | undefined): number | null {
  return value === undefined ? null : epochToMs(value)
}

/**
 * A candle's time: ms, floored to its minute, so a candle stamped a second
 * after its bucket start lands on the bucket (every step is whole minutes).
 * Seconds (what the wire sends) floor by an integer remainder, `ts - ts % 60`,
 * which the compiler turns into a multiply while the value fits 32 bits (6%
 * of the kline decode, measured). Milliseconds floor without the
 * floating-point remainder (a C call on numbers beyond 32 bits): an integer
 * quotient times 60,000 is exact, and at most one step too high.
 */
export function candleTime(timestamp: number): number {
  if (timestamp < SECONDS_THRESHOLD) return (timestamp - (timestamp % 60)) * 1000
  const floor = Math.floor(timestamp / 60_000) * 60_000
  return floor > timestamp ? floor - 60_000 : floor
}

/**
 * Writes a finite number in plain decimal notation, expanding exponents
 * (`1e-7` becomes `"0.0000001"`) without any rounding of its own.
 *
 * @param n - A finite number.
 * @returns Its shortest round-trip digits in plain notation.
 * @example
 * ```ts
 * numberToDecimalString(1e-7) // '0.0000001'
 * ```
 */
export function numberToDecimalString(n: number): string {
  const s = String(n)
  const e = s.indexOf('e')
  if (e === -1) return s
  const negative = s.startsWith('-')
  const mantissa = s.slice(negative ? 1 : 0, e)
  const exponent = Number(s.slice(e + 1))
  const dot = mantissa.indexOf('.')
  const digits = mantissa.replace('.', '')
  const point = (dot === -1 ? mantissa.length : dot) + exponent
  let out: string
  if (point <= 0) out = `0.${'0'.repeat(-point)}${digits}`
  else if (point >= digits.length) out = digits + '0'.repeat(point - digits.length)
  else out = `${digits.slice(0, point)}.${digits.slice(point)}`
  return negative ? `-${out}` : out
}

/** A checked decimal-like value as a decimal string (numbers in plain notation). */
export function decimalLikeToString(value: string | number): string {
  return typeof value === 'string' ? value : numberToDecimalString(value)
}

/**
 * `null` for an absent optional value, else the value.
 *
 * @param value - A checked optional value.
 * @returns The value, or `null`.
 * @example
 * ```ts
 * orNull(undefined) // null
 * ```
 */
export function orNull<T>(value: T | undefined): T | null {
  return value === undefined ? null : value
}

/** `null`: a model field no wire field of this endpoint fills. */
export function nullValue(): null {
  return null
}

/** A contract's product type by its wire code. */
export function productTypeOf(code: 1 | 2): ProductType {
  return code === 1 ? 'perpetual' : 'futures'
}

/** The model of `tradfi_info`: `null` for none (absent or `null`). */
export function tradfiInfoOf(
  info: { market_group?: string | null | undefined } | null | undefined,
): TradfiInfo | null {
  return info == null ? null : { marketGroup: info.market_group ?? null }
}

/** The quantity step under either wire name (the row's rule requires one). */
export function volumePrecisionOf(vol: string | undefined, volume: string | undefined): string {
  return (vol === undefined ? volume : vol) as string
}

/** An empty book side (`null` on the wire) as no levels. */
export function emptyIfNull(side: DepthLevel[] | null): DepthLevel[] {
  return side === null ? [] : side
}

/** The envelope's code as a number (it may come as a numeric string). */
export function codeToNumber(code: number | string): number {
  return Number(code)
}

/** The envelope's message, from `message` or (gateway errors) `msg`, `''` when neither came. */
export function messageOf(message: string | undefined, msg: string | undefined): string {
  return message ?? msg ?? ''
}

/**
 * A checked time param (epoch ms or a `Date`) in epoch ms.
 *
 * @param value - Epoch ms or a `Date`.
 * @returns Epoch ms.
 * @example
 * ```ts
 * timeToMs(new Date(Date.UTC(2026, 0, 1))) // 1767225600000
 * ```
 */
export function timeToMs(value: number | Date): number {
  return typeof value === 'number' ? value : value.getTime()
}

/** Epoch ms to the wire's epoch seconds. */
export function msToSeconds(ms: number): number {
  return Math.floor(ms / 1000)
}

/** A checked step (minutes or an alias) in minutes. */
export function stepMinutes(step: KlineStepInput): KlineStep {
  return resolveKlineStep(step) as KlineStep
}
