/**
 * A fast path for the big lists (candles, trades, contract rows).
 *
 * zod allocates a result object per field it checks; for a 500-candle or
 * 300-contract payload that costs more than `JSON.parse` of the text. Here a
 * row's zod object is compiled once into plain predicates, one per field. A row
 * that passes them is converted directly. A row that fails goes to zod itself,
 * so the error is exactly zod's, with the full path. The zod object stays the
 * one definition of the row; tests check that both paths agree.
 *
 * @module
 */
import * as z from 'zod/mini'
import { generate, member } from './jit.ts'

/**
 * A check equivalent to a schema: `true` exactly when the schema accepts the value.
 *
 * @example
 * ```ts
 * const isUint: Predicate = (v) => Number.isSafeInteger(v) && (v as number) >= 0
 * ```
 */
export type Predicate = (value: unknown) => boolean

/**
 * Converts a value its predicate accepted, exactly as the schema's own
 * transform would (e.g. a number limit to its decimal string).
 *
 * @example
 * ```ts
 * const toText: Convert = (v) => (typeof v === 'string' ? v : String(v))
 * ```
 */
export type Convert = (value: unknown) => unknown

/** A field compiled for the fast path. */
interface FastField {
  accepts: Predicate
  convert: Convert | undefined
}

const registered = new WeakMap<z.core.$ZodType, FastField>()

/** Each fastList schema and the row object it checks. */
const listRows = new WeakMap<object, z.ZodMiniObject>()

/**
 * The row object of a schema made by {@link fastList}, for code that walks
 * schemas (a fast list is opaque to zod: an array checked by hand).
 *
 * @param schema - Any schema.
 * @returns Its row object, or `undefined` when it is not a fast list.
 * @example
 * ```ts
 * listRowOf(endpoints['/contract/public/kline'].data) // klineRecordWire
 * ```
 */
export function listRowOf(schema: object): z.ZodMiniObject | undefined {
  return listRows.get(schema)
}

/**
 * An array whose elements are left to the caller: `z.array(z.unknown())`
 * would run a schema (and allocate) per element.
 *
 * @example
 * ```ts
 * anyArray.parse([1, 'a']) // [1, 'a']
 * ```
 */
export const anyArray = z.custom<unknown[]>((v) => Array.isArray(v), { error: 'an array' })

/**
 * Teaches the fast path how to check a schema that carries refinements or
 * transforms it cannot read (custom checks, number ranges, conversions). The
 * predicate must accept exactly what the schema accepts, and `convert` (for a
 * schema with a transform) must give exactly what the schema outputs.
 *
 * @param schema - The schema.
 * @param predicate - An equivalent check.
 * @param convert - The schema's transform, for an accepted value.
 * @returns The schema, for chaining.
 * @example
 * ```ts
 * import * as z from 'zod/mini'
 *
 * const uint = withPredicate(z.int().check(z.nonnegative()), (v) => Number.isSafeInteger(v) && (v as number) >= 0)
 * ```
 */
export function withPredicate<S extends z.core.$ZodType>(
  schema: S,
  predicate: Predicate,
  convert?: Convert,
): S {
  registered.set(schema, { accepts: predicate, convert })
  return schema
}

function compile(schema: z.core.$ZodType, name: string): FastField {
  const known = registered.get(schema)
  if (known) return known
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>
  if (def.type === 'optional' || def.type === 'nullable') {
    const empty = def.type === 'optional' ? undefined : null
    const inner = compile(def.innerType as z.core.$ZodType, name)
    const convert = inner.convert
    return {
      accepts: (v) => v === empty || inner.accepts(v),
      convert: convert && ((v) => (v === empty ? v : convert(v))),
    }
  }
  return { accepts: compilePredicate(schema, name), convert: undefined }
}

function compilePredicate(schema: z.core.$ZodType, name: string): Predicate {
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>
  const checks = (def.checks as unknown[] | undefined) ?? []
  switch (def.type) {
    case 'string':
      if (checks.length === 0) return (v) => typeof v === 'string'
      break
    case 'boolean':
      return (v) => typeof v === 'boolean'
    case 'null':
      return (v) => v === null
    case 'literal': {
      const values = new Set(def.values as unknown[])
      return (v) => values.has(v)
    }
    case 'enum': {
      const values = new Set(Object.values(def.entries as Record<string, unknown>))
      return (v) => values.has(v)
    }
    case 'union': {
      const options = (def.options as z.core.$ZodType[]).map((o) => compileStrict(o, name))
      return (v) => options.some((check) => check(v))
    }
  }
  throw new Error(
    `fastList: field "${name}" (${def.type}) has no fast predicate; register one with withPredicate()`,
  )
}

