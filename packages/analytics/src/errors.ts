/**
 * The error every `@perpkit/analytics` function throws on bad input: a value
 * that is not a finite decimal, a quantity that must be positive but is not, an
 * empty or unsorted bracket table, a step of zero, and so on.
 *
 * It extends `RangeError`, so `instanceof RangeError` holds, and names the
 * offending parameter (a path such as `brackets[2].cum` or `bids[0].qty`).
 *
 * @example
 * ```ts
 * import { AnalyticsInputError, initialMargin } from '@perpkit/analytics'
 *
 * try {
 *   initialMargin({ notional: '1000', leverage: 0 })
 * } catch (error) {
 *   if (error instanceof AnalyticsInputError) {
 *     error.parameter // 'leverage'
 *     error.message // 'leverage must be a positive decimal, got 0'
 *   }
 * }
 * ```
 */
export class AnalyticsInputError extends RangeError {
  /** Path of the offending parameter, e.g. `qty` or `brackets[2].notionalCap`. */
  readonly parameter: string
  /** The value that was received, as passed. */
  readonly received: unknown

  /**
   * @param parameter - path of the offending parameter.
   * @param expectation - what the parameter must be, e.g. `must be a positive decimal`.
   * @param received - the value that was passed.
   */
  constructor(parameter: string, expectation: string, received: unknown) {
    super(`${parameter} ${expectation}, got ${describeValue(received)}`)
    this.name = 'AnalyticsInputError'
    this.parameter = parameter
    this.received = received
  }
}

/** Renders a received value for an error message: strings quoted, numbers bare. */
function describeValue(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value)
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') {
    return String(value)
  }
  if (value === null || value === undefined) return String(value)
  if (Array.isArray(value)) return `an array of length ${value.length}`
  return `a value of type ${typeof value}`
}
