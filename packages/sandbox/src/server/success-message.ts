/**
 * The `message` of a success envelope: `"Ok"`, or with quirks `"Ok"` on some
 * answers and `"OK"` on others, as live servers vary (field notes "Envelope
 * and errors"). Decided by (seed, path, query), so a request always gets the
 * same one.
 *
 * @module
 */
import { hash2, hashString } from '../market/hash.ts'

/** The success message for a request. */
export function successMessage(
  seedHash: number,
  quirks: boolean,
  path: string,
  rawQuery: string,
): 'Ok' | 'OK' {
  if (!quirks) return 'Ok'
  return hash2(seedHash, hashString(`${path}?${rawQuery}`)) % 2 === 0 ? 'Ok' : 'OK'
}
