/**
 * A decoding plan written out as plain TypeScript: one function per
 * top-level schema, one per list (its rows checked and converted inline in
 * the loop, no call per row or field but the checks and conversions
 * themselves). Every failure is `return undefined`: the caller then asks zod why.
 *
 * @module
 */
import { acceptsUndefined, callOf, IDENTIFIER, member, property, refusal } from './expressions.ts'
import type { Call, ModelPlanEntry, Plan } from './plan.ts'

/** The TypeScript type of a value when it is known, for the functions that return lists. */
type TypeHint = string | null

/** Statements, indented by their block depth when joined. */
type Lines = string[]

/**
 * Writes plans as TypeScript functions into one module.
 */
export class Emitter {
  /** Helper declarations (lists), in order. */
  readonly declarations: string[] = []
  /** The exports of checks.ts and conversions.ts the code calls. */
  readonly used = new Set<string>()
  #names = new Map<string, number>()
  /** The top-level function being written, in the names of its helpers. */
  #context = ''

  /** A name not used before in this module, from `base`. */
  fresh(base: string): string {
    const n = this.#names.get(base) ?? 0
    this.#names.set(base, n + 1)
    return n === 0 && !/\d$/.test(base) ? base : `${base}${n}`
  }

  /**
   * A function `name(input: unknown): type | undefined` that applies `plan`.
   *
   * @param name - The function's name.
   * @param plan - What it does.
   * @param type - Its result type (without `undefined`).
   * @param doc - Its TSDoc summary.
   * @returns The declaration.
   */
  topLevel(name: string, plan: Plan, type: string, doc: string): string {
    this.#context = name.replace(/^(decode|encode)/, '').replace(/^./, (c) => c.toLowerCase())
    const body: Lines = []
    const value = this.#value(plan, 'input', body, type)
    const result = plan.kind === 'object' ? `${value} as ${type}` : value
    return [
      `/** ${doc} */`,
      `function ${name}(input: unknown): ${type} | undefined {`,
      ...body,
      `return ${result}`,
      '}',
    ].join('\n')
  }

