import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { liveErrorBody } from './live-errors.ts'
import { createMemoryReplayStore } from './replay-store.ts'
import { signRequest } from './sign-request.ts'
import { verifyNodeRequest } from './verify-node-request.ts'

const credentials = { apiKey: 'key-node', secret: 'SECRET-node-5d1', memo: 'MEMO-node-2c9' }
let server: Server
let url: string
let parseFirst = false

beforeAll(async () => {
  server = createServer(async (req: IncomingMessage, res) => {
    try {
      if (parseFirst) for await (const _ of req);
      const result = await verifyNodeRequest(req, {
        credentials,
        maxBodyBytes: 64,
        replay: createMemoryReplayStore(),
      })
      if (!result.ok) {
        res.writeHead(result.status, { 'content-type': 'application/json', connection: 'close' })
        res.end(JSON.stringify(liveErrorBody(result, 'trace-1')))
        return
      }
      res.end(JSON.stringify({ apiKey: result.apiKey, body: result.body }))
    } catch (error) {
      res.writeHead(500)
      res.end((error as Error).message)
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

describe('verifyNodeRequest behind node:http', () => {
  it('accepts a signed POST and returns the body it read from the IncomingMessage', async () => {
    const body = '{"symbol":"BTCUSDT"}'
    const headers = await signRequest({ method: 'POST', body, credentials })
    const response = await fetch(`${url}/submit`, { method: 'POST', headers, body })
    expect(await response.json()).toEqual({ apiKey: 'key-node', body })
  })

  it('signs GET over the raw query string of req.url', async () => {
    const query = 'symbol=BTC%2DUSDT&b=2&a=1'
    const headers = await signRequest({ method: 'GET', query, credentials })
    const response = await fetch(`${url}/trades?${query}`, { headers })
    expect(response.status).toBe(200)
  })

  it('answers a chunked body past the cap with 413 and the live body layout', async () => {
    const body = JSON.stringify({ pad: 'x'.repeat(200) })
    const headers = await signRequest({ method: 'POST', body, credentials })
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(body))
        controller.close()
      },
    })
    const response = await fetch(`${url}/submit`, {
      method: 'POST',
      headers,
      body: stream,
      duplex: 'half',
    } as RequestInit)
    expect(response.status).toBe(413)
    expect(await response.json()).toMatchObject({ trace: 'trace-1', code: 30005, data: {} })
  })

  it('answers a wrong signature with 401 and 30005', async () => {
    const headers = await signRequest({ method: 'GET', credentials })
    const response = await fetch(`${url}/x`, {
      headers: { ...headers, 'X-API-SIGN': 'd'.repeat(64) },
    })
    expect(response.status).toBe(401)
    expect((await response.json()).code).toBe(30005)
  })

  it('rejects when a body parser already read the body, instead of hanging', async () => {
    parseFirst = true
    try {
      const body = '{}'
      const headers = await signRequest({ method: 'POST', body, credentials })
      const response = await fetch(`${url}/submit`, { method: 'POST', headers, body })
      expect(response.status).toBe(500)
      expect(await response.text()).toMatch(/already read/)
    } finally {
      parseFirst = false
    }
  })
})
