import { createServer } from 'node:net'
import { describe, expect, inject, it } from 'vitest'
import {
  ApiError,
  createClient,
  InvalidParamsError,
  isPerpkitError,
  isRetryableError,
  NetworkError,
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
    expect(api.message.replace(api.trace ?? '', '<trace>')).toMatchInlineSnapshot(`
      "Unknown symbol

      Endpoint: GET /contract/public/depth
      Message: "Symbol Not Exist"
      Status: 400
      Code: 40034
      Trace: <trace>"
    `)
  })

  it('invalid params fail before any request, naming every field', async () => {
    const error = await client
      .getKlines({
        symbol: '',
        step: '2h',
        startTime: Date.UTC(2026, 0, 2),
        endTime: Date.UTC(2026, 0, 1),
      })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(InvalidParamsError)
    expect((error as Error).message).toMatchInlineSnapshot(`
      "Invalid parameters: symbol, startTime
        - symbol: symbol must be a non-empty string without spaces, such as "BTCUSDT" (got "")
        - startTime: startTime must not be after endTime (got 1767312000000)

      Endpoint: GET /contract/public/kline"
    `)
  })

  it('a trade limit above the maximum says what the maximum is', async () => {
    await expect(
      client.getTrades({ symbol: 'BTCUSDT', limit: 500 }),
    ).rejects.toThrowErrorMatchingInlineSnapshot(`
      [InvalidParamsError: Invalid parameters: limit
        - limit: limit must be at most 100 (the interface's maximum) (got 500)

      Endpoint: GET /contract/public/market-trade]
    `)
  })

  it('a refused connection is a NetworkError that names the system error, not just "fetch failed"', async () => {
    const server = createServer()
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as { port: number }
    await new Promise<void>((resolve) => server.close(() => resolve()))
    const closed = createClient({ baseUrl: `http://127.0.0.1:${port}`, retry: 0 })
    const error = await closed.getDepth({ symbol: 'BTCUSDT' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(NetworkError)
    expect((error as NetworkError).retryable).toBe(true)
    expect((error as Error).message).toContain('ECONNREFUSED')
  })
})
