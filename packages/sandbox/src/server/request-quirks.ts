/**
 * The quirks of one success envelope, decided by (seed, path, query) so a
 * request always gets the same ones: the `message` (`"Ok"`, or with quirks
 * `"Ok"` on some answers and `"OK"` on others, as live servers vary: field
 * notes "Envelope and errors") and, with quirks, the key that orders the
 * envelope's and the payload's keys ("Key order varies").
 *
 * @module
 */
import { hash2, hashString } from '../market/hash.ts'

/** What a success envelope varies. */
export interface RequestQuirks {
  message: 'Ok' | 'OK'
  /** The key of the key order (see `shuffledKeys`), or `undefined` for the fixed order. */
  orderKey: number | undefined
}

const CLEAN: RequestQuirks = { message: 'Ok', orderKey: undefined }

/** The quirks of the success envelope of a request. */
export function requestQuirks(
  seedHash: number,
  quirks: boolean,
  path: string,
  rawQuery: string,
): RequestQuirks {
  if (!quirks) return CLEAN
  const key = hash2(seedHash, hashString(`${path}?${rawQuery}`))
  return { message: key % 2 === 0 ? 'Ok' : 'OK', orderKey: hash2(key, 0x6f726472) }
}
