/**
 * Key order as live payloads vary it (field notes, "Envelope and errors":
 * "Key order varies"): with quirks, the envelope and the objects of a
 * payload are sent with their keys in an order drawn from a key that the
 * request decides (seed, path and query), so the same request always gets
 * the same bytes and different requests get different orders; the rows of
 * a list share their order, but details rows, about one in four of which
 * come in an order of their own. Clients must read keys by name, never by
 * position.
 *
 * @module
 */
import { hash2, hash3, hashString, Stream } from './hash.ts'

/**
 * `keys` in an order drawn from `key` (a Fisher-Yates shuffle): the same key,
 * the same order. Never the order given (two keys or more): a shuffle that
 * drew it has its first two keys swapped, so every shuffled object moves.
 */
export function shuffledKeys<T>(keys: readonly T[], key: number): T[] {
  const out = [...keys]
  const stream = new Stream(key)
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(stream.next() * (i + 1))
    const swap = out[i] as T
    out[i] = out[j] as T
    out[j] = swap
  }
  if (out.length > 1 && out.every((name, i) => name === keys[i])) {
    out[0] = keys[1] as T
    out[1] = keys[0] as T
  }
  return out
}

/** Rows of a list that get an order of their own: about one in this many (details rows). */
const OWN_ORDER_ONE_IN = 4

/** How many other orders those rows draw from: "dozens", as live details rows come in. */
const OTHER_ORDERS = 24

/**
 * `value` with the keys of its objects (nested ones included) in an order
 * drawn from `key`. Objects at one place of the payload share an order, as
 * a server's serializer writes every row of a list alike: the elements of
 * an array share one, each field's object its own. With `rowsVary` (details,
 * whose live rows come in dozens of key orders), about one row in
 * {@link OWN_ORDER_ONE_IN} of each list is written in one of
 * {@link OTHER_ORDERS} other orders.
 * Arrays keep their order.
 *
 * @param value - The payload.
 * @param key - The request's order key.
 * @param rowsVary - Whether some rows of a list get an order of their own.
 * @returns A copy with its keys reordered.
 */
export function withShuffledKeys<T>(value: T, key: number, rowsVary = false): T {
  const orders = new Map<number, string[]>()
  const orderAt = (slot: number, keys: string[]): string[] => {
    let order = orders.get(slot)
    if (order === undefined || order.length !== keys.length) {
      order = shuffledKeys(keys, hash2(key, slot))
      orders.set(slot, order)
    }
    return order
  }
  const visit = (item: unknown, slot: number): unknown => {
    if (Array.isArray(item)) {
      return item.map((element, i) => {
        const draw = hash2(hash2(key, slot), i)
        return rowsVary && draw % OWN_ORDER_ONE_IN === 0
          ? visit(element, hash3(slot, (draw >>> 8) % OTHER_ORDERS, 0x726f77))
          : visit(element, hash2(slot, 0x5b5d))
      })
    }
    if (item === null || typeof item !== 'object') return item
    const record = item as Record<string, unknown>
    const keys = Object.keys(record)
    let order = orderAt(slot, keys)
    // A row with other keys than its neighbours' (an older row, an extra field): its own order.
    if (order.some((name) => !Object.hasOwn(record, name)))
      order = shuffledKeys(keys, hash2(key, slot ^ keys.length))
    const out: Record<string, unknown> = {}
    for (const name of order) out[name] = visit(record[name], hash2(slot, hashString(name)))
    return out
  }
  return visit(value, 0) as T
}
