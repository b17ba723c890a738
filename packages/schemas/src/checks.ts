/**
 * Every check the schemas make, as plain predicates: the zod leaves call
 * them (`z.custom(isUint)`), and the decoders generated from the endpoint
 * table (src/generated/decoders.ts) call the same functions by name, so a
 * rule is written once and both sides apply it. Zod-free.
 *
 * @module
 */
import { SECONDS_THRESHOLD } from './conventions.ts'
import {
  countCandles,
  type KlineStepInput,
  MAX_KLINES_PER_REQUEST,
  resolveKlineStep,
} from './kline-steps.ts'

// The decimal checks are the decoders' hottest code: about 2 ns a character, of which most
// is V8 finding each character's string representation again (`charCodeAt` cannot hoist
// that out of a loop). One loop for the integer part and one for the fraction, with the
// exit tested once per character, is the fastest form measured on the sandbox's payloads
// (regular expressions cost 20 ns a call; a Number round trip, 2 to 3 times the loop).

/**
 * True when `value` is a plain decimal string such as `"65000.1"`, `"-0.0375"` or `"0"`.
 * Exponents, blanks, `"NaN"` and empty strings are not decimals.
 *
 * @param value - Anything.
 * @returns Whether `value` is a decimal string.
 * @example
 * ```ts
 * isDecimalString('65000.1') // true
 * isDecimalString('1e-8') // false
 * ```
 */
export function isDecimalString(value: unknown): value is string {
  if (typeof value !== 'string') return false
  const n = value.length
  const start = n > 0 && value.charCodeAt(0) === 45 ? 1 : 0 // '-'
  let i = start
  let c = 0
  for (; i < n; i++) {
    c = value.charCodeAt(i)
    if ((c - 48) >>> 0 > 9) break // (c - 48) >>> 0 <= 9: '0'..'9' in one comparison
  }
  if (i === n) return n > start
  if (c !== 46 || i === start) return false // '.' after at least one digit
  const fraction = ++i
  for (; i < n; i++) if ((value.charCodeAt(i) - 48) >>> 0 > 9) return false
  return n > fraction
}

/**
 * True when `value` is a decimal string without a sign, such as `"65000.1"` or
 * `"0"`: what prices and quantities must be. `"-5"` and `"-0"` are refused.
 *
 * @param value - Anything.
 * @returns Whether `value` is an unsigned decimal string.
 * @example
 * ```ts
 * isUnsignedDecimalString('65000.1') // true
 * isUnsignedDecimalString('-0') // false
 * ```
 */
export function isUnsignedDecimalString(value: unknown): value is string {
  if (typeof value !== 'string') return false
  const n = value.length
  let i = 0
  let c = 0
  for (; i < n; i++) {
    c = value.charCodeAt(i)
    if ((c - 48) >>> 0 > 9) break
  }
  if (i === n) return n > 0
  if (c !== 46 || i === 0) return false
  const fraction = ++i
  for (; i < n; i++) if ((value.charCodeAt(i) - 48) >>> 0 > 9) return false
  return n > fraction
}

/** A decimal string, or a finite JSON number (funding limits: the spec says Long). */
export function isDecimalLike(value: unknown): value is string | number {
  return typeof value === 'number' ? Number.isFinite(value) : isDecimalString(value)
}

/** A safe integer (counts, enums). */
export function isInteger(value: unknown): value is number {
  return Number.isSafeInteger(value)
}

/** A non-negative safe integer (epochs, counts). */
export function isUint(value: unknown): value is number {
  return Number.isSafeInteger(value) && (value as number) >= 0
}

/** A positive safe integer (tier numbers, leverage, intervals). */
export function isPositiveInt(value: unknown): value is number {
  return Number.isSafeInteger(value) && (value as number) > 0
}

/** A JSON boolean. */
export function isBoolean(value: unknown): value is boolean {
  return typeof value === 'boolean'
}

/** A string of one or more digits (`/^\d+$/`). */
export function isDigits(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0) return false
  for (let i = 0; i < value.length; i++) if ((value.charCodeAt(i) - 48) >>> 0 > 9) return false
  return true
}

/** A non-negative safe integer, or a digit string (funding-rate-history `funding_time`). */
export function isEpochNumberOrString(value: unknown): value is number | string {
  return typeof value === 'number' ? isUint(value) : isDigits(value)
}

