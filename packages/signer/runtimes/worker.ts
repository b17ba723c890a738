/**
 * The Worker script under workerd (service-worker syntax, so no default export): verifies
 * signed requests like every other server, and on `/__probe?target=<url>` signs requests
 * itself and sends them to another runtime's server.
 */
import { handle, probe } from './probe.ts'

interface FetchEvent {
  readonly request: Request
  respondWith(response: Promise<Response>): void
}

async function route(request: Request): Promise<Response> {
  const url = new URL(request.url)
  const target = url.searchParams.get('target')
  if (url.pathname === '/__probe' && target !== null) return Response.json(await probe(target))
  return handle(request)
}

;(
  globalThis as unknown as {
    addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void
  }
).addEventListener('fetch', (event) => event.respondWith(route(event.request)))
