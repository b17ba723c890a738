import type { ClientMethodName, Depth, EndpointPath, FundingRate, Kline } from '@perpkit/schemas'
import { describe, expectTypeOf, it } from 'vitest'
import {
  type ApiResponse,
  createClient,
  type EndpointMethod,
  type PerpkitClient,
} from '../src/index.ts'

const client = createClient({ baseUrl: 'http://127.0.0.1:1' })

describe('client types', () => {
  it('returns the normalized models, and withResponse() adds the response', () => {
    expectTypeOf(client.getDepth({ symbol: 'BTCUSDT' })).resolves.toEqualTypeOf<Depth>()
    expectTypeOf(client.getDepth({ symbol: 'BTCUSDT' }).withResponse()).resolves.toEqualTypeOf<
      ApiResponse<Depth>
    >()
    expectTypeOf(client.iterKlines).returns.toEqualTypeOf<AsyncGenerator<Kline, void, undefined>>()
  })

  it('accepts step aliases and Dates, and refuses unknown params at compile time', () => {
    expectTypeOf(client.getKlines).toBeCallableWith({
      symbol: 'X',
      step: '4h',
      startTime: new Date(),
      endTime: 0,
    })
    // @ts-expect-error -- '2h' is an alias but '7m' is not a step
    void client.getKlines({ symbol: 'X', step: '7m', startTime: 0, endTime: 0 })
    // @ts-expect-error -- limit is not a param of depth
    void client.getDepth({ symbol: 'X', limit: 5 })
    // @ts-expect-error -- depth needs a symbol
    void client.getDepth({})
  })

  it('has, for every path of the table, the method its row names, calling that path', () => {
    // If two rows named one method, or a method were missing, some path would map to false.
    type Covered = {
      [P in EndpointPath]: PerpkitClient[ClientMethodName<P>] extends EndpointMethod<P>
        ? true
        : false
    }
    expectTypeOf<Covered>().toEqualTypeOf<Record<EndpointPath, true>>()
  })

  it('makes the params argument optional exactly when every param is', () => {
    expectTypeOf(client.getFundingRates)
      .parameter(0)
      .toEqualTypeOf<{ symbol?: string | undefined } | undefined>()
    expectTypeOf(client.getFundingRates()).resolves.toEqualTypeOf<FundingRate[]>()
    expectTypeOf(client.getContracts).toBeCallableWith()
    // @ts-expect-error -- depth's symbol is required, so its params are too
    void client.getDepth()
  })
})
