import { readFileSync } from 'node:fs'
import { cpuMicros, median } from '@perpkit/bench-kit'
import { decodeData, type EndpointPath, endpoints } from '@perpkit/schemas'

/**
 * `decode-child.ts <endpoint path> <body file>`, in a fresh process: the CPU
 * time of `JSON.parse` of the body, and of `decodeData` of the object it just
 * made (a fresh object every time, as a client decodes it; never the same
 * object twice). Batches of parse alone and of parse + decode alternate; the
 * medians over the rounds are printed as `{ parseUs, decodeUs }`.
 */
const [path, file] = process.argv.slice(2) as [EndpointPath, string]
const text = readFileSync(file, 'utf8')
const endpoint = endpoints[path]
const first = decodeData(endpoint, (JSON.parse(text) as { data: unknown }).data)
if (!first.success) throw new Error(`${path}: does not decode: ${JSON.stringify(first.issues)}`)

// Enough calls per batch that a batch takes a few milliseconds of CPU.
const batch = Math.max(3, Math.round(400_000 / text.length))
const parse: number[] = []
const both: number[] = []
for (let round = -10; round < 40; round++) {
  let started = cpuMicros()
  for (let i = 0; i < batch; i++) JSON.parse(text)
  const parseUs = (cpuMicros() - started) / batch
  started = cpuMicros()
  for (let i = 0; i < batch; i++) decodeData(endpoint, (JSON.parse(text) as { data: unknown }).data)
  const bothUs = (cpuMicros() - started) / batch
  if (round >= 0) {
    parse.push(parseUs)
    both.push(bothUs)
  }
}
const parseUs = median(parse)
process.stdout.write(JSON.stringify({ parseUs, decodeUs: median(both) - parseUs }))
