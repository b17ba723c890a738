/**
 * A zod schema of the endpoint table read into a decoding plan: a small tree
 * of what to check and convert, naming each check and conversion by its
 * export of checks.ts or conversions.ts. Build time only: this is the one
 * place that reads zod's internals (`_zod.def`), and it refuses any schema it
 * cannot state exactly, saying where.
 *
 * @module
 */
import type { $ZodType } from 'zod/v4/core'
import * as checks from '../checks.ts'
import * as conversions from '../conversions.ts'
import { type DecoderMark, decoderMarkOf } from '../decoder-marks.ts'

/** A JSON value passed to a check or conversion after the value. */
export type Arg = string | number | boolean | null

/** A check or conversion call: an export's name and the arguments after the value. */
export interface Call {
  name: string
  args: readonly Arg[]
}

/** One field of an object plan. */
interface Field {
  key: string
  plan: Plan
}

/** One field of a model: its key, the conversion (or a copy) and the wire keys it reads. */
export interface ModelPlanEntry {
  key: string
  convert: string | null
  wire: readonly string[]
}

/** What to do with a value, from the outside in. */
export type Plan =
  | { kind: 'any' }
  | { kind: 'typeof'; type: 'string' | 'boolean' }
  | { kind: 'check'; call: Call; acceptsUndefined: boolean }
  | { kind: 'oneOf'; values: readonly Arg[] }
  | { kind: 'optional'; inner: Plan; seldomSent: boolean }
  | { kind: 'nullable'; inner: Plan }
  | { kind: 'array'; element: Plan }
  | { kind: 'tuple'; items: readonly Plan[]; rest: Plan | null }
  | {
      kind: 'object'
      fields: readonly Field[]
      rule: (Call & { keys: readonly string[] }) | null
    }
  | { kind: 'convert'; inner: Plan; call: Call }
  | { kind: 'parse'; call: Call }
  | { kind: 'then'; first: Plan; second: Plan }
  | { kind: 'model'; inner: Plan; entries: readonly ModelPlanEntry[] }
  | { kind: 'pick'; inner: Plan; key: string }

/** The name under which a module exports `fn`, or `undefined`. */
function exportName(module: Record<string, unknown>, fn: unknown): string | undefined {
  for (const [name, value] of Object.entries(module)) if (value === fn) return name
  return undefined
}

function checkName(fn: unknown, where: string): string {
  const name = exportName(checks, fn)
  if (name === undefined) {
    throw new Error(
      `decoders: the check at ${where} is not an export of src/checks.ts; write it there and use it in the schema (or mark the schema with markDecoder)`,
    )
  }
  return name
}

function conversionName(fn: unknown, where: string): string {
  const name = exportName(conversions, fn)
  if (name === undefined) {
    throw new Error(
      `decoders: the conversion at ${where} is not an export of src/conversions.ts; write it there and use it in the schema`,
    )
  }
  return name
}

function checkCall(mark: DecoderMark, fn: unknown, where: string): Call {
  return { name: checkName(fn, where), args: mark.args ?? [] }
}

/** Whether the check (called as the generated code calls it) accepts `undefined`. */
function acceptsUndefined(call: Call): boolean {
  const fn = (checks as unknown as Record<string, (...values: unknown[]) => boolean>)[call.name]
  return fn?.(undefined, ...call.args) === true
}

interface Def {
  type: string
  [key: string]: unknown
}

/**
 * Reads `schema` into a plan.
 *
 * @param schema - A schema of the endpoint table (its `data` or `params`), or the envelope.
 * @param where - Its name, for errors (e.g. `/contract/public/depth data`).
 * @returns The plan.
 * @throws {Error} naming the path of any part it cannot state.
 */
export function planOf(schema: $ZodType, where: string): Plan {
  let plan = plans.get(schema)
  if (plan === undefined) {
    plan = readPlan(schema, where)
    plans.set(schema, plan)
  }
  return plan
}

/** Each schema's plan: a schema used twice (both sides of a book) is one plan, one list function. */
const plans = new WeakMap<$ZodType, Plan>()

