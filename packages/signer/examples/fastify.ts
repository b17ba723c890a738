import { liveErrorBody, type VerifyRequestSuccess, verifyNodeRequest } from '@perpkit/signer'
import Fastify from 'fastify'

const keys = new Map([['my-key', { secret: 'my-secret', memo: 'my-memo' }]])

declare module 'fastify' {
  interface FastifyRequest {
    signed: VerifyRequestSuccess | undefined
  }
}

export const app = Fastify()
app.decorateRequest('signed', undefined)

// Verify in onRequest, before Fastify reads the body: verifyNodeRequest reads it itself.
app.addHook('onRequest', async (request, reply) => {
  const result = await verifyNodeRequest(request.raw, {
    lookup: (apiKey) => keys.get(apiKey),
    parseJson: true,
  })
  if (!result.ok) return reply.code(result.status).send(liveErrorBody(result))
  request.signed = result
})

// The body stream is consumed: replace Fastify's parsers by one that hands over the verified,
// parsed body (any content type; only signed bytes, undefined on GET and DELETE).
app.removeAllContentTypeParsers()
app.addContentTypeParser('*', (request, _payload, done) => done(null, request.signed?.json))

app.get('/orders', async (request) => ({
  by: request.signed?.apiKey,
  symbol: (request.query as { symbol?: string }).symbol,
}))
app.post('/orders', async (request) => ({ by: request.signed?.apiKey, order: request.body }))
// await app.listen({ port: 8080 })
