/**
 * Which windows a backfill still has to fetch: the parts of the range that no
 * stored window covers, cut by the schemas' window math.
 *
 * @module
 */
import {
  candleSpan,
  type KlineStep,
  type KlineWindow,
  klineWindows,
  stepMs,
} from '@perpkit/schemas/lite'

/**
 * The windows of `[from, to]` outside the covered intervals.
 *
 * @param from - Range start (ms).
 * @param to - Range end (ms), inclusive.
 * @param step - Step in minutes.
 * @param covered - Stored windows as `[start, end]` open times, ascending by start.
 * @returns Windows to fetch, ascending.
 */
export function missingWindows(
  from: number,
  to: number,
  step: KlineStep,
  covered: readonly (readonly [number, number])[],
): KlineWindow[] {
  const ms = stepMs(step)
  const { first, count } = candleSpan(from, to, step)
  if (count === 0) return []
  const last = first + (count - 1) * ms
  const out: KlineWindow[] = []
  let cursor = first
  for (const [start, end] of covered) {
    if (end < cursor) continue
    if (start > last) break
    if (start > cursor) out.push(...klineWindows(cursor, Math.min(start - ms, last), step))
    cursor = Math.max(cursor, end + ms)
    if (cursor > last) break
  }
  if (cursor <= last) out.push(...klineWindows(cursor, last, step))
  return out
}
