/**
 * The pieces of generated source that depend on nothing but a plan: member
 * and property names, calls, the one-expression refusal of a plan, and the
 * row readers of rows whose keys come in any order.
 *
 * @module
 */
import type { Arg, Call, Plan } from './plan.ts'

export const IDENTIFIER = /^[A-Za-z_$][\w$]*$/
const RESERVED = new Set(['__proto__', 'constructor', 'prototype'])

/** `.key` where it can be, else `['key']`. */
export function member(key: string): string {
  return IDENTIFIER.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`
}

/** A property name in an object literal. */
export function property(key: string): string {
  return IDENTIFIER.test(key) && !RESERVED.has(key) ? key : JSON.stringify(key)
}

function literal(value: Arg): string {
  return JSON.stringify(value)
}

export function callOf(call: Call, ...values: string[]): string {
  return `${call.name}(${[...values, ...call.args.map(literal)].join(', ')})`
}

/** A check in one expression that is true when `v` is refused, for plans that convert nothing. */
export function refusal(plan: Plan, v: string): string | undefined {
  switch (plan.kind) {
    case 'any':
      return 'false'
    case 'typeof':
      return `typeof ${v} !== '${plan.type}'`
    case 'check':
      return `!${callOf(plan.call, v)}`
    case 'oneOf':
      return plan.values.map((value) => `${v} !== ${literal(value)}`).join(' && ')
    case 'optional':
    case 'nullable': {
      const inner = refusal(plan.inner, v)
      if (inner === undefined) return undefined
      const empty = plan.kind === 'optional' ? 'undefined' : 'null'
      return inner === 'false' ? 'false' : `${v} !== ${empty} && ${wrap(inner)}`
    }
    default:
      return undefined
  }
}

function wrap(expression: string): string {
  return /&&|\|\|/.test(expression) ? `(${expression})` : expression
}

/** Whether a plan accepts `undefined` (a required key must then be present, as zod requires). */
export function acceptsUndefined(plan: Plan): boolean {
  switch (plan.kind) {
    case 'any':
    case 'optional':
      return true
    case 'check':
      return plan.acceptsUndefined
    case 'oneOf':
      return plan.values.some((value) => value === undefined)
    case 'nullable':
    case 'convert':
    case 'model':
    case 'pick':
      return acceptsUndefined(plan.inner)
    case 'then':
      return acceptsUndefined(plan.first)
    default:
      return false
  }
}

/**
 * The declarations of a row reader named `base`: it reads a row's fields into
 * the list's slots `s` through one of two readers, by the row's first key.
 * Rows of one payload come in many key orders (each its own hidden class),
 * and one read per field that sees them all goes through V8's megamorphic
 * cache. Most rows keep the schema's order (the live catalog: three in four),
 * so one reader sees only the orders that start with its first key and reads
 * through inline caches; the other takes the rest. Each reader is its own
 * function literal, so each has its own caches. (A reader per first key saved
 * little more and cost a browser bundle some 900 B gzip.)
 *
 * @param base - The reader's name.
 * @param plan - The row's plan.
 * @returns The three function declarations.
 */
export function readersSource(base: string, plan: Plan & { kind: 'object' }): string[] {
  const body = plan.fields.map((field, k) => `s[${k}] = r${member(field.key)}`)
  const [usual, other] = [`${base}Usual`, `${base}Other`]
  const firstKey = JSON.stringify(plan.fields[0]?.key)
  return [
    ...[usual, other].map(
      (name) => `function ${name}(r: Row, s: unknown[]): void {\n${body.join('\n')}\n}`,
    ),
    [
      '/** Reads a row into `s` through the reader of its first key. */',
      `function ${base}(r: Row, s: unknown[]): void {`,
      'let first: string | undefined',
      'for (first in r) break',
      `if (first === ${firstKey}) ${usual}(r, s)`,
      `else ${other}(r, s)`,
      '}',
    ].join('\n'),
  ]
}
