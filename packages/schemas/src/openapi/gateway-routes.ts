/**
 * Routes that live deployments serve beside the endpoint table, and that the document
 * describes too: they are the gateway's, not market data, so no client method reads them and
 * the table does not list them.
 *
 * @module
 */
import * as z from 'zod/mini'
import type { $ZodType } from 'zod/v4/core'
import { uint } from '../primitives.ts'
import type { TagName } from './tags.ts'

/** One gateway route: a GET without parameters, its wire `data`, and how it is documented. */
export interface GatewayRoute {
  path: string
  operationId: string
  tag: TagName
  summary: string
  description: string
  /** The wire `data` of its success. */
  data: $ZodType
  /** The name of its data in `components.schemas`. */
  dataName: string
}

/** The gateway's routes. */
export const gatewayRoutes: readonly GatewayRoute[] = [
  {
    path: '/system/time',
    operationId: 'getSystemTime',
    tag: 'System',
    summary: 'The server clock',
    description:
      'The server clock in epoch milliseconds: clients read it to correct their own before signing (a signed request must be within about 30 s of it). Public, unsigned; the sandbox answers its own clock (`now`).',
    data: z.object({ server_time: uint }),
    dataName: 'SystemTimeData',
  },
]