/** A time where `0`, `null` or `""` mean "none": a non-negative integer, `""` or `null`. */
export function isNoneableTime(value: unknown): value is number | '' | null {
  return value === '' || value === null || isUint(value)
}

/** The same, or a digit string: what `optionalEpoch` accepts besides absence. */
export function isOptionalEpoch(value: unknown): value is number | string | null {
  return value === '' || value === null || isEpochNumberOrString(value)
}

/** A book level on the wire before its entries are checked: an array of three or more. */
export function isLevel(value: unknown): value is unknown[] {
  return Array.isArray(value) && value.length >= 3
}

/** The envelope's `code`: a safe integer, or a string of an optional minus and digits. */
export function isEnvelopeCode(value: unknown): value is number | string {
  if (typeof value !== 'string') return Number.isSafeInteger(value)
  return value.charCodeAt(0) === 45 ? isDigits(value.slice(1)) : isDigits(value)
}

/** Anything at all (the envelope's `data`, which the endpoint's decoder reads). */
export function isAnything(_value: unknown): _value is unknown {
  return true
}

// ---- parameters (what users pass to the client) ----

/** The text of a symbol: non-empty, no whitespace, e.g. `'BTCUSDT'`. */
export function isSymbolText(text: string): boolean {
  return /^\S+$/.test(text)
}

/**
 * A symbol param: a non-empty string without whitespace, such as `'BTCUSDT'`.
 *
 * @param value - Anything.
 * @returns Whether `value` is a symbol.
 * @example
 * ```ts
 * isSymbol('BTCUSDT') // true
 * isSymbol('BTC USDT') // false
 * ```
 */
export function isSymbol(value: unknown): value is string {
  return typeof value === 'string' && isSymbolText(value)
}

/** A record count from 1 to `max`. */
export function isLimit(value: unknown, max: number): value is number {
  return Number.isSafeInteger(value) && (value as number) >= 1 && (value as number) <= max
}

/** A K-line step: minutes of the allowed set, or an alias such as `'1h'`. */
export function isKlineStepInput(value: unknown): value is KlineStepInput {
  return resolveKlineStep(value) !== undefined
}

/** What a time param is made of: a non-negative safe integer or a valid `Date`. */
export function isTimeInput(value: unknown): value is number | Date {
  return (
    (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) ||
    (value instanceof Date && !Number.isNaN(value.getTime()))
  )
}

/** A number too small to be epoch milliseconds: the user passed seconds. */
export function isEpochSeconds(value: unknown): boolean {
  return typeof value === 'number' && value < SECONDS_THRESHOLD
}

/**
 * A time param: epoch milliseconds (a non-negative integer, not seconds) or a valid `Date`.
 *
 * @param value - Anything.
 * @returns Whether `value` is a time param.
 * @example
 * ```ts
 * isTimeParam(Date.UTC(2026, 0, 1)) // true
 * isTimeParam(1767225600) // false: epoch seconds
 * ```
 */
export function isTimeParam(value: unknown): value is number | Date {
  return isTimeInput(value) && !isEpochSeconds(value)
}

/**
 * Why a K-line window in ms cannot be asked in one request, or `undefined`
 * when it can: start after end, or more candles than one request returns.
 */
export function klineWindowProblem(
  startTime: number,
  endTime: number,
  step: number,
): { path: 'startTime' | 'endTime'; message: string } | undefined {
  if (startTime > endTime) {
    return { path: 'startTime', message: 'startTime must not be after endTime' }
  }
  const count = countCandles(startTime, endTime, step as Parameters<typeof countCandles>[2])
  if (count <= MAX_KLINES_PER_REQUEST) return undefined
  return {
    path: 'endTime',
    message: `the window holds ${count} candles but one request returns at most ${MAX_KLINES_PER_REQUEST}: narrow it, or use iterKlines / getKlineRange for any range`,
  }
}

/** A K-line window (ms, step in minutes) that one request can return. */
export function isKlineWindow(startTime: number, endTime: number, step: number): boolean {
  return klineWindowProblem(startTime, endTime, step) === undefined
}

/** A details row names its quantity step under one of its two wire names. */
export function hasEither(a: unknown, b: unknown): boolean {
  return a !== undefined || b !== undefined
}
