/**
 * The generated code of a fast list (see fast-list.ts): one row's check and
 * conversion, alone and inlined into a loop over a whole array, and the
 * readers that copy a row's fields when its key order varies.
 *
 * @module
 */
import type * as z from 'zod/mini'
import type { FastField, Predicate } from './fast-field.ts'
import type { FastListOptions } from './fast-list.ts'
import { generate, member } from './jit.ts'

/** What a fast decoder returns for a payload it cannot vouch for (zod then decides). */
export const FAIL: unique symbol = Symbol('fast path: not accepted')

/** A schema's fast path: its output for a payload it accepts, else {@link FAIL}. */
export type FastDecode = (data: unknown) => unknown

/** Copies a row's fields, by name in the schema's order, into `S`. */
type Reader = (row: object, S: unknown[]) => void

/** At most this many readers per list; rows of any other first key share one more. */
const MAX_READERS = 64

/**
 * A list's readers, one per first key (of the row, by `for...in`), made on
 * first use: the key orders of a catalog whose rows are rotated differ in
 * their first key, so each reader reads one object shape (or a few) and V8
 * compiles its reads to a shape check and a load each (one read per field
 * over dozens of shapes goes through V8's global lookup cache instead). The
 * source differs per reader (a comment), or V8 would hand every reader the
 * same compiled function and one shared set of caches. Any reader is correct
 * for any row: the first key only decides which one stays fast.
 */
function readers(keys: string[]): (first: string | undefined) => Reader {
  const source = `return (row, S) => {\n${keys.map((key, k) => `S[${k}] = row${member(key)}`).join('\n')}\n}`
  const made = new Map<string | undefined, Reader>()
  // The label makes each source unique; a payload's keys never enter it.
  const make = (label: string | number) =>
    generate<Reader>([], [], `// ${label}\n${source}`) as Reader
  const shared = make('shared')
  return (first) => {
    let reader = made.get(first)
    if (reader === undefined) {
      if (made.size === MAX_READERS) return shared
      reader = make(made.size)
      made.set(first, reader)
    }
    return reader
  }
}

/** A list's compiled check: one row, and a whole array in one loop (or FAIL). */
export interface CompiledRows {
  row: FastDecode
  rows: FastDecode
}

/** `build` of `fastList`, on a checked wire row. */
export type RowBuild = (row: Record<string, unknown>) => unknown

/** The options of `fastList`, for any row. */
export type RowOptions = FastListOptions<z.ZodMiniObject>

/**
 * One row's check and conversion, alone and inlined into a loop over the whole
 * array (decodeData's path: no call per row): generated code that reads each field
 * once by name (inline caches instead of a lookup per computed key), checks
 * it with the field's inline source (or its predicate), and builds the model
 * in one literal (`options.model`), or hands `build` a fresh wire row whose
 * keys are always in the schema's order. With `keysInAnyOrder`, the loop reads
 * each row through a reader (see {@link readers}) and checks the copies.
 * Without `eval`, the same steps as a loop.
 */
export function compileRows(
  keys: string[],
  fields: FastField[],
  build: RowBuild,
  options: RowOptions,
): CompiledRows {
  const { accept, acceptSource, model, helpers = {}, keysInAnyOrder = false } = options
  const checks = fields.map((field) => field.accepts)
  const converts = fields.map((field) => field.convert)
  const vars: Record<string, string> = {}
  const setup: string[] = []
  const tests: string[] = []
  for (const [k, key] of keys.entries()) {
    const source = fields[k]?.source
    let test = source ? source(`v${k}`, 'return FAIL') : `if (!check${k}(v${k})) return FAIL`
    if (!source) setup.push(`const check${k} = checks[${k}]`)
    vars[key] = `v${k}`
    if (converts[k]) {
      setup.push(`const convert${k} = converts[${k}]`)
      vars[key] = `c${k}`
      test += `\nconst c${k} = convert${k}(v${k})`
    }
    tests.push(test)
  }
  const wire = `{ ${keys.map((key) => `${JSON.stringify(key)}: ${vars[key]}`).join(', ')} }`
  // Then the row-level check, and the model's expression (`value`), in either function.
  const isRow = `if (typeof row !== 'object' || row === null || Array.isArray(row)) return FAIL`
  let checked = ''
  let value = model ? model(vars) : `build(${wire})`
  if (accept && !acceptSource) {
    checked = `const wire = ${wire}\nif (!accept(wire)) return FAIL`
    value = model ? model(vars) : 'build(wire)'
  } else if (acceptSource) {
    checked = `if (!(${acceptSource(vars)})) return FAIL`
  }
  // Each field read by name just before its check, or from the copy a reader made.
  const body = (reads: string, read: (k: number) => string) =>
    `${isRow}\n${reads}${tests.map((test, k) => `let v${k} = ${read(k)}\n${test}`).join('\n')}\n${checked}`
  const rowBody = body('', (k) => `row${member(keys[k] as string)}`)
  const names = Object.keys(helpers)
  const generated = generate<CompiledRows>(
    ['checks', 'converts', 'build', 'accept', 'FAIL', 'readerOf', ...names],
    [
      checks,
      converts,
      build,
      accept,
      FAIL,
      keysInAnyOrder && readers(keys),
      ...names.map((name) => helpers[name]),
    ],
    `${setup.join('\n')}
return {
row(row) {
${rowBody}
return ${value}
},
rows(items) {
if (!Array.isArray(items)) return FAIL
const out = new Array(items.length)
${keysInAnyOrder ? `const S = new Array(${keys.length})` : ''}
for (let i = 0; i < items.length; i++) {
const row = items[i]
${keysInAnyOrder ? body('let first\nfor (first in row) break\nreaderOf(first)(row, S)\n', (k) => `S[${k}]`) : rowBody}
out[i] = ${value}
}
return out
},
}`,
  )
  if (generated) return generated
  const count = keys.length
  const row = (item: unknown): unknown => {
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
  const rows = (items: unknown): unknown => {
    if (!Array.isArray(items)) return FAIL
    const out: unknown[] = new Array(items.length)
    for (let i = 0; i < items.length; i++) {
      const fast = row(items[i])
      if (fast === FAIL) return FAIL
      out[i] = fast
    }
    return out
  }
  return { row, rows }
}
