/**
 * A model made from a checked wire row by one table, which gives both the
 * row's converter (`toTrade`, `toContract`...) and what the generated
 * decoders build the model with, so the two are written once and cannot part
 * ways. Zod-free.
 *
 * @module
 */

/**
 * One model field: a wire key copied under its camelCase name
 * (`'quote_qty'` gives `quoteQty`), or the model key, a helper (`null` to
 * copy the one wire value) and the wire keys (a tuple's indices as strings)
 * whose checked values the helper is called with.
 *
 * @example
 * ```ts
 * const fields: ModelField[] = ['symbol', ['time', 'epochToMs', 'time']]
 * ```
 */
export type ModelField = string | readonly [model: string, helper: string | null, ...wire: string[]]

/**
 * Helpers a model table calls, by name: each a conversion exported by
 * conversions.ts, which the generated decoders import.
 */
type Helpers = Record<string, (...values: never[]) => unknown>

/** One model field, spelled out. */
interface ModelEntry {
  /** The model's key. */
  key: string
  /** The conversion, or `undefined` to copy the one wire value. */
  helper: ((...values: never[]) => unknown) | undefined
  /** The wire keys whose checked values it takes. */
  wire: readonly string[]
}

/**
 * A model table's fields and the converter they make.
 *
 * @example
 * ```ts
 * declare const trades: ModelMap<{ symbol: string }>
 * trades.build({ symbol: 'BTCUSDT' }) // { symbol: 'BTCUSDT' }
 * ```
 */
export interface ModelMap<Model> {
  /** The fields, in the model's key order. */
  entries: readonly ModelEntry[]
  /** Converts a checked wire row. */
  build: (row: object) => Model
}

const camelCase = (key: string) => key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase())

/**
 * Makes a model's converter from its table.
 *
 * @param fields - The model's fields, in the model's key order.
 * @param helpers - The helpers the table names.
 * @returns The table and its converter.
 * @example
 * ```ts
 * import { epochToMs } from './conversions.ts'
 * const trade = modelMap<{ symbol: string; time: number }>(['symbol', ['time', 'epochToMs', 'time']], { epochToMs })
 * trade.build({ symbol: 'BTCUSDT', time: 1767225600 }) // { symbol: 'BTCUSDT', time: 1767225600000 }
 * ```
 */
export function modelMap<Model>(
  fields: readonly ModelField[],
  helpers: Helpers = {},
): ModelMap<Model> {
  const entries = fields.map((field): ModelEntry => {
    if (typeof field === 'string')
      return { key: camelCase(field), helper: undefined, wire: [field] }
    if (field[1] === null)
      return { key: field[0], helper: undefined, wire: field.slice(2, 3) as string[] }
    const helper = helpers[field[1]]
    if (helper === undefined) throw new Error(`modelMap: no helper "${field[1]}" for "${field[0]}"`)
    return { key: field[0], helper, wire: field.slice(2) as string[] }
  })
  const build = (row: object): Model => {
    const wire = row as Record<string, never>
    const out: Record<string, unknown> = {}
    for (const { key, helper, wire: keys } of entries) {
      out[key] =
        helper === undefined
          ? wire[keys[0] as string]
          : (helper as (...values: unknown[]) => unknown)(...keys.map((k) => wire[k]))
    }
    return out as Model
  }
  return { entries, build }
}
