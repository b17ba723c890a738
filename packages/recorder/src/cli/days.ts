/**
 * `--days N` (freqtrade's `download-data --days`): the range starts N days
 * before now, instead of at `--from`.
 *
 * @module
 */
import { RecorderError } from '../errors.ts'
import { parsePositive } from './common.ts'

const DAY_MS = 86_400_000

/**
 * The `--from` a command runs with: `--from` as given, or, with `--days N`,
 * the time N days before now (epoch ms).
 *
 * @param values - `--from` and `--days` as given.
 * @param now - The current time, ms.
 * @returns `--from`'s value, or undefined when neither is given.
 * @throws {@link RecorderError} (exit 2) when both are given, or `--days` is no positive number.
 */
export function fromOrDays(
  values: { from?: string | undefined; days?: string | undefined },
  now: number,
): string | undefined {
  if (values.days === undefined) return values.from
  if (values.from !== undefined) throw new RecorderError('--days and --from exclude each other')
  const days = parsePositive('--days', values.days, 1, 0)
  if (days === 0) throw new RecorderError('--days must be more than 0')
  return String(Math.round(now - days * DAY_MS))
}
