/**
 * Key order as live payloads vary it (field notes, "Envelope and errors":
 * "Key order varies"): with quirks, the envelope and every object of a
 * payload are sent with their keys in an order drawn from a key that the
 * request decides (seed, path and query), so the same request always gets
 * the same bytes and different requests get different orders. Clients must
 * read keys by name, never by position.
 *
 * @module
 */
import { hash2, Stream } from './hash.ts'

/** `keys` in an order drawn from `key` (a Fisher-Yates shuffle): the same key, the same order. */
export function shuffledKeys<T>(keys: readonly T[], key: number): T[] {
  const out = [...keys]
  const stream = new Stream(key)
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(stream.next() * (i + 1))
    const swap = out[i] as T
    out[i] = out[j] as T
    out[j] = swap
  }
  return out
}

/**
 * `value` with the keys of every object in it (nested ones included) in an
 * order drawn from `key`, each object its own: the `n`-th object met (depth
 * first) is shuffled by `hash2(key, n)`. Arrays keep their order.
 */
export function withShuffledKeys<T>(value: T, key: number): T {
  let count = 0
  const visit = (item: unknown): unknown => {
    if (Array.isArray(item)) return item.map(visit)
    if (item === null || typeof item !== 'object') return item
    const record = item as Record<string, unknown>
    const order = shuffledKeys(Object.keys(record), hash2(key, count++))
    const out: Record<string, unknown> = {}
    for (const name of order) out[name] = visit(record[name])
    return out
  }
  return visit(value) as T
}
