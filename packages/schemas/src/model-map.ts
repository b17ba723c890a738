/**
 * A model made from a checked wire row by one table, which gives both the
 * row's converter (`toTrade`, `toContract`...) and the source a generated
 * fast-path row builds the model with (fastList's `model`), so the two are
 * written once and cannot part ways.
 *
 * @module
 */

/**
 * One model field: a wire key copied under its camelCase name
 * (`'quote_qty'` gives `quoteQty`), or the model key, a helper and the wire
 * keys whose checked values the helper is called with.
 *
 * @example
 * ```ts
 * const fields: ModelField[] = ['symbol', ['time', 'epochToMs', 'time']]
 * ```
 */
export type ModelField = string | readonly [model: string, helper: string, ...wire: string[]]

/** Helpers a model table calls, by name. */
type Helpers = Record<string, (...values: never[]) => unknown>

/**
 * A model table's converter and its source for fastList (`model` and `helpers`).
 *
 * @example
 * ```ts
 * declare const trades: ModelMap<{ symbol: string }>
 * trades.build({ symbol: 'BTCUSDT' }) // { symbol: 'BTCUSDT' }
 * ```
 */
export interface ModelMap<Model> {
  /** Converts a checked wire row. */
  build: (row: object) => Model
  /** The model as one object literal over the row's checked values (given as variable names by wire key). */
  model: (wire: Record<string, string>) => string
  helpers: Helpers
}

const camelCase = (key: string) => key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase())

/**
 * Makes a model's converter and fast-path source from its table.
 *
 * @param fields - The model's fields, in the model's key order.
 * @param helpers - The helpers the table names.
 * @returns The converter, and `model` and `helpers` for fastList.
 * @example
 * ```ts
 * const trade = modelMap<{ symbol: string; time: number }>(['symbol', ['time', 'epochToMs', 'time']], { epochToMs })
 * trade.build({ symbol: 'BTCUSDT', time: 1767225600 }) // { symbol: 'BTCUSDT', time: 1767225600000 }
 * ```
 */
export function modelMap<Model>(
  fields: readonly ModelField[],
  helpers: Helpers = {},
): ModelMap<Model> {
  const entries = fields.map((field): [string, string | undefined, string[]] =>
    typeof field === 'string'
      ? [camelCase(field), undefined, [field]]
      : [field[0], field[1], field.slice(2) as string[]],
  )
  const build = (row: object): Model => {
    const wire = row as Record<string, never>
    const out: Record<string, unknown> = {}
    for (const [key, helper, keys] of entries) {
      out[key] =
        helper === undefined
          ? wire[keys[0] as string]
          : (helpers[helper] as (...values: unknown[]) => unknown)(...keys.map((k) => wire[k]))
    }
    return out as Model
  }
  const model = (wire: Record<string, string>) =>
    `{ ${entries
      .map(([key, helper, keys]) => {
        const values = keys.map((k) => wire[k]).join(', ')
        return `${JSON.stringify(key)}: ${helper === undefined ? values : `${helper}(${values})`}`
      })
      .join(', ')} }`
  return { build, model, helpers }
}

/**
 * `null` for an absent optional value, else the value.
 *
 * @param value - A checked optional value.
 * @returns The value, or `null`.
 * @example
 * ```ts
 * orNull(undefined) // null
 * ```
 */
export function orNull<T>(value: T | undefined): T | null {
  return value === undefined ? null : value
}
