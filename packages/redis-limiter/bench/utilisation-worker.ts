/**
 * One process of the utilisation benchmark. It connects, warms up with one
 * call, prints `ready`, reads
 * `{ startAt, endAt }` (epoch ms) from stdin, keeps `concurrency` depth calls
 * queued through a Redis store between those times, then prints one JSON
 * line: calls answered by `endAt`, and refusals by code.
 */
import { createInterface } from 'node:readline'
import { createClient, isPerpkitError } from '@perpkit/client'
import { createClient as createRedisClient } from 'redis'
import { createRedisStore } from '../src/index.ts'

/** What one worker is asked to do. */
export interface UtilisationJob {
  baseUrl: string
  redisUrl: string
  budget: { limit: number; windowMs: number }
  concurrency: number
}

/** The common window of a run, sent once every process is ready. */
export interface UtilisationStart {
  startAt: number
  endAt: number
}

const DEPTH = '/contract/public/depth'
const job = JSON.parse(process.argv[2] as string) as UtilisationJob
const redis = await createRedisClient({ url: job.redisUrl })
  .on('error', () => {})
  .connect()
const client = createClient({
  baseUrl: job.baseUrl,
  retry: 0,
  rateLimit: { budgets: { [DEPTH]: job.budget }, store: createRedisStore({ redis }) },
})
const counts: Record<string, number> = { ok: 0 }
// Warm up (schemas, connections, scripts) before the clock starts.
await client.getDepth({ symbol: 'BTCUSDT' })
console.log('ready')
const lines = createInterface({ input: process.stdin })
const { startAt, endAt } = JSON.parse(
  (await lines[Symbol.asyncIterator]().next()).value as string,
) as UtilisationStart
lines.close()
await new Promise((resolve) => setTimeout(resolve, Math.max(0, startAt - Date.now())))
const stop = new AbortController()
const timer = setTimeout(() => stop.abort(), Math.max(0, endAt - Date.now()))
async function lane(): Promise<void> {
  while (!stop.signal.aborted) {
    try {
      await client.getDepth({ symbol: 'BTCUSDT' }, { signal: stop.signal })
      if (Date.now() <= endAt) counts.ok = (counts.ok ?? 0) + 1
    } catch (error) {
      if (stop.signal.aborted) return
      const kind = isPerpkitError(error) && 'code' in error ? String(error.code) : String(error)
      counts[kind] = (counts[kind] ?? 0) + 1
    }
  }
}
await Promise.all(Array.from({ length: job.concurrency }, lane))
clearTimeout(timer)
console.log(JSON.stringify(counts))
redis.destroy()