/** A union member's predicate: members with a transform need a registered one. */
function compileStrict(schema: z.core.$ZodType, name: string): Predicate {
  const field = compile(schema, name)
  if (field.convert) {
    throw new Error(`fastList: field "${name}" has a transform inside a union; register the union`)
  }
  return field.accepts
}

/**
 * A list schema whose rows are checked by `row` and converted by `build`.
 * The result is the same as `z.array(row).transform(rows => rows.map(build))`,
 * several times faster on valid payloads.
 *
 * @param row - The row's zod object; fields with transforms need {@link withPredicate}.
 * @param build - Converts one valid wire row to its model.
 * @param accept - An extra row-level check equivalent to the object's own refinements.
 * @returns A schema from an array of wire rows to an array of models.
 * @example
 * ```ts
 * const trades = fastList(tradeWire, (t) => ({ price: t.price, qty: t.qty }))
 * ```
 */
export function fastList<Row extends z.ZodMiniObject, Model>(
  row: Row,
  build: (wire: z.output<Row>) => Model,
  accept?: (wire: z.output<Row>) => boolean,
): z.ZodMiniType<Model[], unknown[]> {
  const keys = Object.keys(row.shape)
  const fields = keys.map((key) => compile(row.shape[key] as z.core.$ZodType, key))
  // Generated on the first parse, so importing the table compiles nothing it will not use.
  let fastRow: ((item: unknown) => Model | typeof FAIL) | undefined
  const list = z.pipe(
    anyArray,
    z.transform((items: unknown[], ctx) => {
      fastRow ??= compileRow(keys, fields, build as RowBuild, accept as RowCheck | undefined) as (
        item: unknown,
      ) => Model | typeof FAIL
      const out: Model[] = new Array(items.length)
      for (let i = 0; i < items.length; i++) {
        const item = items[i]
        const fast = fastRow(item)
        if (fast !== FAIL) {
          out[i] = fast
          continue
        }
        const slow = row.safeParse(item)
        if (!slow.success) {
          for (const issue of slow.error.issues) {
            // zod's own issue, re-rooted at this row
            ctx.issues.push({ ...issue, path: [i, ...issue.path] } as z.core.$ZodRawIssue)
          }
          return z.NEVER
        }
        out[i] = build(slow.data)
      }
      return out
    }),
  )
  listRows.set(list, row)
  return list
}

type RowCheck = (row: Record<string, unknown>) => boolean
type RowBuild = (row: Record<string, unknown>) => unknown

/** What a row's fast check returns for a row it cannot vouch for (zod then decides). */
const FAIL: unique symbol = Symbol('fastList: not accepted')

/**
 * One row's check and conversion: a generated function that reads each field
 * once by name (inline caches instead of a lookup per computed key), checks
 * it, and hands `build` a fresh wire row whose keys are always in the
 * schema's order. Payloads vary key order from row to row, which makes reads
 * of the payload's own rows megamorphic; `build` then reads one shape only.
 * Without `eval`, the same steps as a loop.
 */
function compileRow(
  keys: string[],
  fields: FastField[],
  build: RowBuild,
  accept: RowCheck | undefined,
): (item: unknown) => unknown {
  const checks = fields.map((field) => field.accepts)
  const converts = fields.map((field) => field.convert)
  const value = (k: number) => (converts[k] ? `convert${k}(v${k})` : `v${k}`)
  const setup = keys.map(
    (_, k) =>
      `const check${k} = checks[${k}]${converts[k] ? `, convert${k} = converts[${k}]` : ''}`,
  )
  const reads = keys.map(
    (key, k) => `const v${k} = row${member(key)}\nif (!check${k}(v${k})) return FAIL`,
  )
  const wire = keys.map((key, k) => `${JSON.stringify(key)}: ${value(k)}`)
  const generated = generate<(row: unknown) => unknown>(
    ['checks', 'converts', 'build', 'accept', 'FAIL'],
    [checks, converts, build, accept, FAIL],
    `${setup.join('\n')}
    return function fastRow(row) {
      if (typeof row !== 'object' || row === null || Array.isArray(row)) return FAIL
      ${reads.join('\n')}
      const wire = { ${wire.join(', ')} }
      ${accept ? 'if (!accept(wire)) return FAIL' : ''}
      return build(wire)
    }`,
  )
  if (generated) return generated
  const count = keys.length
  return (item: unknown): unknown => {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) return FAIL
    const record = item as Record<string, unknown>
    const wire: Record<string, unknown> = {}
    for (let k = 0; k < count; k++) {
      const key = keys[k] as string
      const v = record[key]
      if (!(checks[k] as Predicate)(v)) return FAIL
      const convert = converts[k]
      wire[key] = convert ? convert(v) : v
    }
    if (accept !== undefined && !accept(wire)) return FAIL
    return build(wire)
  }
}
