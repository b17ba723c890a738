/**
 * Encoding a wire query.
 *
 * @module
 */

/**
 * A query value; `undefined` leaves the parameter out.
 *
 * @example
 * ```ts
 * const query: Record<string, QueryValue> = { symbol: 'BTCUSDT', limit: 5, cursor: undefined }
 * ```
 */
export type QueryValue = string | number | boolean | undefined

/**
 * Encodes a wire query in the order of its keys, leaving out `undefined`
 * values: the exact string that is sent and signed.
 *
 * @param query - Parameter names and values.
 * @returns The form-encoded query string, without `?`.
 * @example
 * ```ts
 * encodeQuery({ symbol: 'BTCUSDT', limit: 5, from: undefined }) // 'symbol=BTCUSDT&limit=5'
 * ```
 */
export function encodeQuery(query: Readonly<Record<string, QueryValue>>): string {
  let out = ''
  for (const key in query) {
    const value = query[key]
    if (value === undefined) continue
    out += `${out === '' ? '' : '&'}${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`
  }
  return out
}
