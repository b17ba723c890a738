/**
 * A decoding plan's drift shape: for each object a payload holds, the keys
 * its model reads and the optional ones whose absence counts as drift. Build
 * time only; the shapes are written into the generated module as data.
 *
 * @module
 */
import type { DriftShape } from '../drift.ts'
import type { Plan } from './plan.ts'

/**
 * The drift shape of what `plan` reads, or `null` when it reads no object.
 *
 * @param plan - A plan of a `data` schema.
 * @returns Its shape.
 */
export function driftShapeOf(plan: Plan): DriftShape | null {
  switch (plan.kind) {
    case 'optional':
    case 'nullable':
    case 'convert':
    case 'model':
    case 'pick':
      return driftShapeOf(plan.inner)
    case 'then':
      return driftShapeOf(plan.second)
    case 'array': {
      const element = driftShapeOf(plan.element)
      return element === null ? null : { list: element }
    }
    case 'object': {
      const optional = plan.fields.filter((field) => field.plan.kind === 'optional')
      const children: Record<string, DriftShape> = {}
      for (const field of plan.fields) {
        const child = driftShapeOf(field.plan)
        if (child !== null) children[field.key] = child
      }
      return {
        keys: plan.fields.map((field) => field.key),
        expected: optional.filter((f) => !isSeldom(f.plan)).map((f) => f.key),
        quiet: optional.filter((f) => isSeldom(f.plan)).map((f) => f.key),
        children,
      }
    }
    default:
      return null
  }
}

function isSeldom(plan: Plan): boolean {
  return plan.kind === 'optional' && plan.seldomSent
}
