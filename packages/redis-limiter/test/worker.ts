/**
 * One process of a multi-process run: `calls` depth calls at once through a
 * client whose rate-limit store is Redis or in-process, then one JSON line of
 * outcomes on stdout. Run with `node --import tsx test/worker.ts '<WorkerJob JSON>'`.
 */
import { createClient, InProcessRateLimitStore, isPerpkitError } from '@perpkit/client'
import { createCluster, createClient as createRedisClient } from 'redis'
import { createRedisStore } from '../src/index.ts'

/** What one worker is asked to do. */
export interface WorkerJob {
  baseUrl: string
  redisUrl: string
  /** Connect with `createCluster`, `redisUrl` as its root node, instead of `createClient`. */
  cluster?: boolean
  store: 'redis' | 'in-process'
  calls: number
  /** The depth endpoint's budget, on the client and on the sandbox. */
  budget: { limit: number; windowMs: number }
}

const DEPTH = '/contract/public/depth'

/** What one worker reports: outcomes counted by kind (`ok`, `30013`, `30017`, error names). */
export type WorkerReport = Record<string, number>

const job = JSON.parse(process.argv[2] as string) as WorkerJob
const redis = job.cluster
  ? await createCluster({ rootNodes: [{ url: job.redisUrl }] })
      .on('error', () => {})
      .connect()
  : await createRedisClient({ url: job.redisUrl })
      .on('error', () => {})
      .connect()
// The run proves one shared budget, not Redis's latency: on a loaded 2-core
// CI machine with 4 workers and a sandbox, an answer can take longer than the
// default 500 ms, which fail-closed turns into a RedisLimiterError.
const store =
  job.store === 'redis'
    ? createRedisStore({ redis, commandTimeoutMs: 30_000 })
    : new InProcessRateLimitStore()
const client = createClient({
  baseUrl: job.baseUrl,
  retry: 0,
  rateLimit: { budgets: { [DEPTH]: job.budget }, store },
})
const results = await Promise.allSettled(
  Array.from({ length: job.calls }, () => client.getDepth({ symbol: 'BTCUSDT' })),
)
const report: WorkerReport = {}
for (const result of results) {
  const reason = result.status === 'rejected' ? result.reason : undefined
  const kind =
    reason === undefined
      ? 'ok'
      : isPerpkitError(reason) && 'code' in reason
        ? String(reason.code)
        : ((reason as Error).name ?? 'unknown')
  report[kind] = (report[kind] ?? 0) + 1
}
console.log(JSON.stringify(report))
await redis.close()
