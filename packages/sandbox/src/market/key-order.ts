/**
 * Key order as live payloads vary it (field notes, "Envelope and errors":
 * "Key order varies"): with quirks, some rows are sent with their keys
 * rotated, deterministically from the contract. Clients must read keys by
 * name, never by position.
 *
 * @module
 */
import type { ContractModel } from './contract-model.ts'

const KEY_ORDER = 0x6b657973

/**
 * `row` with its keys rotated on about one row in four (with quirks), the
 * same contract always the same way; otherwise `row` itself.
 */
export function liveKeyOrder<T extends object>(model: ContractModel, row: T): T {
  if (!model.quirk(KEY_ORDER, 0, 4)) return row
  const entries = Object.entries(row)
  const shift = 1 + (model.key % (entries.length - 1))
  return Object.fromEntries([...entries.slice(shift), ...entries.slice(0, shift)]) as T
}
