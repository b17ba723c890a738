import { cpuMicros, type SandboxPayload } from '@perpkit/bench-kit'
import { contenders, type Encoding } from './contenders.ts'

/**
 * One contender in a fresh process of its own:
 * `request-child.ts <payload JSON> <contender> <identity|gzip>`. Warms up (a
 * fresh process is not settled after a hundred calls: plain `fetch` +
 * `JSON.parse` of depth 100 fell from 2.4 ms a call over its first 400 calls
 * to 0.85 ms after some 2,500), then times its calls. Prints the CPU time
 * (`process.cpuUsage()`: user + system) and the wall time per call, in µs,
 * or `null` when the contender lacks the endpoint.
 */
const [payloadJson, name, encoding = 'identity'] = process.argv.slice(2) as [
  string,
  string,
  Encoding?,
]
const payload = JSON.parse(payloadJson) as SandboxPayload
const fn = contenders(payload, encoding)[name as keyof ReturnType<typeof contenders>]

/** Warm-up and timed calls by payload: the catalog takes the server 50 to 250 ms a call. */
function sizing(payloadName: string): [warmup: number, calls: number] {
  if (payloadName.includes('catalog')) return [10, 12]
  if (payloadName.includes('details')) return [40, 30]
  if (payloadName.includes('1,000') || payloadName.includes('kline')) return [600, 200]
  return [1500, 400]
}

if (fn === undefined) {
  process.stdout.write('null')
} else {
  const [warmup, calls] = sizing(payload.name)
  for (let i = 0; i < warmup; i++) await fn()
  const cpu = cpuMicros()
  const wall = performance.now()
  for (let i = 0; i < calls; i++) await fn()
  process.stdout.write(
    JSON.stringify({
      cpuUs: (cpuMicros() - cpu) / calls,
      wallUs: ((performance.now() - wall) * 1000) / calls,
    }),
  )
}
