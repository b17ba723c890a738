// The README's Hono and Express middleware, run: a signed POST reaches the route with its
// body, an unsigned one gets the live 401 body, a replay gets 30007.
import type { AddressInfo } from 'node:net'
import express, { type RequestHandler } from 'express'
import { Hono } from 'hono'
import { createMiddleware } from 'hono/factory'
import { describe, expect, it } from 'vitest'
import { liveErrorBody, liveErrorResponse } from './live-errors.ts'
import { signRequest } from './sign-request.ts'
import { verifyNodeRequest } from './verify-node-request.ts'
import { verifyRequest } from './verify-request.ts'

const credentials = { apiKey: 'my-key', secret: 'my-secret', memo: 'my-memo' }
const keys = new Map([[credentials.apiKey, { secret: credentials.secret, memo: credentials.memo }]])
type Signed = { Variables: { apiKey: string; body: string } }

function honoApp() {
  const signed = createMiddleware<Signed>(async (c, next) => {
    const result = await verifyRequest(c.req.raw, { lookup: (apiKey) => keys.get(apiKey) })
    if (!result.ok) return liveErrorResponse(result)
    c.set('apiKey', result.apiKey)
    c.set('body', result.body)
    return next()
  })
  const app = new Hono<Signed>()
  app.post('/orders', signed, (c) =>
    c.json({ by: c.get('apiKey'), order: JSON.parse(c.get('body')) }),
  )
  return app
}

async function expressUrl(): Promise<{ url: string; close: () => void }> {
  const signed: RequestHandler = async (req, res, next) => {
    const result = await verifyNodeRequest(req, { lookup: (apiKey) => keys.get(apiKey) })
    if (!result.ok) return void res.status(result.status).json(liveErrorBody(result))
    res.locals.apiKey = result.apiKey
    req.body = result.body === '' ? undefined : JSON.parse(result.body)
    next()
  }
  const app = express()
  app.post(
    '/orders',
    signed,
    (req, res) => void res.json({ by: res.locals.apiKey, order: req.body }),
  )
  const server = app.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  const { port } = server.address() as AddressInfo
  return { url: `http://127.0.0.1:${port}`, close: () => server.close() }
}

describe.each(['hono', 'express'])('the %s middleware of the README', (framework) => {
  async function send(init: RequestInit): Promise<Response> {
    if (framework === 'hono') return honoApp().request('http://localhost/orders', init)
    const { url, close } = await expressUrl()
    try {
      const response = await fetch(`${url}/orders`, init)
      await response.clone().text()
      return response
    } finally {
      close()
    }
  }

  it('passes a signed POST to the route with its parsed body, then refuses its replay', async () => {
    const body = JSON.stringify({ symbol: 'BTCUSDT', qty: '1', framework })
    const headers = {
      ...(await signRequest({ method: 'POST', body, credentials })),
      'content-type': 'application/json',
    }
    const first = await send({ method: 'POST', headers, body })
    expect(await first.json()).toEqual({ by: 'my-key', order: JSON.parse(body) })
    const again = await send({ method: 'POST', headers, body })
    expect(again.status).toBe(401)
    expect(await again.json()).toMatchObject({ code: 30007, data: {} })
  })

  it('answers an unsigned request with 401 and the live body', async () => {
    const response = await send({ method: 'POST', body: '{}' })
    expect(response.status).toBe(401)
    expect(Object.keys(await response.json())).toEqual(['trace', 'code', 'data', 'message'])
  })
})
