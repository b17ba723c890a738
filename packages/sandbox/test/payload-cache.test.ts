import { endpointPaths } from '@perpkit/schemas'
import { describe, expect, it } from 'vitest'
import { Market } from '../src/market/market.ts'
import { serveEndpoint } from '../src/server/endpoint-handlers.ts'
import { PayloadCache } from '../src/server/payload-cache.ts'
import { RawJson } from '../src/wire/respond.ts'
import { NOW } from './helpers.ts'
import { sampleQueries } from './sample-queries.ts'

/** The payload text of a request at `now`, as the sandbox builds it without a cache. */
function build(market: Market, path: (typeof endpointPaths)[number], now: number): string {
  const query = Object.fromEntries(
    Object.entries(sampleQueries[path]).map(([k, v]) => [k, String(v)]),
  )
  const data = serveEndpoint(path, query, { market, depthLevels: 50, now, orderKey: 7 })
  return data instanceof RawJson ? data.text : JSON.stringify(data)
}

describe('the payload cache', () => {
  it('serves, within one second, exactly what a fresh build gives, every endpoint, quirks on and off', () => {
    for (const quirks of [true, false]) {
      const market = new Market(3, { quirks, contracts: 60, datedFutures: true })
      const cache = new PayloadCache()
      for (const second of [NOW - (NOW % 1000), Date.UTC(2026, 2, 1, 7, 59, 59)]) {
        for (const path of endpointPaths) {
          cache.set(path, second + 1, build(market, path, second + 1))
          for (const offset of [1, 250, 999]) {
            const payload = cache.get(path, second + offset) ?? []
            const cached = typeof payload === 'string' ? payload : Buffer.concat(payload).toString()
            expect(cached).toBe(build(market, path, second + offset))
          }
          expect(cache.get(path, second + 1000)).toBeUndefined()
        }
      }
    }
  })
})
