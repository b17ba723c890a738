/**
 * One field of a fast-path row: a zod schema compiled into a plain predicate
 * (for the eval-free path) and, where the schema is known, into source that a
 * generated row checker inlines (no call per field, so no inlining budget
 * spent on it).
 *
 * @module
 */
import type * as z from 'zod/mini'

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

/**
 * Source of a check for generated code: statements that run `fail` (a
 * statement such as `return FAIL`) when the variable named `v` is refused,
 * and fall through when it is accepted. It must accept exactly what its
 * schema accepts, and may declare names only inside a block of its own. It
 * may replace `v` by a value that every consumer of the schema's output
 * treats the same (a digit string by its number, when the model reads it
 * through a conversion that gives both the same result).
 *
 * @example
 * ```ts
 * const isText: CheckSource = (v, fail) => `if (typeof ${v} !== 'string') ${fail}`
 * ```
 */
export type CheckSource = (v: string, fail: string) => string

/** A field compiled for the fast path. */
export interface FastField {
  accepts: Predicate
  convert: Convert | undefined
  /** Inline source of `accepts`, when the schema is one the compiler can write. */
  source: CheckSource | undefined
}

const registered = new WeakMap<z.core.$ZodType, FastField>()

/**
 * Teaches the fast path how to check a schema that carries refinements or
 * transforms it cannot read (custom checks, number ranges, conversions). The
 * predicate must accept exactly what the schema accepts, and `convert` (for a
 * schema with a transform) must give exactly what the schema outputs.
 *
 * @param schema - The schema.
 * @param predicate - An equivalent check.
 * @param convert - The schema's transform, for an accepted value.
 * @param source - The predicate as inline source for generated row checkers.
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
  source?: CheckSource,
): S {
  registered.set(schema, { accepts: predicate, convert, source })
  return schema
}

let labels = 0

/**
 * Compiles one field of a row object.
 *
 * @param schema - The field's schema.
 * @param name - The field's key, for the error when it cannot be compiled.
 * @returns Its predicate, conversion and inline source.
 */
export function compileField(schema: z.core.$ZodType, name: string): FastField {
  const known = registered.get(schema)
  if (known) return known
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>
  if (def.type === 'optional' || def.type === 'nullable') {
    const empty = def.type === 'optional' ? undefined : null
    const word = def.type === 'optional' ? 'undefined' : 'null'
    const inner = compileField(def.innerType as z.core.$ZodType, name)
    const { convert, source } = inner
    return {
      accepts: (v) => v === empty || inner.accepts(v),
      convert: convert && ((v) => (v === empty ? v : convert(v))),
      source: source && ((v, fail) => `if (${v} !== ${word}) {\n${source(v, fail)}\n}`),
    }
  }
  return { ...compilePredicate(schema, name), convert: undefined }
}

type Compiled = Pick<FastField, 'accepts' | 'source'>

function compilePredicate(schema: z.core.$ZodType, name: string): Compiled {
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>
  const checks = (def.checks as unknown[] | undefined) ?? []
  switch (def.type) {
    case 'string':
      if (checks.length === 0) return typeOf('string')
      break
    case 'boolean':
      return typeOf('boolean')
    case 'null':
      return oneOf([null])
    case 'literal':
      return oneOf(def.values as unknown[])
    case 'enum':
      return oneOf(Object.values(def.entries as Record<string, unknown>))
    case 'union':
      return anyOf((def.options as z.core.$ZodType[]).map((o) => compileStrict(o, name)))
  }
  throw new Error(
    `fastList: field "${name}" (${def.type}) has no fast predicate; register one with withPredicate()`,
  )
}

function typeOf(type: 'string' | 'boolean'): Compiled {
  return {
    accepts: (v) => typeof v === type,
    source: (v, fail) => `if (typeof ${v} !== '${type}') ${fail}`,
  }
}

/** A JSON literal `===` compares exactly (no NaN, no -0, no objects). */
function isPlainLiteral(value: unknown): boolean {
  if (typeof value === 'number') return Number.isFinite(value) && !Object.is(value, -0)
  return value === null || typeof value === 'string' || typeof value === 'boolean'
}

/**
 * A check that a value is one of `values` (compared with `===`), with its
 * inline source when every value is a plain JSON literal.
 *
 * @param values - The accepted values.
 * @returns Its predicate and source.
 */
export function oneOf(values: readonly unknown[]): Compiled {
  const set = new Set(values)
  const accepts: Predicate = (v) => set.has(v)
  if (!values.every(isPlainLiteral)) return { accepts, source: undefined }
  const literals = values.map((value) => JSON.stringify(value))
  return {
    accepts,
    source: (v, fail) => `if (${literals.map((l) => `${v} !== ${l}`).join(' && ')}) ${fail}`,
  }
}

/** zod's union: the first member that accepts (members never transform: see compileStrict). */
function anyOf(members: Compiled[]): Compiled {
  const predicates = members.map((m) => m.accepts)
  const accepts: Predicate = (v) => predicates.some((check) => check(v))
  const sources = members.map((m) => m.source)
  if (!sources.every((s) => s !== undefined)) return { accepts, source: undefined }
  return {
    accepts,
    source: (v, fail) => {
      const done = `union${labels++}`
      const tries = (sources as CheckSource[]).map((source) => {
        const next = `member${labels++}`
        return `${next}: {\n${source(v, `break ${next}`)}\nbreak ${done}\n}`
      })
      return `${done}: {\n${tries.join('\n')}\n${fail}\n}`
    },
  }
}

/** A union member's predicate: members with a transform need a registered one. */
function compileStrict(schema: z.core.$ZodType, name: string): Compiled {
  const field = compileField(schema, name)
  if (field.convert) {
    throw new Error(`fastList: field "${name}" has a transform inside a union; register the union`)
  }
  return field
}
