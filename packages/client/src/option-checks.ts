/**
 * One way to check options: each check names the option, says what it must
 * be, and shows what it got, in an {@link OptionError} thrown before any
 * request. `invalidOption` and `checkPositiveMs` are exported, so packages
 * built on the client (a rate-limit store, say) check their options the same way.
 *
 * @module
 */
import { OptionError } from './errors/option.ts'

/**
 * The longest delay a timer can be armed with: 2^31 - 1 ms, about 24.8 days.
 * Node, browsers, Deno and Bun fire a longer `setTimeout` after 1 ms instead
 * (Node with a `TimeoutOverflowWarning`), so no duration option may exceed it
 * and no wait is ever armed beyond it.
 *
 * @example
 * ```ts
 * const wait = (ms: number) =>
 *   new Promise((resolve) => setTimeout(resolve, Math.min(ms, MAX_TIMER_MS)))
 * ```
 */
export const MAX_TIMER_MS = 2_147_483_647

/**
 * How a refused value is shown in a message: strings quoted, arrays and
 * objects by kind (never their contents).
 *
 * @param value - What was passed.
 * @returns `"text"`, `42`, `NaN`, `an object`, `a function`, ...
 */
export function describeReceived(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value)
  if (typeof value === 'function') return 'a function'
  if (Array.isArray(value)) return `an array of length ${value.length}`
  if (value !== null && typeof value === 'object') return 'an object'
  return String(value)
}

/**
 * What a refusal may say of a value that must not be shown (a secret, a
 * header's value): its kind, never its value.
 *
 * @param value - What was passed.
 * @returns `an empty string`, `a number`, `undefined`, ...
 */
export function describeKind(value: unknown): string {
  if (value === '') return 'an empty string'
  if (value === null || value === undefined) return String(value)
  if (Array.isArray(value)) return 'an array'
  return /^[aeiou]/.test(typeof value) ? `an ${typeof value}` : `a ${typeof value}`
}

/**
 * The error for an option that is not what it must be.
 *
 * @param name - The option's path, e.g. `retry.maxRetries`.
 * @param expected - What it must be, e.g. `a non-negative integer`.
 * @param received - What was passed.
 * @returns The error to throw.
 * @example
 * ```ts
 * // In a custom RateLimitStore's constructor, say:
 * const mode: unknown = 'sometimes'
 * if (mode !== 'always' && mode !== 'never') {
 *   throw invalidOption('mode', "'always' or 'never'", mode) // mode must be 'always' or 'never', got "sometimes"
 * }
 * ```
 */
export function invalidOption(name: string, expected: string, received: unknown): OptionError {
  return new OptionError(name, `${name} must be ${expected}, got ${describeReceived(received)}`)
}

/** A duration beyond what a timer can wait. */
function tooLong(name: string, value: number): OptionError {
  return new OptionError(
    name,
    `${name} must be at most ${MAX_TIMER_MS} ms (the longest a timer can wait, about 24.8 days), got ${value}`,
  )
}

/**
 * A duration in milliseconds: finite, above zero, at most {@link MAX_TIMER_MS}.
 *
 * @param name - The option's path.
 * @param value - What was passed.
 * @returns The value.
 * @throws {@link OptionError} when it is not such a number.
 * @example
 * ```ts
 * const options: { timeoutMs?: number } = { timeoutMs: 250 }
 * const timeoutMs =
 *   options.timeoutMs === undefined ? 1000 : checkPositiveMs('timeoutMs', options.timeoutMs)
 * ```
 */
export function checkPositiveMs(name: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    throw invalidOption(name, 'a positive number of milliseconds', value)
  }
  if (value > MAX_TIMER_MS) throw tooLong(name, value)
  return value
}

/**
 * A delay in milliseconds: finite, not below zero, at most {@link MAX_TIMER_MS}.
 *
 * @param name - The option's path.
 * @param value - What was passed.
 * @returns The value.
 * @throws {@link OptionError} when it is negative or not a number.
 */
export function checkNonNegativeMs(name: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw invalidOption(name, 'a non-negative number of milliseconds', value)
  }
  if (value > MAX_TIMER_MS) throw tooLong(name, value)
  return value
}

/**
 * A count: an integer not below `min`.
 *
 * @param name - The option's path.
 * @param value - What was passed.
 * @param min - The smallest value allowed.
 * @returns The value.
 * @throws {@link OptionError} when it is not such an integer.
 */
export function checkInteger(name: string, value: unknown, min: number): number {
  if (!Number.isSafeInteger(value) || (value as number) < min) {
    throw invalidOption(
      name,
      min === 0 ? 'a non-negative integer' : `an integer of at least ${min}`,
      value,
    )
  }
  return value as number
}

/**
 * A function.
 *
 * @param name - The option's path.
 * @param value - What was passed.
 * @param expected - What it must be, e.g. `a function returning epoch milliseconds`.
 * @returns The function.
 * @throws {@link OptionError} when it is not a function.
 */
export function checkFunction<F>(name: string, value: F, expected = 'a function'): F {
  if (typeof value !== 'function') throw invalidOption(name, expected, value)
  return value
}

/**
 * One of a few strings.
 *
 * @param name - The option's path.
 * @param value - What was passed.
 * @param allowed - The strings allowed.
 * @returns The value.
 * @throws {@link OptionError} when it is none of them.
 */
export function checkOneOf<T extends string>(
  name: string,
  value: unknown,
  allowed: readonly T[],
): T {
  if (!(allowed as readonly unknown[]).includes(value)) {
    throw invalidOption(
      name,
      allowed
        .map((a) => `'${a}'`)
        .join(', ')
        .replace(/, ([^,]*)$/, ' or $1'),
      value,
    )
  }
  return value as T
}

/**
 * A plain object (not an array, not `null`).
 *
 * @param name - The option's path.
 * @param value - What was passed.
 * @param expected - What it must be, e.g. `{ apiKey, secret, memo }`.
 * @returns The object.
 * @throws {@link OptionError} otherwise.
 */
export function checkObject(
  name: string,
  value: unknown,
  expected: string,
): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw invalidOption(name, expected, value)
  }
  return value as Record<string, unknown>
}

/**
 * A non-empty string that must never be shown (a credential): the message
 * names the option and the kind of value, never the value.
 *
 * @param name - The option's path, e.g. `credentials.secret`.
 * @param value - What was passed.
 * @returns The string.
 * @throws {@link OptionError} when it is not a non-empty string.
 */
export function checkSecretString(name: string, value: unknown): string {
  if (typeof value !== 'string' || value === '') {
    throw new OptionError(name, `${name} must be a non-empty string, got ${describeKind(value)}`)
  }
  return value
}

/**
 * An `AbortSignal` (anything with `addEventListener`, so a signal of another
 * realm or a polyfill passes), or `undefined`.
 *
 * @param name - The option's path, e.g. `signal`.
 * @param value - What was passed.
 * @returns The signal.
 * @throws {@link OptionError} otherwise (an `AbortController` passed instead of its `signal`, say:
 *   the message shows `controller.signal`).
 */
export function checkSignal(name: string, value: unknown): AbortSignal | undefined {
  if (
    value !== undefined &&
    typeof (value as AbortSignal | null)?.addEventListener !== 'function'
  ) {
    throw invalidOption(name, 'an AbortSignal (controller.signal)', value)
  }
  return value as AbortSignal | undefined
}
