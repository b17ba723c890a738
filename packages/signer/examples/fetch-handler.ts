import { liveErrorResponse, verifyRequest } from '@perpkit/signer'

const keys = new Map([['my-key', { secret: 'my-secret', memo: 'my-memo' }]])

/** The signed service, for any Fetch-API runtime: Bun, Deno, Workers. */
export async function handle(request: Request): Promise<Response> {
  const result = await verifyRequest(request, {
    lookup: (apiKey) => keys.get(apiKey),
    parseJson: true, // a signed body that is not JSON: 400, code 40007
  })
  if (!result.ok) return liveErrorResponse(result)
  const url = new URL(request.url)
  if (url.pathname !== '/orders') return Response.json({ message: 'Not found' }, { status: 404 })
  if (request.method === 'GET') {
    return Response.json({ by: result.apiKey, symbol: url.searchParams.get('symbol') })
  }
  if (request.method === 'POST') return Response.json({ by: result.apiKey, order: result.json })
  return Response.json({ message: 'Method not allowed' }, { status: 405 })
}
