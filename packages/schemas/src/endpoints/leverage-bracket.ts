/**
 * `/contract/public/leverage-bracket`: leverage risk brackets.
 *
 * @module
 */
import * as z from 'zod/mini'
import { defineEndpoint } from '../endpoint.ts'
import type { LeverageRule } from '../models.ts'
import { symbolParam, symbolQuery } from '../params.ts'
import { decimalString, positiveInt } from '../primitives.ts'
import { endpointRoutes } from '../routes.ts'

/**
 * The wire `data` of leverage-bracket: `{ rules: [{ symbol, brackets }] }`.
 *
 * @example
 * ```ts
 * leverageBracketsWire.parse({ rules: [] })
 * ```
 */
export const leverageBracketsWire = z.object({
  rules: z.array(
    z.object({
      symbol: z.string(),
      brackets: z.array(
        z.object({
          bracket: positiveInt,
          initial_leverage: positiveInt,
          notional_cap: decimalString,
          notional_floor: decimalString,
          maint_margin_ratio: decimalString,
          cum: decimalString,
        }),
      ),
    }),
  ),
})

/**
 * Leverage brackets of one contract, or of all when `symbol` is omitted.
 *
 * @example
 * ```ts
 * leverageBracketEndpoint.params.parse({ symbol: 'BTCUSDT' })
 * ```
 */
export const leverageBracketEndpoint = defineEndpoint(
  endpointRoutes['/contract/public/leverage-bracket'],
  {
    params: z.object({ symbol: z.optional(symbolParam) }),
    query: z.object({ symbol: z.optional(symbolQuery) }),
    wire: leverageBracketsWire,
    data: z.pipe(
      leverageBracketsWire,
      z.transform(({ rules }: z.output<typeof leverageBracketsWire>) =>
        rules.map(
          (rule): LeverageRule => ({
            symbol: rule.symbol,
            brackets: rule.brackets.map((b) => ({
              bracket: b.bracket,
              initialLeverage: b.initial_leverage,
              notionalCap: b.notional_cap,
              notionalFloor: b.notional_floor,
              maintMarginRatio: b.maint_margin_ratio,
              cum: b.cum,
            })),
          }),
        ),
      ),
    ),
  },
)
