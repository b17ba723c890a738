import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { liveErrorBody, verifyNodeRequest } from '@perpkit/signer'

const keys = new Map([['my-key', { secret: 'my-secret', memo: 'my-memo' }]])

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(JSON.stringify(body))
}

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const result = await verifyNodeRequest(req, {
    lookup: (apiKey) => keys.get(apiKey),
    parseJson: true, // a signed body that is not JSON: 400, code 40007
  })
  if (!result.ok) return send(res, result.status, liveErrorBody(result))
  const url = new URL(req.url ?? '/', 'http://localhost')
  if (url.pathname !== '/orders') return send(res, 404, { message: 'Not found' })
  if (req.method === 'GET') {
    return send(res, 200, { by: result.apiKey, symbol: url.searchParams.get('symbol') })
  }
  if (req.method === 'POST') return send(res, 200, { by: result.apiKey, order: result.json })
  send(res, 405, { message: 'Method not allowed' })
}

// verifyNodeRequest rejects only when the client goes away mid-body (or on misuse): drop
// the connection then, rather than leave an unhandled rejection to end the process.
export const server = createServer((req, res) => void handle(req, res).catch(() => res.destroy()))
// server.listen(8080)
