// The README's framework recipes (examples/), each run as a real service on loopback and sent
// the cases of runtimes/recipe-attacks.ts. Bun, Deno and workerd run theirs in
// `pnpm test:runtimes`. Also holds the README to the files, so what readers copy is what runs.
import { once } from 'node:events'
import { readFileSync } from 'node:fs'
import type { Server } from 'node:http'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { connect } from 'node:net'
import { serve } from '@hono/node-server'
import { afterAll, describe, expect, it } from 'vitest'
import { app as expressApp, signed as expressSigned } from '../examples/express.ts'
import { app as fastifyApp } from '../examples/fastify.ts'
import { app as honoApp } from '../examples/hono.ts'
import { server as nodeServer } from '../examples/node-http.ts'
import { attackRecipe, expectedRecipeOutcomes, recipeMistakes } from '../runtimes/recipe-attacks.ts'
import { signRequest } from '../src/index.ts'

const servers: Server[] = []
afterAll(async () => {
  for (const server of servers) server.close()
  await fastifyApp.close()
})

async function listening(server: Server): Promise<string> {
  servers.push(server)
  if (!server.listening) await once(server, 'listening')
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

const recipes: [string, () => Promise<string>][] = [
  [
    'Hono (@hono/node-server)',
    () => listening(serve({ fetch: honoApp.fetch, port: 0, hostname: '127.0.0.1' }) as Server),
  ],
  ['Express', () => listening(expressApp.listen(0, '127.0.0.1'))],
  ['Fastify', () => fastifyApp.listen({ port: 0, host: '127.0.0.1' })],
  ['node:http', () => listening(nodeServer.listen(0, '127.0.0.1'))],
]

describe.each(recipes)('the %s recipe, as a real service', (_, start) => {
  it('accepts signed GET and POST, refuses tampered, replayed, non-JSON and unsigned-body requests', async () => {
    const outcomes = await attackRecipe(await start())
    expect(recipeMistakes(outcomes)).toEqual([])
    // The verified body is the signed order, parsed; the refusals carry the live layout.
    expect(outcomes.signedPost?.body).toMatchObject({ by: 'my-key', order: { symbol: 'BTCUSDT' } })
    for (const name of Object.keys(expectedRecipeOutcomes).filter((n) => !n.startsWith('signed'))) {
      expect(Object.keys(outcomes[name]?.body as object)).toEqual([
        'trace',
        'code',
        'data',
        'message',
      ])
    }
  })
})

describe('the Express recipe, under an Express that does not catch rejections (Express 4)', () => {
  it('hands a client that leaves mid-body to next(error): its promise never rejects', async () => {
    const outcome = new Promise<{ settled: string; nextError: unknown }>((resolve) => {
      const server = createServer((req, res) => {
        let nextError: unknown = 'next not called'
        // As Express 4 calls a middleware: the promise it returns is dropped, unobserved.
        const returned = expressSigned(req as never, res as never, (error?: unknown) => {
          nextError = error
        }) as unknown as Promise<void>
        returned.then(
          () => resolve({ settled: 'resolved', nextError }),
          (error: unknown) => resolve({ settled: `rejected: ${String(error)}`, nextError }),
        )
      })
      servers.push(server)
      server.listen(0, '127.0.0.1')
    })
    const server = servers.at(-1) as Server
    await once(server, 'listening')
    const body = '{"symbol":"BTCUSDT","qty":"1"}'
    const headers = await signRequest({
      method: 'POST',
      body,
      credentials: { apiKey: 'my-key', secret: 'my-secret', memo: 'my-memo' },
    })
    const socket = connect((server.address() as AddressInfo).port, '127.0.0.1')
    const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`)
    // A Content-Length the client never fulfils: half the body, then it goes away.
    socket.write(
      `POST /orders HTTP/1.1\r\nHost: x\r\n${lines.join('\r\n')}\r\nContent-Type: application/json\r\nContent-Length: ${body.length * 2}\r\n\r\n${body}`,
    )
    setTimeout(() => socket.destroy(), 50)
    const { settled, nextError } = await outcome
    expect(settled).toBe('resolved')
    expect(nextError).toBeInstanceOf(Error)
  })
})

/** How the README shows a file of examples/: `handle` inherited, not imported or exported. */
function asInReadme(file: string, source: string): string {
  const shown =
    file === 'fetch-handler.ts'
      ? source.replace('export async function handle', 'async function handle')
      : source.replace("import { handle } from './fetch-handler.ts'\n\n", '')
  return `\`\`\`ts\n${shown.trimEnd()}\n\`\`\``
}

describe('the README recipes', () => {
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8')
  it.each([
    'hono.ts',
    'express.ts',
    'fastify.ts',
    'node-http.ts',
    'fetch-handler.ts',
    'bun.ts',
    'deno.ts',
    'worker.ts',
  ])('shows examples/%s as it is', (file) => {
    const source = readFileSync(new URL(`../examples/${file}`, import.meta.url), 'utf8')
    expect(readme, `README.md must show examples/${file} verbatim`).toContain(
      asInReadme(file, source),
    )
  })
})
