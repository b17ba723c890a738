import { readFileSync } from 'node:fs'
import { cpuMicros, type SandboxPayload } from '@perpkit/bench-kit'
import { decodeData, type EndpointPath, endpoints } from '@perpkit/schemas'
import { createClient } from '../src/index.ts'
import { resolveOptions } from '../src/options.ts'
import { createTransport, kyFetch } from '../src/transport.ts'

/**
 * One side of the network-free comparison in a fresh process:
 * `network-free-child.ts <payload JSON> <perpkit|ky|decode> <body file>`.
 * `perpkit` and `ky` (as the client configures it) get the sandbox's bytes
 * from a `fetch` that answers at once, streamed in 16 KiB chunks as a socket
 * delivers them; `decode` times `decodeData` of a freshly parsed body. Prints
 * the CPU time per call in µs.
 */
const [payloadJson, side, file] = process.argv.slice(2) as [string, string, string]
const payload = JSON.parse(payloadJson) as SandboxPayload
const bytes = new Uint8Array(readFileSync(file))
const text = new TextDecoder().decode(bytes)
const CHUNK = 16 * 1024

function respond(): Promise<Response> {
  let offset = 0
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= bytes.length) return controller.close()
      controller.enqueue(bytes.subarray(offset, offset + CHUNK))
      offset += CHUNK
    },
  })
  const headers = { 'content-type': 'application/json', 'content-length': String(bytes.length) }
  return Promise.resolve(new Response(body, { status: 200, headers }))
}

const base = 'http://127.0.0.1:9'
const heavy = bytes.length > 100_000
const [warmup, calls] = heavy ? [40, 40] : [1500, 500]

async function timed(fn: () => unknown): Promise<number> {
  for (let i = 0; i < warmup; i++) await fn()
  const started = cpuMicros()
  for (let i = 0; i < calls; i++) await fn()
  return (cpuMicros() - started) / calls
}

let us: number
if (side === 'decode') {
  const endpoint = endpoints[payload.path as EndpointPath]
  const parse = () => JSON.parse(text) as { data: unknown }
  const parseOnly = await timed(parse)
  const both = await timed(() => decodeData(endpoint, parse().data))
  us = both - parseOnly
} else if (side === 'ky') {
  const transport = createTransport(
    resolveOptions({ baseUrl: base, rateLimit: false, fetch: respond }),
  )
  const hop = { url: `${base}${payload.path}`, method: 'GET', query: '' }
  us = await timed(async () => {
    const controller = new AbortController()
    const timer = setTimeout(() => controller.abort(), 10_000)
    try {
      return JSON.parse(await (await kyFetch(transport, hop, undefined, controller.signal)).text())
    } finally {
      clearTimeout(timer)
    }
  })
} else {
  const client = createClient({ baseUrl: base, rateLimit: false, fetch: respond })
  const methods = client as unknown as Record<string, (params: unknown) => Promise<unknown>>
  const method = methods[endpoints[payload.path as EndpointPath].clientMethod] as (
    params: unknown,
  ) => Promise<unknown>
  us = await timed(() => method(payload.params))
}
process.stdout.write(JSON.stringify(us))
