/**
 * `--from` / `--to`: an ISO date (`2026-01-01`, `2026-01-01T12:00Z`) or epoch ms.
 * Only real calendar dates and times pass (`2026-02-30` and `T24:00` do not,
 * where `Date.parse` would roll them over), and a number that looks like epoch
 * seconds is refused with its value in ms as a hint.
 *
 * @module
 */
import { RecorderError } from '../errors.ts'

const DIGITS = /^\d+$/
const ISO =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})?)?$/

/**
 * Epoch ms below this (1973-03-03) are taken for epoch seconds: the API's
 * history starts decades later, and epoch seconds of any date from 1973 to
 * 5138 fall below it.
 */
const SECONDS_BELOW = 100_000_000_000

function usage(flag: string, value: string, why: string): RecorderError {
  return new RecorderError(
    `${flag} ${JSON.stringify(value)} ${why}; use an ISO date (2026-01-01, 2026-01-01T12:00Z) or epoch ms`,
  )
}

/** Whether the fields of an ISO date-time name a real day and time of day. */
function isCalendarTime(fields: RegExpExecArray): boolean {
  const [, year, month, day, hour = '0', minute = '0', second = '0'] = fields
  const [y, mo, d] = [Number(year), Number(month), Number(day)]
  // Day 0 of the next month is the last day of this one.
  const daysInMonth = new Date(Date.UTC(y, mo, 0)).getUTCDate()
  return (
    mo >= 1 &&
    mo <= 12 &&
    d >= 1 &&
    d <= daysInMonth &&
    Number(hour) <= 23 &&
    Number(minute) <= 59 &&
    Number(second) <= 59
  )
}

/**
 * Parses a time flag; a date or date-time without a zone is UTC.
 *
 * @param flag - The flag name, for the error.
 * @param value - What the user wrote.
 * @returns Epoch ms.
 * @throws {@link RecorderError} (exit code 2) for anything else.
 */
export function parseTime(flag: string, value: string): number {
  if (DIGITS.test(value)) {
    const ms = Number(value)
    if (!Number.isSafeInteger(ms)) throw usage(flag, value, 'is out of range')
    if (ms < SECONDS_BELOW) {
      const asMs = ms * 1000
      const date = new Date(asMs).toISOString().replace('.000Z', 'Z')
      throw new RecorderError(
        `${flag} ${value} looks like epoch seconds (${date}): give epoch ms (${asMs}) or an ISO date`,
      )
    }
    return ms
  }
  const fields = ISO.exec(value)
  if (fields === null) throw usage(flag, value, 'is not an ISO date')
  if (!isCalendarTime(fields)) throw usage(flag, value, 'is not a calendar date and time')
  const zoned = fields[7] !== undefined || value.length === 10 ? value : `${value}Z`
  const ms = Date.parse(zoned)
  if (!Number.isFinite(ms)) throw usage(flag, value, 'is not an ISO date')
  return ms
}
