/**
 * `/contract/public/depth`: the order book.
 *
 * The wire schema checks a side in one loop (its JSON Schema is written by
 * hand, see openapi/json-schema.ts); `data` spells a level out as a tuple, which
 * the generated decoder checks and converts in one pass.
 *
 * @module
 */
import * as z from 'zod/mini'
import { isLevel } from '../checks.ts'
import { emptyIfNull } from '../conversions.ts'
import { defineEndpoint } from '../endpoint.ts'
import { epoch } from '../epochs.ts'
import { modelMap } from '../model-map.ts'
import { modelOf } from '../model-schema.ts'
import type { Depth, DepthLevel } from '../models.ts'
import { symbolParam, symbolQuery } from '../params.ts'
import {
  isUnsignedDecimalString,
  UNSIGNED_DECIMAL_EXPECTED,
  uint,
  unsignedDecimalString,
} from '../primitives.ts'
import { endpointRoutes } from '../routes.ts'

/**
 * A wire level: price, quantity, running total, all decimal strings.
 *
 * @example
 * ```ts
 * const level: DepthLevelWire = ['65000.1', '12', '40']
 * ```
 */
export type DepthLevelWire = [price: string, qty: string, total: string]

const LEVEL_EXPECTED = 'a level [price, qty, total] of three non-negative decimal strings'

/** Checks one side of a book, reporting the first bad level with its exact path (`[i]` or `[i, j]`). */
function checkSide(side: unknown[], issues: z.core.$ZodRawIssue[]): void {
  for (let i = 0; i < side.length; i++) {
    const level = side[i]
    if (!isLevel(level)) {
      issues.push({ code: 'custom', message: LEVEL_EXPECTED, input: level, path: [i] })
      return
    }
    for (let j = 0; j < 3; j++) {
      if (!isUnsignedDecimalString(level[j])) {
        issues.push({
          code: 'custom',
          message: UNSIGNED_DECIMAL_EXPECTED,
          input: level[j],
          path: [i, j],
        })
        return
      }
    }
  }
}

const SIDE_EXPECTED = 'an array of levels, or null for an empty side'

/** A book side on the wire: an array of levels, or `null` for an empty side. */
const sideWire = z
  .custom<DepthLevelWire[] | null>((v) => v === null || Array.isArray(v), { error: SIDE_EXPECTED })
  .check((ctx) => {
    if (ctx.value) checkSide(ctx.value, ctx.issues)
  })

/** One level: three or more entries, of which the first three are read. */
const levelData = modelOf(
  z.pipe(
    z.custom<unknown[]>(isLevel, { error: LEVEL_EXPECTED }),
    z.tuple([unsignedDecimalString, unsignedDecimalString, unsignedDecimalString], z.unknown()),
  ),
  modelMap<DepthLevel>([
    ['price', null, '0'],
    ['qty', null, '1'],
    ['total', null, '2'],
  ]),
)

/** A book side to models: `null` (an empty side) becomes `[]`. */
const sideData = z.pipe(
  z.nullable(z.array(levelData, { error: SIDE_EXPECTED })),
  z.transform(emptyIfNull),
)

/**
 * The wire book. Either side may be `null` for an empty book.
 *
 * @example
 * ```ts
 * depthWire.parse({ timestamp: 1767225600000, symbol: 'BTCUSDT', bids: [['1', '1', '1']], asks: null })
 * ```
 */
export const depthWire = z.object({
  timestamp: uint,
  symbol: z.string(),
  bids: sideWire,
  asks: sideWire,
})

/**
 * Order-book depth.
 *
 * @example
 * ```ts
 * depthEndpoint.params.parse({ symbol: 'BTCUSDT' })
 * ```
 */
export const depthEndpoint = defineEndpoint(endpointRoutes['/contract/public/depth'], {
  params: z.object({ symbol: symbolParam }),
  query: z.object({ symbol: symbolQuery }),
  wire: depthWire,
  data: modelOf(
    z.object({ timestamp: epoch, symbol: z.string(), bids: sideData, asks: sideData }),
    modelMap<Depth>(['timestamp', 'symbol', 'bids', 'asks']),
  ),
})
