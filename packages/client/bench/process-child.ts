import type { SandboxPayload } from '@perpkit/bench-kit'
import { contenders } from './contenders.ts'

/**
 * One contender in its own process:
 * `process-child.ts <payload JSON> <contender> <early|steady>`. Prints its
 * mean ms per request, or `null` when it lacks the endpoint.
 *
 * - `early`: calls 6 to 45 of a fresh process (what a short script pays,
 *   its JIT still warming up).
 * - `steady`: after a warm-up long enough for the process to settle, with
 *   only this client in the process, so no other contender's garbage lands
 *   in its collections. A fresh process is not settled after a hundred calls:
 *   plain `fetch` + `JSON.parse` of depth 100 fell from 2.4 ms a call over
 *   its first 400 calls to 0.85 ms after some 2,500 (trades and funding
 *   history alike; depth 1,000 and kline fall more slowly, by a quarter), so
 *   calls 101 to 400 measured how fast each client warms up, not its cost.
 */
const [payloadJson, name, mode = 'early'] = process.argv.slice(2) as [string, string, string?]
const payload = JSON.parse(payloadJson) as SandboxPayload
const fn = contenders(payload, 'identity')[name as keyof ReturnType<typeof contenders>]
/** Warm-up and timed calls per mode, by payload: details take the server 20 to 70 ms a call. */
function sizing(payloadName: string): [warmup: number, calls: number] {
  const heavy = payloadName.includes('details')
  const large = payloadName.includes('1,000') || payloadName.includes('kline')
  if (mode === 'early') return heavy ? [5, 6] : [5, 40]
  return heavy ? [50, 30] : large ? [2000, 300] : [3000, 500]
}
const [warmup, calls] = sizing(payload.name)
if (fn === undefined) {
  process.stdout.write('null')
} else {
  for (let i = 0; i < warmup; i++) await fn()
  const started = performance.now()
  for (let i = 0; i < calls; i++) await fn()
  process.stdout.write(JSON.stringify((performance.now() - started) / calls))
}
