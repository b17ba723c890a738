import { describe, expect, inject, it } from 'vitest'
import {
  ApiError,
  createClient,
  InvalidParamsError,
  isPerpkitError,
  isRetryableError,
  UnknownSymbolError,
} from '../src/index.ts'

const client = createClient({ baseUrl: inject('sandboxUrl'), rateLimit: false, retry: 0 })

describe('errors from the sandbox', () => {
  it('an unknown symbol is an UnknownSymbolError with code, status, endpoint and trace', async () => {
    const error = await client.getDepth({ symbol: 'NOPEUSDT' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(UnknownSymbolError)
    expect(error).toBeInstanceOf(ApiError)
    expect(isPerpkitError(error)).toBe(true)
    expect(isRetryableError(error)).toBe(false)
    const api = error as UnknownSymbolError
    expect([api.code, api.httpStatus, api.endpoint]).toEqual([
      40034,
      400,
      'GET /contract/public/depth',
    ])
    expect(api.message.replace(api.trace ?? '', '<trace>')).toMatchInlineSnapshot()
  })

  it('invalid params fail before any request, naming every field', async () => {
    const error = await client
      .getKlines({ symbol: '', step: '2h', startTime: 10, endTime: 5 })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(InvalidParamsError)
    expect((error as Error).message).toMatchInlineSnapshot()
  })

  it('a trade limit above the maximum says what the maximum is', async () => {
    await expect(
      client.getTrades({ symbol: 'BTCUSDT', limit: 500 }),
    ).rejects.toThrowErrorMatchingInlineSnapshot()
  })
})
