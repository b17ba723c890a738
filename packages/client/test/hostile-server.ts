import type { IncomingMessage, ServerResponse } from 'node:http'
import { startTestServer } from '@perpkit/test-kit'

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
  const server = await startTestServer((req, res) => {
    requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers })
    return handler(req, res, new URL(req.url ?? '/', 'http://127.0.0.1'))
  })
  return { url: server.origin, origin: server.origin, requests, close: server.close }
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
