/**
 * `--from` / `--to`: an ISO date (`2026-01-01`, `2026-01-01T12:00Z`) or epoch ms.
 *
 * @module
 */
import { RecorderError } from '../errors.ts'

const DIGITS = /^\d+$/
const ISO =
  /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/

/**
 * Parses a time flag; a date or date-time without a zone is UTC.
 *
 * @param flag - The flag name, for the error.
 * @param value - What the user wrote.
 * @returns Epoch ms.
 */
export function parseTime(flag: string, value: string): number {
  if (DIGITS.test(value)) {
    const ms = Number(value)
    if (Number.isSafeInteger(ms)) return ms
  } else if (ISO.test(value)) {
    const zoned = /(?:Z|[+-]\d{2}:?\d{2})$/.test(value) || value.length === 10 ? value : `${value}Z`
    const ms = Date.parse(zoned)
    if (Number.isFinite(ms)) return ms
  }
  throw new RecorderError(
    `${flag} ${JSON.stringify(value)} is not an ISO date (2026-01-01, 2026-01-01T12:00Z) or epoch ms`,
  )
}
