import { AnalyticsInputError } from '../errors.ts'

/** Reads a time parameter: epoch milliseconds (a finite number) or a valid `Date`. */
export function toEpochMs(value: unknown, name: string): number {
  const ms = value instanceof Date ? value.getTime() : value
  if (typeof ms !== 'number' || !Number.isFinite(ms)) {
    throw new AnalyticsInputError(
      name,
      'must be epoch milliseconds (a finite number) or a valid Date',
      value,
    )
  }
  return ms
}

/** Reads a funding interval in hours as whole milliseconds (`> 0`). */
export function toIntervalMs(value: unknown, name: string): number {
  const ms = typeof value === 'number' ? value * 3_600_000 : Number.NaN
  if (!Number.isSafeInteger(ms) || ms <= 0) {
    throw new AnalyticsInputError(
      name,
      'must be a positive number of hours (whole milliseconds)',
      value,
    )
  }
  return ms
}
