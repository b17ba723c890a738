import { createServer, type Server, type Socket } from 'node:net'
import { fetch as undiciFetch } from 'undici'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createClient, type FetchFunction, NetworkError } from '../src/index.ts'

/**
 * Real sockets on loopback, each failing the way a network does. `count` is
 * how many connections the server accepted: one per attempt.
 */
interface FailingServer {
  url: string
  count: () => number
  close: () => Promise<void>
}

async function failingServer(onSocket: (socket: Socket) => void): Promise<FailingServer> {
  let count = 0
  const sockets = new Set<Socket>()
  const server: Server = createServer((socket) => {
    count++
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    socket.on('error', () => {})
    onSocket(socket)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  return {
    url: `http://127.0.0.1:${port}`,
    count: () => count,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}

/** Once the request has arrived, `then` runs on the socket. */
const afterRequest = (then: (socket: Socket) => void) => (socket: Socket) =>
  socket.once('data', () => then(socket))

const kinds = {
  'a socket closed as soon as it connects': (socket: Socket) => socket.destroy(),
  'a reset (RST) after the request': afterRequest((socket) => socket.resetAndDestroy()),
  'a body cut off mid-way': afterRequest((socket) => {
    socket.write(
      'HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 1000\r\n\r\n{"code":1000,',
    )
    setImmediate(() => socket.destroy())
  }),
  'an answer that is not HTTP': afterRequest((socket) => socket.end('SSH-2.0-OpenSSH\r\n\r\n')),
}
const servers = new Map<string, FailingServer>()
let closedUrl: string

beforeAll(async () => {
  for (const [kind, onSocket] of Object.entries(kinds)) {
    servers.set(kind, await failingServer(onSocket))
  }
  const closed = await failingServer(() => {})
  closedUrl = closed.url
  await closed.close()
})
afterAll(async () => {
  await Promise.all([...servers.values()].map((s) => s.close()))
})

const fetches: Record<string, FetchFunction | undefined> = {
  'the platform fetch': undefined,
  "a custom fetch wrapping undici's": (url, init) => undiciFetch(url, init),
}

describe.each(Object.entries(fetches))(
  'a real network failure through %s stays a retryable NetworkError',
  (_via, fetch) => {
    const client = (baseUrl: string, retries: number) =>
      createClient({
        baseUrl,
        rateLimit: false,
        retry: { maxRetries: retries, baseDelayMs: 1 },
        ...(fetch ? { fetch } : {}),
      })

    it.each(Object.keys(kinds))('%s: NetworkError, retried', async (kind) => {
      const server = servers.get(kind) as FailingServer
      const before = server.count()
      const error = await client(server.url, 2)
        .getDepth({ symbol: 'BTCUSDT' })
        .catch((e: unknown) => e)
      expect(error).toBeInstanceOf(NetworkError)
      expect((error as NetworkError).retryable).toBe(true)
      // undici may open a fresh connection for a request whose socket closed before any
      // answer; every attempt opens at least one.
      expect(server.count() - before).toBeGreaterThanOrEqual(3)
    })

    it('a refused connection (nothing listens): NetworkError naming ECONNREFUSED', async () => {
      const error = await client(closedUrl, 0)
        .getDepth({ symbol: 'BTCUSDT' })
        .catch((e: unknown) => e)
      expect(error).toBeInstanceOf(NetworkError)
      expect((error as Error).message).toContain('ECONNREFUSED')
    })

    it('an unknown host: NetworkError naming the resolver failure', async () => {
      const error = await client('http://perpkit-no-such-host.invalid', 0)
        .getDepth({ symbol: 'BTCUSDT' })
        .catch((e: unknown) => e)
      expect(error).toBeInstanceOf(NetworkError)
      expect((error as Error).message).toMatch(/ENOTFOUND|EAI_AGAIN/)
    })
  },
)

describe('a network failure that surfaces inside code given to the client stays a network failure', () => {
  it('an afterResponse hook that reads a body the network cuts off: NetworkError, retried', async () => {
    const server = servers.get('a body cut off mid-way') as FailingServer
    const before = server.count()
    const client = createClient({
      baseUrl: server.url,
      rateLimit: false,
      retry: { maxRetries: 1, baseDelayMs: 1 },
      hooks: {
        afterResponse: [async (_request, _options, response) => void (await response.text())],
      },
    })
    const error = await client.getDepth({ symbol: 'BTCUSDT' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(NetworkError)
    expect(server.count() - before).toBeGreaterThanOrEqual(2)
  })
})
