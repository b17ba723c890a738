/**
 * A fast path for the big lists (candles, trades, contract rows).
 *
 * zod allocates a result object per field it checks; for a 500-candle or
 * 300-contract payload that costs more than `JSON.parse` of the text. Here a
 * row's zod object is compiled once into one generated function that reads
 * each field once, checks it with inline source and builds the model. A row
 * that fails goes to zod itself, so the error is exactly zod's, with the full
 * path. The zod object stays the one definition of the row; tests check that
 * both paths agree.
 *
 * @module
 */
import * as z from 'zod/mini'
import { compileField } from './fast-field.ts'
import {
  type CompiledRows,
  compileRows,
  FAIL,
  type FastDecode,
  type RowBuild,
  type RowOptions,
} from './fast-rows.ts'

export { FAIL, type FastDecode } from './fast-rows.ts'

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

const decoders = new WeakMap<object, FastDecode>()

/**
 * Gives a schema a fast path for `decodeData`. `decode` must return exactly
 * the schema's output for every value it accepts and {@link FAIL} for every
 * value the schema refuses; it may also return FAIL for a value the schema
 * accepts (zod then decodes it, only slower).
 *
 * @param schema - The schema.
 * @param decode - The fast path.
 * @returns The schema.
 */
export function withFastDecoder<S extends object>(schema: S, decode: FastDecode): S {
  decoders.set(schema, decode)
  return schema
}

/**
 * A schema's fast path, if it has one.
 *
 * @param schema - Any schema.
 * @returns What {@link withFastDecoder} registered.
 */
export function fastDecoderOf(schema: object): FastDecode | undefined {
  return decoders.get(schema)
}

/**
 * The fast path of `z.object({ [key]: list })` followed by picking `key`:
 * the object's list, decoded by `list`'s fast path.
 *
 * @param key - The key that holds the list.
 * @param list - A schema with a fast path (a {@link fastList}).
 * @returns The fast path of the wrapped list.
 */
export function listFieldDecoder(key: string, list: object): FastDecode {
  const decode = decoders.get(list)
  if (!decode) throw new Error(`listFieldDecoder: "${key}" has no fast path`)
  return (data) => {
    if (typeof data !== 'object' || data === null || Array.isArray(data)) return FAIL
    return decode((data as Record<string, unknown>)[key])
  }
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
 * Options of {@link fastList}.
 *
 * @example
 * ```ts
 * const options: FastListOptions<typeof tradeWire> = {
 *   model: (w) => `{ price: ${w.price}, qty: ${w.qty} }`,
 * }
 * ```
 */
export interface FastListOptions<Row extends z.ZodMiniObject> {
  /** An extra row-level check equivalent to the object's own refinements. */
  accept?: (wire: z.output<Row>) => boolean
  /**
   * `accept` as a source expression over the row's checked values, given by
   * wire key as variable names; without it, the generated check calls `accept`.
   */
  acceptSource?: (wire: Record<string, string>) => string
  /**
   * `build` as a source expression over the row's checked values (by wire
   * key, as variable names): the model in one literal, without a wire row in
   * between. It must give exactly what `build` gives; tests compare them.
   */
  model?: (wire: Record<string, string>) => string
  /** Functions the `model` source calls, by name. */
  helpers?: Record<string, unknown>
  /**
   * Rows arrive with their keys in many orders (the live catalog rotates
   * them). Each key order is its own object shape, and one read per field
   * that sees dozens of shapes goes through V8's global lookup cache; with
   * this option, decodeData's loop reads each row through a small reader
   * chosen by the row's first key, so each reader sees one shape or a few.
   */
  keysInAnyOrder?: boolean
}

/**
 * A list schema whose rows are checked by `row` and converted by `build`.
 * The result is the same as `z.array(row).transform(rows => rows.map(build))`,
 * several times faster on valid payloads.
 *
 * @param row - The row's zod object; fields with transforms need {@link withPredicate}.
 * @param build - Converts one valid wire row to its model.
 * @param options - A row-level check, and `build` as source for the generated path.
 * @returns A schema from an array of wire rows to an array of models.
 * @example
 * ```ts
 * const trades = fastList(tradeWire, (t) => ({ price: t.price, qty: t.qty }))
 * ```
 */
export function fastList<Row extends z.ZodMiniObject, Model>(
  row: Row,
  build: (wire: z.output<Row>) => Model,
  options: FastListOptions<Row> = {},
): z.ZodMiniType<Model[], unknown[]> {
  const keys = Object.keys(row.shape)
  const fields = keys.map((key) => compileField(row.shape[key] as z.core.$ZodType, key))
  // Generated on the first parse, so importing the table compiles nothing it will not use.
  let compiled: CompiledRows | undefined
  const compile = () =>
    (compiled ??= compileRows(keys, fields, build as RowBuild, options as RowOptions))
  const list = z.pipe(
    anyArray,
    z.transform((items: unknown[], ctx) => {
      const check = compile().row as (item: unknown) => Model | typeof FAIL
      const out: Model[] = new Array(items.length)
      for (let i = 0; i < items.length; i++) {
        const item = items[i]
        const fast = check(item)
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
  // decodeData's path: all rows fast, or FAIL and zod (above) finds the issue.
  withFastDecoder(list, (items) => compile().rows(items))
  return list
}
