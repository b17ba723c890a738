/**
 * A worker's `/metrics` and `/healthz`: its counters, every endpoint queue's
 * jobs by state (read from Redis at each scrape), and its health.
 *
 * @module
 */
import { Queue } from 'bullmq'
import type { EndpointQueue } from '../many-machines/queues.ts'
import type { Redis } from '../many-machines/redis.ts'
import { settleWithin } from '../settle-within.ts'
import type { RecorderMetrics } from './recorder-metrics.ts'
import { type MetricsServer, serveMetrics } from './serve-metrics.ts'

/**
 * The worker's `/metrics` (its counters, and every queue's jobs by state) and `/healthz`.
 *
 * @param metrics - The counters.
 * @param at - Host and port.
 * @param redis - For the job counts.
 * @param queues - The queues counted.
 * @param health - The health now.
 * @returns The server.
 */
export async function serveWorkerMetrics(
  metrics: RecorderMetrics,
  at: { host: string; port: number },
  redis: Redis,
  queues: readonly EndpointQueue[],
  health: () => { ok: boolean } & Record<string, unknown>,
): Promise<MetricsServer> {
  const handles = queues.map((q) => new Queue(q.name, { connection: redis }))
  metrics.registry.gauge(
    'perpkit_recorder_jobs',
    'Jobs of each endpoint queue by state (every worker reports the whole queue: aggregate with max)',
    async () => {
      if (!redis.isReady) throw new Error('Redis unreachable')
      const counts = await Promise.all(
        handles.map((q) =>
          q.getJobCounts('waiting', 'active', 'delayed', 'prioritized', 'completed', 'failed'),
        ),
      )
      return counts.flatMap((c, i) =>
        Object.entries(c).map(([state, value]) => ({
          labels: { queue: handles[i]?.name ?? '', state },
          value,
        })),
      )
    },
  )
  metrics.registry.gauge(
    'perpkit_recorder_up',
    '1 while the worker is healthy (see /healthz)',
    () => [{ labels: {}, value: health().ok ? 1 : 0 }],
  )
  const server = await serveMetrics(at, metrics.registry, async () => health())
  return {
    url: server.url,
    close: async () => {
      await server.close()
      await Promise.all(handles.map((q) => settleWithin(q.close(), 1_000)))
    },
  }
}
