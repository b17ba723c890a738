/**
 * Drift: where a payload and its model part ways without either being wrong.
 * A key no model reads would be dropped silently by validation, and an
 * optional key a payload stops sending would turn a model field into `null`
 * without a word. Both are counted here, per path pattern.
 *
 * The walk is compiled once per schema. Each object is first checked whole
 * (its key count against the known keys it carries, one generated function);
 * only an object that differs is looked at key by key.
 *
 * @module
 */
import type { $ZodType } from 'zod/v4/core'
import { listRowOf } from './fast-list.ts'
import { generate, member } from './jit.ts'

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

const seldom = new WeakSet<$ZodType>()

/**
 * Marks an optional field whose absence is normal rather than drift, e.g. the
 * spec's name of a field that live servers send under another name.
 *
 * @param schema - The optional field's schema, as it stands in its object.
 * @returns The same schema.
 * @example
 * ```ts
 * import { z } from 'zod/mini'
 * const row = z.object({ vol_precision: z.optional(z.string()), volume_precision: seldomSent(z.optional(z.string())) })
 * ```
 */
export function seldomSent<S extends $ZodType>(schema: S): S {
  seldom.add(schema)
  return schema
}

/** Adds one object's drift to the counts. */
type Walk = (value: unknown, counts: Counts) => void

interface Counts {
  unknown: Record<string, number> | undefined
  missing: Record<string, number> | undefined
}

/** Each schema's compiled walks, by root name (the paths they report start with it). */
const walks = new WeakMap<$ZodType, Map<string, Walk | null>>()

/**
 * The drift of a payload that `schema` accepted: unknown and missing keys by
 * path pattern, or `null` when the payload carries exactly what the model reads.
 * Meant for JSON payloads (where a key is absent exactly when it reads `undefined`).
 *
 * @param schema - The schema that decoded `data` (an endpoint's `data`).
 * @param data - The payload it accepted.
 * @param root - The name of the payload in paths.
 * @returns The drift, or `null`.
 * @example
 * ```ts
 * import { endpoints } from '@perpkit/schemas'
 * declare const payload: unknown
 * driftOf(endpoints['/contract/public/details'].data, payload)?.unknown
 * // { 'data.symbols[].risk_note': 1200 }
 * ```
 */
export function driftOf(schema: $ZodType, data: unknown, root = 'data'): Drift | null {
  let byRoot = walks.get(schema)
  if (byRoot === undefined) {
    byRoot = new Map()
    walks.set(schema, byRoot)
  }
  let walk = byRoot.get(root)
  if (walk === undefined) {
    walk = compileWalk(schema, root) ?? null
    byRoot.set(root, walk)
  }
  if (walk === null) return null
  const counts: Counts = { unknown: undefined, missing: undefined }
  walk(data, counts)
  if (counts.unknown === undefined && counts.missing === undefined) return null
  return { unknown: counts.unknown ?? {}, missing: counts.missing ?? {} }
}

function compileWalk(schema: $ZodType, path: string): Walk | undefined {
  const row = listRowOf(schema)
  if (row) return arrayWalk(compileWalk(row, `${path}[]`))
  const def = schema._zod.def as { type: string } & Record<string, unknown>
  switch (def.type) {
    case 'object':
      return objectWalk(def.shape as Record<string, $ZodType>, path)
    case 'array':
      return arrayWalk(compileWalk(def.element as $ZodType, `${path}[]`))
    case 'optional':
    case 'nullable':
      return compileWalk(def.innerType as $ZodType, path)
    case 'pipe':
      return compileWalk(def.in as $ZodType, path)
    default:
      return undefined
  }
}

function arrayWalk(element: Walk | undefined): Walk | undefined {
  if (!element) return undefined
  return (value, counts) => {
    if (!Array.isArray(value)) return
    for (let i = 0; i < value.length; i++) element(value[i], counts)
  }
}

function objectWalk(shape: Record<string, $ZodType>, path: string): Walk {
  const keys = Object.keys(shape)
  const known = new Set(keys)
  const optional = keys.filter((key) => shape[key]?._zod.optin === 'optional')
  const expected = optional.filter((key) => !seldom.has(shape[key] as $ZodType))
  const quiet = optional.filter((key) => seldom.has(shape[key] as $ZodType))
  const carried = carriedCount(keys.length - quiet.length, expected, quiet)
  const children = keys.flatMap((key) => {
    const walk = compileWalk(shape[key] as $ZodType, `${path}.${key}`)
    return walk ? [{ key, walk }] : []
  })
  // Rows of one payload share their key list (in order): the last list's
  // verdict is kept, so a drifting list costs one comparison per key.
  let lastKeys: string[] = []
  let lastUnknown: string[] = []
  let lastMissing: string[] = []
  const differ = (keys: string[], record: Record<string, unknown>, counts: Counts) => {
    if (!sameList(keys, lastKeys)) {
      lastKeys = keys
      lastUnknown = keys.filter((key) => !known.has(key)).map((key) => `${path}.${key}`)
      lastMissing = expected
        .filter((key) => !Object.hasOwn(record, key))
        .map((key) => `${path}.${key}`)
    }
    if (lastUnknown.length > 0) counts.unknown = bump(counts.unknown, lastUnknown)
    if (lastMissing.length > 0) counts.missing = bump(counts.missing, lastMissing)
  }
  return (value, counts) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return
    const record = value as Record<string, unknown>
    const keys = Object.keys(record)
    if (keys.length !== carried(record)) differ(keys, record, counts)
    for (const { key, walk } of children) walk(record[key], counts)
  }
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

/**
 * How many known keys an object carries, or -1 when it lacks an expected one:
 * the object is exact when this equals its own key count.
 */
function carriedCount(
  always: number,
  expected: string[],
  quiet: string[],
): (row: Record<string, unknown>) => number {
  const generated = generate<(row: Record<string, unknown>) => number>(
    [],
    [],
    `return function carried(row) {
      ${expected.map((key) => `if (row${member(key)} === undefined) return -1`).join('\n')}
      let carried = ${always}
      ${quiet.map((key) => `if (row${member(key)} !== undefined) carried++`).join('\n')}
      return carried
    }`,
  )
  if (generated) return generated
  return (row) => {
    for (const key of expected) if (row[key] === undefined) return -1
    let carried = always
    for (const key of quiet) if (row[key] !== undefined) carried++
    return carried
  }
}
