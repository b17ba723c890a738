import { createServer, type Server } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createClient, ResponseValidationError } from '../src/index.ts'

/**
 * A deployment that sends a payload the interface does not allow. The
 * sandbox never does (its payloads are checked against the same schemas), so
 * this one test serves its own body, over real HTTP all the same.
 */
let server: Server
let baseUrl: string

beforeAll(async () => {
  const body = JSON.stringify({
    code: 1000,
    message: 'Ok',
    trace: 'trace-42',
    data: [
      {
        timestamp: 1767225600,
        open_price: '1',
        close_price: '1',
        high_price: '1',
        low_price: '1',
        volume: '0',
      },
      {
        timestamp: 1767225660,
        open_price: '1',
        close_price: 'n/a',
        high_price: '1',
        low_price: '1',
        volume: '0',
      },
    ],
  })
  server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

describe('a payload that does not match the interface', () => {
  it('is a ResponseValidationError naming the endpoint, the path, the expectation and the value; never retried', async () => {
    const client = createClient({ baseUrl, rateLimit: false })
    const pending = client.getKlines({
      symbol: 'BTCUSDT',
      step: 1,
      startTime: 1767225600000,
      endTime: 1767225660000,
    })
    const error = await pending.withResponse().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ResponseValidationError)
    expect(error).toMatchObject({ retryable: false, trace: 'trace-42' })
    expect((error as ResponseValidationError).issues).toEqual([
      { path: 'data[1].close_price', expected: 'a non-negative decimal string', received: '"n/a"' },
    ])
    expect((error as Error).message).toMatchInlineSnapshot(`
      "The response does not match the interface at data[1].close_price
        - data[1].close_price: expected a non-negative decimal string, received "n/a"

      Endpoint: GET /contract/public/kline
      Trace: trace-42"
    `)
  })
})
