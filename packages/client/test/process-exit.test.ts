import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import type { ServerResponse } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bundleInMemory } from '../../../esbuild.shared.ts'
import { sourceAliasMap } from '../../../vitest.shared.ts'
import { envelope, type HostileServer, sendJson, startHostileServer } from './hostile-server.ts'

const run = promisify(execFile)

const DEPTH = envelope(
  '{"timestamp":1768478400000,"symbol":"BTCUSDT","bids":[["100","1","1"]],"asks":[["101","1","1"]]}',
)
const DAY_MS = 86_400_000

/**
 * A script a user could write: one call meets the absurd header and fails,
 * the next call to the same endpoint waits (in the rate limiter) and is
 * served, and then the script ends: nothing may keep the process alive.
 */
const script = `
import { createClient } from '@perpkit/client'
const client = createClient({ retry: { maxRetryAfterMs: 500 } })
try {
  await client.getDepth({ symbol: 'BTCUSDT' })
} catch (error) {
  console.log(JSON.stringify({ first: error.name, retryAfterMs: error.retryAfterMs }))
}
const book = await client.getDepth({ symbol: 'BTCUSDT' })
console.log(JSON.stringify({ second: book.symbol }))
`

/** The first answer of each form; every later request gets a depth book. */
const forms: Record<string, (res: ServerResponse) => void> = {
  'Retry-After in seconds': (res) => tooMany(res, { 'retry-after': '99999999' }),
  'Retry-After as a date 200 days ahead': (res) =>
    tooMany(res, { 'retry-after': new Date(Date.now() + 200 * DAY_MS).toUTCString() }),
  'a Reset on a 429': (res) => tooMany(res, usedUp),
  'a Reset on a 200 whose window is used up': (res) => {
    res.writeHead(200, { 'content-type': 'application/json', ...usedUp })
    res.end(DEPTH)
  },
}
const usedUp = {
  'x-ratelimit-limit': '12',
  'x-ratelimit-remaining': '12',
  'x-ratelimit-reset': '99999999',
}
function tooMany(res: ServerResponse, headers: Record<string, string>): void {
  res.writeHead(429, { 'content-type': 'application/json', ...headers })
  res.end('{"code":30013,"message":"Too many requests","trace":"t","data":null}')
}

let dir: string
let file: string
let form: keyof typeof forms = 'Retry-After in seconds'
let server: HostileServer

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'perpkit-exit-'))
  file = join(dir, 'script.mjs')
  const { text } = await bundleInMemory({
    stdin: {
      contents: script,
      resolveDir: fileURLToPath(new URL('.', import.meta.url)),
      loader: 'ts',
    },
    platform: 'node',
    format: 'esm',
    alias: sourceAliasMap,
  })
  await writeFile(file, text)
  server = await startHostileServer((_req, res) => {
    if (server.requests.length === 1) forms[form]?.(res)
    else sendJson(res, DEPTH)
  })
})
afterAll(async () => {
  await server?.close()
  await rm(dir, { recursive: true, force: true })
})

describe('after a server asks for an absurd wait', () => {
  it.each(Object.keys(forms))(
    '%s: the script goes on within the cap, then its process exits by itself, without a timer overflow',
    async (name) => {
      form = name
      server.requests.length = 0
      // Killed after 30 s: a process held by a timer (or spinning on an overflowed one) fails here.
      const { stdout, stderr } = await run(process.execPath, [file], {
        env: { ...process.env, PERPKIT_BASE_URL: server.url },
        timeout: 30_000,
      })
      const lines = stdout.trim().split('\n')
      if (name.includes('on a 200')) expect(lines).toEqual(['{"second":"BTCUSDT"}'])
      else {
        expect(JSON.parse(lines[0] as string)).toMatchObject({ first: 'RateLimitError' })
        expect(JSON.parse(lines[0] as string).retryAfterMs).toBeGreaterThan(199 * DAY_MS)
        expect(lines[1]).toBe('{"second":"BTCUSDT"}')
      }
      expect(stderr).not.toContain('TimeoutOverflowWarning')
      expect(server.requests).toHaveLength(2)
    },
    60_000,
  )
})
