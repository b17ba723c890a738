import type { SandboxPayload } from '@perpkit/bench-kit'
import { contenders } from './contenders.ts'

/**
 * One contender in its own process: `process-child.ts <payload JSON> <contender>`.
 * Prints its mean ms per request after a warm-up, or `null` when it lacks the endpoint.
 */
const [payloadJson, name] = process.argv.slice(2) as [string, string]
const payload = JSON.parse(payloadJson) as SandboxPayload
const fn = contenders(payload, 'identity')[name as keyof ReturnType<typeof contenders>]
if (fn === undefined) {
  process.stdout.write('null')
} else {
  const calls = payload.name.includes('details') ? 6 : 40
  for (let i = 0; i < 5; i++) await fn()
  const started = performance.now()
  for (let i = 0; i < calls; i++) await fn()
  process.stdout.write(JSON.stringify((performance.now() - started) / calls))
}
