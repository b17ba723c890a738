// `node bench/profile-decode-child.mjs <endpoint path> <body file> <decode|parse> <out file>`:
// the steady state of bench/decode-child.ts's loop (JSON.parse, then decodeData of the fresh
// object) under the V8 CPU profiler, start-up and warm-up left out. Plain JavaScript on the
// built package (dist/runtime.js, one file with the source's lines), so the profile's line
// ticks name the line of the decoder, the check or the conversion they fell on, inlined or
// not. `parse` runs JSON.parse alone: the garbage collection the payload costs without a
// decode. Run by bench/profile-decode.ts.
import { readFileSync, writeFileSync } from 'node:fs'
import { Session } from 'node:inspector/promises'
import { decodeData, endpoints } from '../dist/index.js'

const [path, file, mode, out] = process.argv.slice(2)
const text = readFileSync(file, 'utf8')
const endpoint = endpoints[path]
// About 200 MB of JSON a phase: a few hundred ms of CPU even for depth 100.
const calls = Math.max(200, Math.round(200_000_000 / text.length))
let decoded = 0
const loop = () => {
  for (let i = 0; i < calls; i++) {
    const body = JSON.parse(text)
    if (mode === 'decode' && decodeData(endpoint, body.data).success) decoded++
  }
}
loop()
const session = new Session()
session.connect()
await session.post('Profiler.enable')
await session.post('Profiler.setSamplingInterval', { interval: 100 })
await session.post('Profiler.start')
loop()
const { profile } = await session.post('Profiler.stop')
session.disconnect()
if (mode === 'decode' && decoded !== 2 * calls) throw new Error(`${path}: does not decode`)
writeFileSync(out, JSON.stringify(profile))
