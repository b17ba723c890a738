import { liveErrorResponse, verifyRequest } from '@perpkit/signer'
import { Hono } from 'hono'
import { createMiddleware } from 'hono/factory'

const keys = new Map([['my-key', { secret: 'my-secret', memo: 'my-memo' }]])
type Signed = { Variables: { apiKey: string; order: unknown } }

const signed = createMiddleware<Signed>(async (c, next) => {
  const result = await verifyRequest(c.req.raw, {
    lookup: (apiKey) => keys.get(apiKey),
    parseJson: true, // a signed body that is not JSON: 400, code 40007
  })
  if (!result.ok) return liveErrorResponse(result)
  c.set('apiKey', result.apiKey)
  c.set('order', result.json) // the body is read: use this, not c.req.json()
  return next()
})

export const app = new Hono<Signed>()
app.use('/orders', signed)
app.get('/orders', (c) => c.json({ by: c.get('apiKey'), symbol: c.req.query('symbol') }))
app.post('/orders', (c) => c.json({ by: c.get('apiKey'), order: c.get('order') }))
// Node: serve({ fetch: app.fetch, port: 8080 }) (@hono/node-server). Bun, Deno, Workers: app.fetch.