  #uses(call: Call): void {
    this.used.add(call.name)
  }

  /**
   * Appends to `out` the statements that check the value in the local `v` and
   * returns the expression of its converted value.
   */
  #value(plan: Plan, v: string, out: Lines, type: TypeHint): string {
    const simple = refusal(plan, v)
    if (simple !== undefined) {
      this.#usesIn(plan)
      if (simple !== 'false') out.push(`if (${simple}) return undefined`)
      return v
    }
    switch (plan.kind) {
      case 'optional':
      case 'nullable':
        return this.#maybe(plan, v, out, type)
      case 'array':
        return this.#list(plan.element, v, out, type)
      case 'convert': {
        const inner = this.#value(plan.inner, v, out, type)
        this.#uses(plan.call)
        const converted = this.fresh('c')
        out.push(`const ${converted} = ${callOf(plan.call, inner)}`)
        return converted
      }
      case 'parse': {
        this.#uses(plan.call)
        const parsed = this.fresh('p')
        out.push(
          `const ${parsed} = ${callOf(plan.call, v)}`,
          `if (${parsed} === undefined) return undefined`,
        )
        return parsed
      }
      case 'then': {
        const first = this.#value(plan.first, v, out, null)
        return this.#value(plan.second, this.#local(first, out), out, type)
      }
      case 'object':
        return this.#plainObject(plan, v, out)
      case 'model':
        return this.#model(plan.inner, plan.entries, v, out, type)
      case 'pick': {
        const fields = this.#fields(plan.inner, v, out, (key) => (key === plan.key ? type : null))
        return fields.get(plan.key) as string
      }
      case 'tuple':
        throw new Error('decoders: a tuple is read only as the row of a model')
      default:
        throw new Error(`decoders: unexpected plan ${plan.kind}`)
    }
  }

  #usesIn(plan: Plan): void {
    if (plan.kind === 'check') this.#uses(plan.call)
    if (plan.kind === 'optional' || plan.kind === 'nullable') this.#usesIn(plan.inner)
  }

  /** `v` itself when it is a local, else a new local holding it. */
  #local(expression: string, out: Lines): string {
    if (IDENTIFIER.test(expression)) return expression
    const name = this.fresh('t')
    out.push(`const ${name} = ${expression}`)
    return name
  }

  /** An optional or nullable value whose inner plan converts: converted unless empty. */
  #maybe(plan: Plan & { kind: 'optional' | 'nullable' }, v: string, out: Lines, type: TypeHint) {
    const empty = plan.kind === 'optional' ? 'undefined' : 'null'
    const result = this.fresh('m')
    const inner: Lines = []
    const value = this.#value(plan.inner, v, inner, type && `NonNullable<${type}>`)
    if (type) out.push(`let ${result}: ${type} | ${empty} = ${empty}`)
    else if (plan.kind === 'nullable') out.push(`let ${result} = null`)
    else {
      // `= undefined` would be formatted away; TypeScript types the `let` by its assignments.
      out.push(
        '// biome-ignore lint/suspicious/noImplicitAnyLet: typed by the branch that assigns it',
        `let ${result}`,
      )
    }
    out.push(`if (${v} !== ${empty}) {`, ...inner, `${result} = ${value}`, '}')
    return result
  }

  #lists = new Map<Plan, string>()

  /** A list: its own function, the rows checked and converted inline in its loop. */
  #list(element: Plan, v: string, out: Lines, type: TypeHint): string {
    const name = this.#lists.get(element) ?? this.#listFunction(element, type)
    const result = this.fresh('l')
    out.push(`const ${result} = ${name}(${v})`, `if (${result} === undefined) return undefined`)
    return result
  }

  /** Writes the function of a list of `element`s (once per element plan). */
  #listFunction(element: Plan, type: TypeHint): string {
    const name = this.fresh(`${this.#context}List`)
    this.#lists.set(element, name)
    const elementType: TypeHint = type && `NonNullable<${type}>[number]`
    const body: Lines = []
    const value = this.#value(element, 'item', body, elementType)
    const listType = elementType ? `${elementType}[]` : 'unknown[]'
    this.declarations.push(
      [
        `function ${name}(items: unknown): ${listType} | undefined {`,
        'if (!Array.isArray(items)) return undefined',
        'const n = items.length',
        `const out: ${listType} = new Array(n)`,
        'for (let i = 0; i < n; i++) {',
        'const item: unknown = items[i]',
        ...body,
        `out[i] = ${value}`,
        '}',
        'return out',
        '}',
      ].join('\n'),
    )
    return name
  }

  /** A model: its row's fields, then the model in one literal. */
  #model(
    row: Plan,
    entries: readonly ModelPlanEntry[],
    v: string,
    out: Lines,
    type: TypeHint,
  ): string {
    const copied = new Map(entries.flatMap((e) => (e.convert === null ? [[e.wire[0], e.key]] : [])))
    const fields = this.#fields(row, v, out, (key) => {
      const modelKey = copied.get(key)
      return type && modelKey !== undefined ? `${type}[${JSON.stringify(modelKey)}]` : null
    })
    const parts = entries.map((entry) => {
      const values = entry.wire.map((key) => {
        const value = fields.get(key)
        if (value === undefined)
          throw new Error(`decoders: the model reads "${key}", not in its row`)
        return value
      })
      if (entry.convert === null) return `${property(entry.key)}: ${values[0]}`
      this.used.add(entry.convert)
      return `${property(entry.key)}: ${entry.convert}(${values.join(', ')})`
    })
    return `{ ${parts.join(', ')} }`
  }

  /** An object without a model: its declared keys, present as zod makes them present. */
  #plainObject(plan: Plan & { kind: 'object' }, v: string, out: Lines): string {
    const fields = this.#fields(plan, v, out, () => null)
    const result = this.fresh('o')
    const required = plan.fields.filter((f) => f.plan.kind !== 'optional')
    out.push(
      `const ${result}: Record<string, unknown> = { ${required
        .map((f) => `${property(f.key)}: ${fields.get(f.key)}`)
        .join(', ')} }`,
    )
    const row = this.#rowOf(v)
    for (const field of plan.fields) {
      if (field.plan.kind !== 'optional') continue
      const value = fields.get(field.key) as string
      out.push(
        `if (${value} !== undefined || ${JSON.stringify(field.key)} in ${row}) ${result}${member(field.key)} = ${value}`,
      )
    }
    return result
  }

  #rows = new Map<string, string>()

  /** The local holding `v` as a `Row`, made by the last object check of `v`. */
  #rowOf(v: string): string {
    return this.#rows.get(v) ?? v
  }

  /**
   * Checks an object or a tuple (or a check then one) and each of its fields;
   * returns each wire key's converted value.
   */
  #fields(
    plan: Plan,
    v: string,
    out: Lines,
    typeOf: (key: string) => TypeHint,
  ): Map<string, string> {
    if (plan.kind === 'then') {
      const first = this.#value(plan.first, v, out, null)
      return this.#fields(plan.second, this.#local(first, out), out, typeOf)
    }
    if (plan.kind === 'tuple') return this.#tupleFields(plan, v, out, typeOf)
    if (plan.kind !== 'object') throw new Error(`decoders: a model's row is a ${plan.kind}`)
    out.push(
      `if (typeof ${v} !== 'object' || ${v} === null || Array.isArray(${v})) return undefined`,
    )
    const row = this.fresh('r')
    this.#rows.set(v, row)
    out.push(`const ${row} = ${v} as Row`)
    const values = new Map<string, string>()
    for (const field of plan.fields) {
      const local = this.fresh('f')
      out.push(`const ${local}: unknown = ${row}${member(field.key)}`)
      if (field.plan.kind !== 'optional' && acceptsUndefined(field.plan)) {
        out.push(`if (!(${JSON.stringify(field.key)} in ${row})) return undefined`)
      }
      values.set(field.key, this.#value(field.plan, local, out, typeOf(field.key)))
    }
    if (plan.rule) {
      this.#uses(plan.rule)
      const args = plan.rule.keys.map((key) => values.get(key) as string)
      out.push(`if (!${callOf(plan.rule, ...args)}) return undefined`)
    }
    return values
  }

  #tupleFields(
    plan: Plan & { kind: 'tuple' },
    v: string,
    out: Lines,
    typeOf: (key: string) => TypeHint,
  ): Map<string, string> {
    out.push(`if (!Array.isArray(${v})) return undefined`)
    if (plan.rest === null) {
      out.push(`if (${v}.length !== ${plan.items.length}) return undefined`)
    } else if (plan.rest.kind !== 'any') {
      throw new Error('decoders: a tuple whose rest is checked')
    }
    const values = new Map<string, string>()
    for (const [i, item] of plan.items.entries()) {
      const local = this.fresh('e')
      out.push(`const ${local}: unknown = ${v}[${i}]`)
      values.set(String(i), this.#value(item, local, out, typeOf(String(i))))
    }
    return values
  }
}
