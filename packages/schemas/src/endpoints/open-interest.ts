/**
 * `/contract/public/open-interest`: open interest and its value.
 *
 * @module
 */
import * as z from 'zod/mini'
import { defineEndpoint } from '../endpoint.ts'
import { epoch } from '../epochs.ts'
import { modelMap } from '../model-map.ts'
import { modelOf } from '../model-schema.ts'
import type { OpenInterest } from '../models.ts'
import { symbolParam, symbolQuery } from '../params.ts'
import { uint, unsignedDecimalString } from '../primitives.ts'
import { endpointRoutes } from '../routes.ts'

/**
 * The wire open interest. Values can carry 18+ decimals: kept as strings.
 *
 * @example
 * ```ts
 * openInterestWire.parse({ timestamp: 1767225600000, symbol: 'BTCUSDT', open_interest: '1.000000000000000001', open_interest_value: '65000' })
 * ```
 */
export const openInterestWire = z.object({
  timestamp: uint,
  symbol: z.string(),
  open_interest: unsignedDecimalString,
  open_interest_value: unsignedDecimalString,
})

// A spread of the shape, not z.extend: the same object, without zod's extend in a browser bundle.
const openInterestData = z.object({ ...openInterestWire.shape, timestamp: epoch })

/**
 * Open interest of one contract and its value.
 *
 * @example
 * ```ts
 * openInterestEndpoint.params.parse({ symbol: 'BTCUSDT' })
 * ```
 */
export const openInterestEndpoint = defineEndpoint(
  endpointRoutes['/contract/public/open-interest'],
  {
    params: z.object({ symbol: symbolParam }),
    query: z.object({ symbol: symbolQuery }),
    wire: openInterestWire,
    data: modelOf(
      openInterestData,
      modelMap<OpenInterest>(['symbol', 'timestamp', 'open_interest', 'open_interest_value']),
    ),
  },
)
