/**
 * A real HTTP server on 127.0.0.1 for tests: pages on another origin, and
 * hostile servers the sandbox cannot imitate. Never a mock of `fetch`.
 *
 * @module
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** Answers one request; a rejection drops the connection. */
export type TestHandler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>

/** A running test server. */
export interface TestServer {
  /** `http://127.0.0.1:PORT` (no trailing slash). */
  origin: string
  port: number
  /** Closes the server and every connection still open. */
  close(): Promise<void>
}

/**
 * Starts a node:http server on a free 127.0.0.1 port.
 *
 * @param handler - Answers every request.
 * @returns The server; close it in `afterAll`.
 * @example
 * ```ts
 * const server = await startTestServer((_, res) => {
 *   res.end('<!doctype html>')
 * })
 * await server.close()
 * ```
 */
export async function startTestServer(handler: TestHandler): Promise<TestServer> {
  const server = createServer((req, res) => {
    Promise.resolve()
      .then(() => handler(req, res))
      .catch(() => res.destroy())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
