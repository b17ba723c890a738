/**
 * How the document groups its operations: one tag per kind of market data, each endpoint of
 * the table under one (typed by the table's paths, so a new endpoint does not compile without
 * its tag), and the gateway's routes under `System`.
 *
 * @module
 */
import type { EndpointPath } from '../routes.ts'
import type { JsonSchema } from './json-schema.ts'

/** The tags, in the order documentation tools list them. */
export const tags = [
  { name: 'Candles', description: 'Market-price and mark-price K-line series.' },
  { name: 'Trades', description: 'The latest market trades.' },
  { name: 'Funding', description: 'Current funding rates and their history.' },
  { name: 'Contracts', description: 'Contract details and leverage risk brackets.' },
  { name: 'Order book', description: 'Order-book depth.' },
  { name: 'Open interest', description: 'Open interest and its value.' },
  { name: 'System', description: 'Routes of the gateway in front of the market data.' },
] as const satisfies readonly JsonSchema[]

/** A tag's name. */
export type TagName = (typeof tags)[number]['name']

/** The tag of each endpoint of the table. */
export const tagOfEndpoint: Record<EndpointPath, TagName> = {
  '/contract/public/kline': 'Candles',
  '/contract/public/markprice-kline': 'Candles',
  '/contract/public/market-trade': 'Trades',
  '/contract/public/funding-rate': 'Funding',
  '/contract/public/funding-rate-history': 'Funding',
  '/contract/public/funding-rate-v2': 'Funding',
  '/contract/public/details': 'Contracts',
  '/contract/public/leverage-bracket': 'Contracts',
  '/contract/public/depth': 'Order book',
  '/contract/public/open-interest': 'Open interest',
}
