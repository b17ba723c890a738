/**
 * The benchmarked service: Hono on Node (`@hono/node-server`), one POST route, with the
 * README's signing middleware (`signed`) or without it (`plain`). Prints `{"port":N}`.
 * Run with `node --import tsx bench/hono-server.ts <signed|plain>`.
 */
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import { createMiddleware } from 'hono/factory'
import { liveErrorResponse, verifyRequest } from '../src/index.ts'
import { benchCredentials } from './load.ts'

const keys = new Map([
  [benchCredentials.apiKey, { secret: benchCredentials.secret, memo: benchCredentials.memo }],
])
type Env = { Variables: { body: string } }

const signed = createMiddleware<Env>(async (c, next) => {
  const result = await verifyRequest(c.req.raw, { lookup: (apiKey) => keys.get(apiKey) })
  if (!result.ok) return liveErrorResponse(result)
  c.set('body', result.body)
  return next()
})
const plain = createMiddleware<Env>(async (c, next) => {
  c.set('body', await c.req.text())
  return next()
})

const app = new Hono<Env>()
app.post('/orders', process.argv[2] === 'signed' ? signed : plain, (c) =>
  c.json({ accepted: JSON.parse(c.get('body')).symbol }),
)
// The server's CPU time so far (µs), for CPU per request: steadier than req/s on a busy machine.
app.get('/__cpu', (c) => {
  const { user, system } = process.cpuUsage()
  return c.json({ micros: user + system })
})
serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, ({ port }) => {
  console.log(JSON.stringify({ port }))
})
