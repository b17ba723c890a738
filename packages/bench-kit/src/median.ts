/**
 * The median of `values`: the middle one, or the mean of the two middle ones
 * when there is an even number. The one median of every bench.
 *
 * @param values - Samples, in any order (not changed).
 * @returns Their median; `NaN` for no samples.
 * @example
 * ```ts
 * median([3, 1, 2]) // 2
 * median([4, 1, 3, 2]) // 2.5
 * ```
 */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2
}
