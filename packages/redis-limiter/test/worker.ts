/**
 * One process of a multi-process run: `calls` depth calls at once through a
 * client whose rate-limit store is Redis or in-process, then one JSON line of
 * outcomes on stdout. Run with `node --import tsx test/worker.ts '<WorkerJob JSON>'`.
 *
 * Once connected it prints `ready` and waits for a line on stdin before the
 * calls, so that a run is timed from when every process is ready, not from
 * when each one happened to finish loading.
 */
import { createInterface } from 'node:readline'
import {
  createClient,
  InProcessRateLimitStore,
  isPerpkitError,
  type RetryOptions,
} from '@perpkit/client'
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
  /** The client's retry policy. @default 0 */
  retry?: number | RetryOptions
  /** The store's `commandTimeoutMs`. @default 30000 */
  commandTimeoutMs?: number
  /** Headers sent with every call (e.g. the sandbox's `X-Sandbox-Fault: latency=400`). */
  headers?: Record<string, string>
  /**
   * How fast the cluster client finds a new master: its
   * `topologyRefreshOnReconnectionAttemptStrategy` (how soon after a node starts
   * reconnecting it asks for the topology again), and a reconnection attempt of a
   * lost node every this many ms (each attempt is a moment it may ask).
   * @default node-redis's (5000, and attempts backing off to 2 s apart)
   */
  topologyRefreshMs?: number
}

const DEPTH = '/contract/public/depth'

/** What one worker reports: outcomes counted by kind (`ok`, `30013`, `30017`, error names). */
export type WorkerReport = Record<string, number>

const job = JSON.parse(process.argv[2] as string) as WorkerJob
const redis = job.cluster
  ? await createCluster({
      rootNodes: [{ url: job.redisUrl }],
      ...(job.topologyRefreshMs === undefined
        ? {}
        : {
            topologyRefreshOnReconnectionAttemptStrategy: job.topologyRefreshMs,
            defaults: { socket: { reconnectStrategy: () => job.topologyRefreshMs as number } },
          }),
    })
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
    ? createRedisStore({ redis, commandTimeoutMs: job.commandTimeoutMs ?? 30_000 })
    : new InProcessRateLimitStore()
const client = createClient({
  baseUrl: job.baseUrl,
  retry: job.retry ?? 0,
  rateLimit: { budgets: { [DEPTH]: job.budget }, store },
  ...(job.headers === undefined ? {} : { headers: job.headers }),
})

console.log('ready')
const lines = createInterface({ input: process.stdin })
await new Promise((resolve) => lines.once('line', resolve))
lines.close()

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
