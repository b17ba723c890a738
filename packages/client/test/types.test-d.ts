import type { Depth, Kline } from '@perpkit/schemas'
import { describe, expectTypeOf, it } from 'vitest'
import { type ApiResponse, createClient } from '../src/index.ts'

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
    // @ts-expect-error -- depth needs a symbol
    void client.getDepth({})
  })
})
