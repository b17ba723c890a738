/**
 * The two zod shapes the endpoint table's `data` schemas are made of beyond
 * plain objects and arrays, marked so the decoder generator reads them: a
 * row taken to its model by a model table, and a wrapper object taken to
 * one of its fields (`{ symbols: [...] }` to the list).
 *
 * @module
 */
import * as z from 'zod/mini'
import { markDecoder } from './decoder-marks.ts'
import type { ModelMap } from './model-map.ts'

/**
 * `row`, then its model: `z.pipe(row, z.transform(model.build))`.
 *
 * @param row - The checked row (an object or a tuple).
 * @param model - Its model table.
 * @returns The schema from wire row to model.
 */
export function modelOf<Row extends z.ZodMiniType, Model>(row: Row, model: ModelMap<Model>) {
  return markDecoder(
    z.pipe(
      row,
      z.transform((value: z.output<Row>) => model.build(value as object)),
    ),
    { model: model as ModelMap<unknown> },
  )
}

/**
 * `object`, then its field `key`.
 *
 * @param object - A `z.object` holding `key`.
 * @param key - The field to keep.
 * @returns The schema from the wrapper to the field's output.
 */
export function pickField<
  const Shape extends Record<string, z.ZodMiniType>,
  const Key extends keyof Shape & string,
>(object: z.ZodMiniObject<Shape>, key: Key) {
  return markDecoder(
    z.pipe(
      object,
      z.transform(
        (value: z.output<z.ZodMiniObject<Shape>>) =>
          (value as Record<string, unknown>)[key] as z.output<Shape[Key]>,
      ),
    ),
    { pick: key },
  )
}
