/**
 * The verifying server under Node: node:http and `verifyNodeRequest`, on 127.0.0.1 and a free
 * port, which it prints as `{"port":N}`.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { liveErrorBody, verifyNodeRequest } from '../src/index.ts'
import { corsHeaders, matrixVerifyOptions } from './probe.ts'

const server = createServer(async (req, res) => {
  if (req.method === 'OPTIONS') {
    res.writeHead(204, corsHeaders)
    res.end()
    return
  }
  const result = await verifyNodeRequest(req, matrixVerifyOptions)
  res.writeHead(result.ok ? 200 : result.status, {
    ...corsHeaders,
    'content-type': 'application/json',
  })
  res.end(
    JSON.stringify(
      result.ok
        ? { ok: true, apiKey: result.apiKey, body: result.body, secretIndex: result.secretIndex }
        : liveErrorBody(result),
    ),
  )
})
server.listen(0, '127.0.0.1', () => {
  console.log(JSON.stringify({ port: (server.address() as AddressInfo).port }))
})
