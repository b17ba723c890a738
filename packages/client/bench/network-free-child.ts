import { readFileSync } from 'node:fs'
import { cpuMicros, median, type SandboxPayload } from '@perpkit/bench-kit'
import { decodeData, type EndpointPath, endpoints } from '@perpkit/schemas'
import { createClient } from '../src/index.ts'
import { resolveOptions } from '../src/resolve-options.ts'
import { createTransport, kyFetch } from '../src/transport.ts'

/**
 * The network-free comparison in a fresh process:
 * `network-free-child.ts <payload JSON> <body file>`. perpkit and ky (as the
 * client configures it) get the sandbox's bytes from a `fetch` that answers
 * at once, streamed in 16 KiB chunks as a socket delivers them; `decodeData`
 * of a freshly parsed body is timed beside them. The three alternate in
 * rounds of a few calls each, so a load that comes and goes on the machine
 * hits them alike; prints the medians over the rounds of the CPU time per
 * call, in µs: `{ ky, perpkit, decode }`.
 */
const [payloadJson, file] = process.argv.slice(2) as [string, string]
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
const endpoint = endpoints[payload.path as EndpointPath]
const transport = createTransport(
  resolveOptions({ baseUrl: base, rateLimit: false, fetch: respond }),
)
const hop = { url: `${base}${payload.path}`, method: 'GET', query: '' }
const client = createClient({ baseUrl: base, rateLimit: false, fetch: respond })
const method = (client as unknown as Record<string, (params: unknown) => Promise<unknown>>)[
  endpoint.clientMethod
] as (params: unknown) => Promise<unknown>
const parse = () => JSON.parse(text) as { data: unknown }

const sides = {
  ky: async () => {
    const controller = new AbortController()
    const timer = setTimeout(() => controller.abort(), 10_000)
    try {
      return JSON.parse(await (await kyFetch(transport, hop, undefined, controller.signal)).text())
    } finally {
      clearTimeout(timer)
    }
  },
  perpkit: () => method(payload.params),
  parse: async () => parse(),
  parseAndDecode: async () => decodeData(endpoint, parse().data),
}
const names = Object.keys(sides) as (keyof typeof sides)[]
const heavy = bytes.length > 100_000
const [rounds, batch] = heavy ? [30, 2] : [60, 12]
const samples = Object.fromEntries(names.map((name) => [name, [] as number[]]))
for (let round = -10; round < rounds; round++) {
  for (let k = 0; k < names.length; k++) {
    const name = names[(k + Math.max(round, 0)) % names.length] as keyof typeof sides
    const started = cpuMicros()
    for (let i = 0; i < batch; i++) await sides[name]()
    if (round >= 0) samples[name]?.push((cpuMicros() - started) / batch)
  }
}
const of = (name: string) => median(samples[name] ?? [])
process.stdout.write(
  JSON.stringify({
    ky: of('ky'),
    perpkit: of('perpkit'),
    decode: of('parseAndDecode') - of('parse'),
  }),
)
