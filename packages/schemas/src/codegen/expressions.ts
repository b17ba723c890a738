/**
 * The pieces of generated source that depend on nothing but a plan: member
 * and property names, calls, and the one-expression refusal of a plan.
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
