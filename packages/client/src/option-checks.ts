/**
 * One way to check options: each check names the option, says what it must
 * be, and shows what it got, in a {@link PerpkitError} thrown before any request.
 * `invalidOption` and `checkPositiveMs` are exported, so packages built on the
 * client (a rate-limit store, say) check their options the same way.
 *
 * @module
 */
import { PerpkitError } from './errors/base.ts'

function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value)
  if (Array.isArray(value)) return `an array of length ${value.length}`
  if (value !== null && typeof value === 'object') return 'an object'
  return String(value)
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
export function invalidOption(name: string, expected: string, received: unknown): PerpkitError {
  return new PerpkitError(`${name} must be ${expected}, got ${describe(received)}`)
}

/**
 * A duration in milliseconds: finite and above zero.
 *
 * @param name - The option's path.
 * @param value - What was passed.
 * @returns The value.
 * @throws {@link PerpkitError} when it is not a positive number.
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
  return value
}

/**
 * A delay in milliseconds: finite and not below zero.
 *
 * @param name - The option's path.
 * @param value - What was passed.
 * @returns The value.
 * @throws {@link PerpkitError} when it is negative or not a number.
 */
export function checkNonNegativeMs(name: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw invalidOption(name, 'a non-negative number of milliseconds', value)
  }
  return value
}

/**
 * A count: an integer not below `min`.
 *
 * @param name - The option's path.
 * @param value - What was passed.
 * @param min - The smallest value allowed.
 * @returns The value.
 * @throws {@link PerpkitError} when it is not such an integer.
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
