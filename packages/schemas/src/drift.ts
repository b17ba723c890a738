/**
 * Drift: where a payload and its model part ways without either being wrong.
 * A key no model reads would be dropped silently by validation, and an
 * optional key a payload stops sending would turn a model field into `null`
 * without a word. Both are counted here, per path pattern, by walking the
 * payload along its endpoint's drift shape (written into the generated
 * decoders from the endpoint table). Zod-free.
 *
 * Each object is first checked whole (its key count against the known keys
 * it carries); only an object that differs is looked at key by key, and rows
 * of one payload that share their key list share that verdict.
 *
 * @module
 */

/**
 * How a payload differs from its model, by path pattern: `data.symbols[].risk_note`
 * stands for that key on every row of `symbols`. Each count says on how many
 * objects it happened.
 *
 * @example
 * ```ts
 * const drift: Drift = {
 *   unknown: { 'data.symbols[].risk_note': 1200 },
 *   missing: { 'data.symbols[].settle_timestamp': 3 },
 * }
 * ```
 */
export interface Drift {
  /** Keys the payload sent that no model field reads (validation drops them). */
  unknown: Record<string, number>
  /** Optional keys the model reads that the payload left out (their fields became `null`). */
  missing: Record<string, number>
}

/** What drift looks for in an object: its known keys and which optional ones count. */
interface DriftObject {
  /** Every key the model reads. */
  keys: readonly string[]
  /** Optional keys whose absence is drift. */
  expected: readonly string[]
  /** Optional keys whose absence is normal (`seldomSent`). */
  quiet: readonly string[]
  /** The shapes of the fields that hold objects or lists of them. */
  children: Readonly<Record<string, DriftShape>>
}

/** What drift walks: an object, or a list of what its element is. */
export type DriftShape = DriftObject | { list: DriftShape }

interface Counts {
  unknown: Record<string, number> | undefined
  missing: Record<string, number> | undefined
}

/**
 * The drift of a payload that decoded: unknown and missing keys by path
 * pattern, or `null` when the payload carries exactly what the model reads.
 * Meant for JSON payloads (where a key is absent exactly when it reads `undefined`).
 *
 * @param shape - The endpoint's drift shape (`null`: its payload holds no object).
 * @param data - The payload.
 * @param root - The name of the payload in paths.
 * @returns The drift, or `null`.
 */
export function walkDrift(shape: DriftShape | null, data: unknown, root: string): Drift | null {
  if (shape === null) return null
  const counts: Counts = { unknown: undefined, missing: undefined }
  walk(shape, data, root, counts, new Map())
  if (counts.unknown === undefined && counts.missing === undefined) return null
  return { unknown: counts.unknown ?? {}, missing: counts.missing ?? {} }
}

/** The last key list seen for an object shape, and what it meant. */
interface Verdict {
  keys: string[]
  unknown: string[]
  missing: string[]
}

function walk(
  shape: DriftShape,
  value: unknown,
  path: string,
  counts: Counts,
  verdicts: Map<DriftObject, Verdict>,
): void {
  if ('list' in shape) {
    if (!Array.isArray(value)) return
    const element = shape.list
    const at = `${path}[]`
    for (let i = 0; i < value.length; i++) walk(element, value[i], at, counts, verdicts)
    return
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return
  const record = value as Record<string, unknown>
  const keys = Object.keys(record)
  if (keys.length !== carried(shape, record)) {
    // Rows of one payload share their key list (in order): the last list's verdict
    // is kept, so a drifting list costs one comparison per key.
    let verdict = verdicts.get(shape)
    if (verdict === undefined || !sameList(keys, verdict.keys)) {
      const known = new Set(shape.keys)
      verdict = {
        keys,
        unknown: keys.filter((key) => !known.has(key)).map((key) => `${path}.${key}`),
        missing: shape.expected
          .filter((key) => !Object.hasOwn(record, key))
          .map((key) => `${path}.${key}`),
      }
      verdicts.set(shape, verdict)
    }
    if (verdict.unknown.length > 0) counts.unknown = bump(counts.unknown, verdict.unknown)
    if (verdict.missing.length > 0) counts.missing = bump(counts.missing, verdict.missing)
  }
  for (const key in shape.children) {
    walk(shape.children[key] as DriftShape, record[key], `${path}.${key}`, counts, verdicts)
  }
}

/**
 * How many known keys an object carries, or -1 when it lacks an expected one:
 * the object is exact when this equals its own key count.
 */
function carried(shape: DriftObject, record: Record<string, unknown>): number {
  for (const key of shape.expected) if (record[key] === undefined) return -1
  let count = shape.keys.length - shape.quiet.length
  for (const key of shape.quiet) if (record[key] !== undefined) count++
  return count
}

function sameList(a: string[], b: string[]): boolean {
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false
  return true
}

function bump(table: Record<string, number> = {}, names: string[]): Record<string, number> {
  for (const name of names) table[name] = (table[name] ?? 0) + 1
  return table
}
