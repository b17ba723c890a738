/**
 * `/contract/public/depth`: the order book.
 *
 * Books are the largest hot payload (up to 1000 levels a side), so levels are
 * checked and converted in one hand-written loop instead of a tuple schema
 * per level; wire validation and model conversion share that loop.
 *
 * @module
 */
import * as z from 'zod/mini'
import { defineEndpoint } from '../endpoint.ts'
import { epoch, epochToMs } from '../epochs.ts'
import { FAIL, withFastDecoder } from '../fast-list.ts'
import type { Depth, DepthLevel } from '../models.ts'
import { symbolParam, symbolQuery } from '../params.ts'
import { isUnsignedDecimalString, UNSIGNED_DECIMAL_EXPECTED, uint } from '../primitives.ts'
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

/**
 * Checks one side of a book and, if `build` is set, converts it; reports the
 * first bad level with its exact path (`[i]` or `[i, j]`).
 */
function checkSide(
  side: unknown[],
  issues: z.core.$ZodRawIssue[],
  build: boolean,
): DepthLevel[] | undefined {
  const out: DepthLevel[] | undefined = build ? new Array(side.length) : undefined
  for (let i = 0; i < side.length; i++) {
    const level = side[i]
    if (!Array.isArray(level) || level.length < 3) {
      issues.push({ code: 'custom', message: LEVEL_EXPECTED, input: level, path: [i] })
      return undefined
    }
    for (let j = 0; j < 3; j++) {
      if (!isUnsignedDecimalString(level[j])) {
        issues.push({
          code: 'custom',
          message: UNSIGNED_DECIMAL_EXPECTED,
          input: level[j],
          path: [i, j],
        })
        return undefined
      }
    }
    if (out) out[i] = { price: level[0], qty: level[1], total: level[2] }
  }
  return out
}

/**
 * An array or `null`, its levels left to the caller (one custom schema for
 * both sides of the table: `z.nullable` would add zod's nullable type to a
 * browser bundle for this alone).
 */
const bookSide = <T>() =>
  z.custom<T | null>((v) => v === null || Array.isArray(v), {
    error: 'an array of levels, or null for an empty side',
  })

/** A book side on the wire: an array of levels, or `null` for an empty side. */
const sideWire = bookSide<DepthLevelWire[]>().check((ctx) => {
  if (ctx.value) checkSide(ctx.value, ctx.issues, false)
})

/** A book side to models: `null` becomes `[]`. */
const sideData = z.pipe(
  bookSide<unknown[]>(),
  z.transform((side: unknown[] | null, ctx): DepthLevel[] => {
    if (!side) return []
    return checkSide(side, ctx.issues, true) ?? []
  }),
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

/** One side's models, or `undefined` when a level is not three unsigned decimals. */
function fastSide(side: unknown): DepthLevel[] | undefined {
  if (side === null) return []
  if (!Array.isArray(side)) return undefined
  const out: DepthLevel[] = new Array(side.length)
  for (let i = 0; i < side.length; i++) {
    const level = side[i]
    if (!Array.isArray(level) || level.length < 3) return undefined
    const price = level[0]
    const qty = level[1]
    const total = level[2]
    if (!isUnsignedDecimalString(price)) return undefined
    if (!isUnsignedDecimalString(qty)) return undefined
    if (!isUnsignedDecimalString(total)) return undefined
    out[i] = { price, qty, total }
  }
  return out
}

/** The book's fast path: the same checks as `depthData`, without zod's per-field results. */
function fastDepth(data: unknown): Depth | typeof FAIL {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return FAIL
  const book = data as Record<string, unknown>
  const timestamp = book.timestamp
  if (typeof timestamp !== 'number' || !Number.isSafeInteger(timestamp) || timestamp < 0) {
    return FAIL
  }
  const symbol = book.symbol
  if (typeof symbol !== 'string') return FAIL
  const bids = fastSide(book.bids)
  if (bids === undefined) return FAIL
  const asks = fastSide(book.asks)
  if (asks === undefined) return FAIL
  return { timestamp: epochToMs(timestamp), symbol, bids, asks }
}

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
  data: withFastDecoder(
    z.pipe(
      z.object({ timestamp: epoch, symbol: z.string(), bids: sideData, asks: sideData }),
      z.transform((d: Depth): Depth => d),
    ),
    fastDepth,
  ),
})
