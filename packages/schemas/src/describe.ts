/**
 * How a refused value is told: where (`data.bids[3][0]`), what was expected,
 * what arrived. Zod-free.
 *
 * @module
 */

/**
 * One reason a payload was refused: where (`path`, from the envelope's `data`,
 * e.g. `data.bids[3][0]`), what was expected and what arrived.
 *
 * @example
 * ```ts
 * const issue: PayloadIssue = { path: 'data.bids[3][0]', expected: 'a decimal string', received: '"abc"' }
 * ```
 */
export interface PayloadIssue {
  path: string
  expected: string
  received: string
}

/**
 * Formats a path as `data.bids[3][0]`.
 *
 * @param path - Path segments.
 * @returns A readable path; `(root)` for an empty path.
 * @example
 * ```ts
 * formatPath(['data', 'bids', 3, 0]) // 'data.bids[3][0]'
 * ```
 */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = ''
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`
    else out += out === '' ? String(segment) : `.${String(segment)}`
  }
  return out === '' ? '(root)' : out
}

/**
 * A short, readable rendering of a received value (JSON, cut at 60 characters).
 *
 * @param value - Anything.
 * @returns `missing` for `undefined`, else compact JSON.
 * @example
 * ```ts
 * describeValue('abc') // '"abc"'
 * describeValue(undefined) // 'missing'
 * ```
 */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'missing'
  let text: string
  try {
    text = JSON.stringify(value) ?? String(value)
  } catch {
    text = String(value)
  }
  return text.length > 60 ? `${text.slice(0, 57)}...` : text
}
