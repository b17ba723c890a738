/**
 * `/contract/public/leverage-bracket`: leverage risk brackets.
 *
 * @module
 */
import * as z from 'zod/mini'
import { defineEndpoint } from '../endpoint.ts'
import { modelMap } from '../model-map.ts'
import { modelOf, pickField } from '../model-schema.ts'
import type { LeverageBracket, LeverageRule } from '../models.ts'
import { symbolParam, symbolQuery } from '../params.ts'
import { decimalString, positiveInt } from '../primitives.ts'
import { endpointRoutes } from '../routes.ts'

/** One bracket on the wire. */
const bracketWire = z.object({
  bracket: positiveInt,
  initial_leverage: positiveInt,
  notional_cap: decimalString,
  notional_floor: decimalString,
  maint_margin_ratio: decimalString,
  cum: decimalString,
})

/**
 * The wire `data` of leverage-bracket: `{ rules: [{ symbol, brackets }] }`.
 *
 * @example
 * ```ts
 * leverageBracketsWire.parse({ rules: [] })
 * ```
 */
export const leverageBracketsWire = z.object({
  rules: z.array(z.object({ symbol: z.string(), brackets: z.array(bracketWire) })),
})

const bracketModel = modelMap<LeverageBracket>([
  'bracket',
  'initial_leverage',
  'notional_cap',
  'notional_floor',
  'maint_margin_ratio',
  'cum',
])

/** A rule with its brackets as models. */
const ruleData = z.object({
  symbol: z.string(),
  brackets: z.array(modelOf(bracketWire, bracketModel)),
})

const rulesData = pickField(
  z.object({ rules: z.array(modelOf(ruleData, modelMap<LeverageRule>(['symbol', 'brackets']))) }),
  'rules',
)

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
    data: rulesData,
  },
)
