import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** A request as the server saw it. */
interface SeenRequest {
  method: string
  url: string
  headers: IncomingMessage['headers']
}

/** A tiny real server for what the sandbox cannot imitate: redirects elsewhere, huge bodies, hostile JSON. */
export interface HostileServer {
  url: string
  origin: string
  /** Every request received, in order. */
  requests: SeenRequest[]
  close(): Promise<void>
}

/**
 * Starts a node:http server on 127.0.0.1 with `handler` answering every request.
 *
 * @param handler - Writes the answer.
 * @returns The server; close it in `afterAll`.
 */
export async function startHostileServer(
  handler: (req: IncomingMessage, res: ServerResponse, url: URL) => void | Promise<void>,
): Promise<HostileServer> {
  const requests: SeenRequest[] = []
  const server = createServer((req, res) => {
    requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers })
    Promise.resolve(handler(req, res, new URL(req.url ?? '/', 'http://127.0.0.1'))).catch(() =>
      res.destroy(),
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const origin = `http://127.0.0.1:${port}`
  return {
    url: origin,
    origin,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** Answers JSON text with a 200 (the body as given, so it may be anything). */
export function sendJson(res: ServerResponse, body: string | Buffer, status = 200): void {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(body)
}

/** A success envelope around raw `data` JSON text. */
export function envelope(data: string): string {
  return `{"code":1000,"message":"Ok","trace":"t-hostile","data":${data}}`
}
