/**
 * `status --redis`: each endpoint queue's jobs by state, and the jobs in
 * flight whose worker stopped beating (killed, frozen, cut off from Redis):
 * BullMQ shows them `active` until its stalled-job check hands them back.
 *
 * @module
 */
import { Queue } from 'bullmq'
import { readBeats } from './heartbeat.ts'
import { endpointQueues } from './queues.ts'
import type { Redis } from './redis.ts'

/** A queue's job counts by state. */
interface QueueCounts {
  queue: string
  counts: Record<string, number>
}

/** A job in flight whose worker is silent. */
interface SilentJob {
  queue: string
  id: string
  /** Its worker's name (`<egress>@<host>:<pid>`). */
  worker: string
  /** When the worker last beat (ISO), or null when it never did (or over a day ago). */
  lastBeat: string | null
  /** Milliseconds since then (null when unknown). */
  silentMs: number | null
}

/** What `status --redis` reads. */
export interface QueueStatus {
  queues: QueueCounts[]
  silent: SilentJob[]
  /** Workers beating now. */
  workers: number
}

/**
 * Reads every endpoint queue of a deployment.
 *
 * @param redis - A connected client.
 * @param base - `--queue`.
 * @returns Counts, silent jobs, live workers.
 */
export async function readQueueStatus(redis: Redis, base: string): Promise<QueueStatus> {
  const { now, beats } = await readBeats(redis, base)
  const live = (name: string) => {
    const beat = beats.get(name)
    if (beat === undefined) return false
    return now - beat.lastBeat <= 3 * (beat.info?.beatMs ?? 5_000)
  }
  const queues: QueueCounts[] = []
  const silent: SilentJob[] = []
  for (const { name } of endpointQueues(base)) {
    const queue = new Queue(name, { connection: redis })
    try {
      queues.push({
        queue: name,
        counts: await queue.getJobCounts(
          'waiting',
          'active',
          'delayed',
          'prioritized',
          'completed',
          'failed',
        ),
      })
      for (const job of await queue.getActive()) {
        const worker = job.processedBy ?? ''
        if (live(worker)) continue
        const beat = beats.get(worker)
        silent.push({
          queue: name,
          id: String(job.id),
          worker: worker || 'unknown',
          lastBeat: beat === undefined ? null : new Date(beat.lastBeat).toISOString(),
          silentMs: beat === undefined ? null : now - beat.lastBeat,
        })
      }
    } finally {
      await queue.close()
    }
  }
  return { queues, silent, workers: [...beats.keys()].filter(live).length }
}
