/**
 * What the decoder generator (src/codegen/) reads about a schema that zod's
 * own structure does not say: the zod-free function a `z.custom` leaf or a
 * transform stands for when that function takes arguments, a row's model
 * table, a row-level rule, a field whose absence is not drift. Marks are set
 * where the schemas are defined and read only at build time; a mark costs a
 * `WeakMap` entry.
 *
 * @module
 */
import type { ModelMap } from './model-map.ts'

/** A check of checks.ts, with the arguments after the value. */
type Check = (value: unknown, ...args: never[]) => boolean

/** A conversion of conversions.ts, with the arguments after the value. */
type Conversion = (value: never, ...args: never[]) => unknown

/** Everything a schema may be marked with (each a different use; most marks set one). */
export interface DecoderMark {
  /** A `z.custom` (with or without `.check`s) accepts exactly `check(value, ...args)`. */
  check?: Check
  /** A transform gives exactly `convert(value, ...args)`. */
  convert?: Conversion
  /**
   * A pipe of a check and a conversion does both in one pass: it accepts exactly
   * the values `parse` maps to something other than `undefined`, and gives that.
   */
  parse?: (value: unknown) => unknown
  /** The arguments of `check` or `convert`, after the value: JSON values only. */
  args?: readonly (string | number | boolean | null)[]
  /** A `z.custom` accepts exactly these values (compared with `===`). */
  oneOf?: readonly (string | number | boolean | null)[]
  /** `z.pipe(object, z.transform((o) => o[pick]))`: the object's one field. */
  pick?: string
  /** `z.pipe(row, z.transform(model.build))`: the row's model, from its table. */
  model?: ModelMap<unknown>
  /** An object's own refinement: `rule(...values of ruleKeys)` must hold. */
  rule?: (...values: never[]) => boolean
  /** The keys whose checked values `rule` takes, in order. */
  ruleKeys?: readonly string[]
  /** An optional field whose absence is normal, not drift. */
  seldomSent?: boolean
}

const marks = new WeakMap<object, DecoderMark>()

/**
 * Marks `schema` for the decoder generator (merging with an earlier mark).
 *
 * @param schema - A zod schema.
 * @param mark - What to record.
 * @returns The schema.
 */
export function markDecoder<S extends object>(schema: S, mark: DecoderMark): S {
  marks.set(schema, { ...marks.get(schema), ...mark })
  return schema
}

/**
 * The mark of `schema`, if any.
 *
 * @param schema - A zod schema.
 * @returns Its mark.
 */
export function decoderMarkOf(schema: object): DecoderMark | undefined {
  return marks.get(schema)
}

/**
 * Marks an optional field whose absence is normal rather than drift, e.g. the
 * spec's name of a field that live servers send under another name.
 *
 * @param schema - The optional field's schema, as it stands in its object.
 * @returns The same schema.
 * @example
 * ```ts
 * import * as z from 'zod/mini'
 * const row = z.object({ vol_precision: z.optional(z.string()), volume_precision: seldomSent(z.optional(z.string())) })
 * ```
 */
export function seldomSent<S extends object>(schema: S): S {
  return markDecoder(schema, { seldomSent: true })
}
