import type { SandboxPayload } from '@perpkit/bench-kit'
import { contenders } from './contenders.ts'

/**
 * One contender in its own process:
 * `process-child.ts <payload JSON> <contender> <early|steady>`. Prints its
 * mean ms per request, or `null` when it lacks the endpoint.
 *
 * - `early`: calls 6 to 45 of a fresh process (what a short script pays,
 *   its JIT still warming up).
 * - `steady`: after a long warm-up, with only this client in the process, so
 *   no other contender's garbage lands in its collections.
 */
const [payloadJson, name, mode = 'early'] = process.argv.slice(2) as [string, string, string?]
const payload = JSON.parse(payloadJson) as SandboxPayload
const fn = contenders(payload, 'identity')[name as keyof ReturnType<typeof contenders>]
const heavy = payload.name.includes('details')
const [warmup, calls] =
  mode === 'steady' ? (heavy ? [10, 30] : [100, 300]) : heavy ? [5, 6] : [5, 40]
if (fn === undefined) {
  process.stdout.write('null')
} else {
  for (let i = 0; i < warmup; i++) await fn()
  const started = performance.now()
  for (let i = 0; i < calls; i++) await fn()
  process.stdout.write(JSON.stringify((performance.now() - started) / calls))
}