function readPlan(schema: $ZodType, where: string): Plan {
  const mark = decoderMarkOf(schema) ?? {}
  const def = schema._zod.def as unknown as Def
  if (mark.check) {
    const call = checkCall(mark, mark.check, where)
    return { kind: 'check', call, acceptsUndefined: acceptsUndefined(call) }
  }
  if (mark.oneOf) return { kind: 'oneOf', values: mark.oneOf }
  const checked = (def.checks as unknown[] | undefined)?.length ?? 0
  switch (def.type) {
    case 'unknown':
    case 'any':
      return { kind: 'any' }
    case 'string':
    case 'boolean':
      if (checked > 0) break
      return { kind: 'typeof', type: def.type }
    case 'literal':
      return { kind: 'oneOf', values: def.values as Arg[] }
    case 'enum':
      return { kind: 'oneOf', values: Object.values(def.entries as Record<string, Arg>) }
    case 'custom': {
      if (checked > 0) break
      const call = checkCall(mark, def.fn, where)
      return { kind: 'check', call, acceptsUndefined: acceptsUndefined(call) }
    }
    case 'optional':
      return {
        kind: 'optional',
        inner: planOf(def.innerType as $ZodType, where),
        seldomSent: mark.seldomSent === true,
      }
    case 'nullable':
      return { kind: 'nullable', inner: planOf(def.innerType as $ZodType, where) }
    case 'array':
      return { kind: 'array', element: planOf(def.element as $ZodType, `${where}[]`) }
    case 'tuple': {
      if (checked > 0) break
      const items = (def.items as $ZodType[]).map((item, i) => planOf(item, `${where}[${i}]`))
      const rest = def.rest ? planOf(def.rest as $ZodType, `${where}[...]`) : null
      return { kind: 'tuple', items, rest }
    }
    case 'object':
      return objectPlan(def, mark, where)
    case 'pipe':
      return pipePlan(def, mark, where)
  }
  throw new Error(
    `decoders: no plan for the ${def.type}${checked ? ' with checks' : ''} at ${where}; mark it with markDecoder (src/decoder-marks.ts)`,
  )
}

function objectPlan(def: Def, mark: DecoderMark, where: string): Plan {
  const shape = def.shape as Record<string, $ZodType>
  const fields = Object.keys(shape).map((key) => ({
    key,
    plan: planOf(shape[key] as $ZodType, `${where}.${key}`),
  }))
  const checked = (def.checks as unknown[] | undefined)?.length ?? 0
  let rule: (Call & { keys: readonly string[] }) | null = null
  if (mark.rule) {
    rule = { ...checkCall(mark, mark.rule, where), keys: mark.ruleKeys ?? [] }
  } else if (checked > 0 || def.catchall !== undefined) {
    throw new Error(
      `decoders: the object at ${where} has refinements or a catchall; state its rule with markDecoder({ rule, ruleKeys })`,
    )
  }
  if (rule) {
    for (const key of rule.keys) {
      if (!Object.hasOwn(shape, key)) throw new Error(`decoders: rule key "${key}" at ${where}`)
    }
  }
  return { kind: 'object', fields, rule }
}

function pipePlan(def: Def, mark: DecoderMark, where: string): Plan {
  if (mark.parse)
    return { kind: 'parse', call: { name: conversionName(mark.parse, where), args: [] } }
  const inner = planOf(def.in as $ZodType, where)
  const out = def.out as $ZodType
  const outDef = out._zod.def as unknown as Def
  if (outDef.type !== 'transform') {
    return { kind: 'then', first: inner, second: planOf(out, where) }
  }
  if (mark.model) {
    const entries = mark.model.entries.map((entry) => ({
      key: entry.key,
      convert:
        entry.helper === undefined ? null : conversionName(entry.helper, `${where}.${entry.key}`),
      wire: entry.wire,
    }))
    return { kind: 'model', inner, entries }
  }
  if (mark.pick !== undefined) return { kind: 'pick', inner, key: mark.pick }
  const fn = mark.convert ?? outDef.transform
  return {
    kind: 'convert',
    inner,
    call: { name: conversionName(fn, where), args: mark.args ?? [] },
  }
}
