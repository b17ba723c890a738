/**
 * `plan --record`: one BullMQ job scheduler per symbol × dataset, repeating
 * every `--interval`, in the dataset's endpoint queue, under an id made of the
 * two, so planning again updates the schedule instead of adding one; `--stop`
 * removes them.
 *
 * @module
 */
import { Queue } from 'bullmq'
import { parsePositive, parseSymbols } from '../cli/common.ts'
import type { CommandContext } from '../cli/context.ts'
import { RecorderError } from '../errors.ts'
import { datasetQueue, endpointQueues } from '../many-machines/queues.ts'
import {
  parseRecordDatasets,
  type RecordJob,
  SCHEDULER_PREFIX,
  schedulerId,
} from '../many-machines/record-jobs.ts'
import { connectRedis, type RedisTarget } from '../many-machines/redis.ts'

/** The flags `plan --record` reads. */
export interface RecordPlanFlags {
  symbols?: string | undefined
  datasets?: string | undefined
  interval?: string | undefined
  'depth-levels'?: string | undefined
  stop?: boolean | undefined
}

/**
 * Upserts (or with `stop`, removes) the record schedulers.
 *
 * @param values - The flags.
 * @param target - `--redis`.
 * @param name - Queue name.
 * @param ctx - Output.
 * @returns The exit code.
 */
export async function planRecord(
  values: RecordPlanFlags,
  target: RedisTarget,
  name: string,
  ctx: Pick<CommandContext, 'stdout'>,
): Promise<number> {
  const symbols = values.stop && values.symbols === undefined ? [] : parseSymbols(values.symbols)
  const datasets = parseRecordDatasets(values.datasets)
  const everyMs = Math.round(parsePositive('--interval', values.interval, 5, 0.1) * 1000)
  const depthLevels = parsePositive('--depth-levels', values['depth-levels'], 20)
  if (!Number.isInteger(depthLevels))
    throw new RecorderError('--depth-levels must be a whole number')
  const jobs: RecordJob[] = symbols.flatMap((symbol) =>
    datasets.map(
      (dataset): RecordJob => ({ kind: 'record', dataset, symbol, depthLevels, everyMs }),
    ),
  )
  const redis = await connectRedis(target)
  const queues = new Map<string, Queue>()
  const queueOf = (dataset: string) => {
    const queueName = datasetQueue(name, dataset)
    let queue = queues.get(queueName)
    if (queue === undefined) {
      queue = new Queue(queueName, { connection: redis })
      queues.set(queueName, queue)
    }
    return queue
  }
  try {
    if (values.stop) {
      let removed = 0
      if (symbols.length > 0) {
        for (const job of jobs)
          if (await queueOf(job.dataset).removeJobScheduler(schedulerId(job))) removed++
      } else {
        // Without --symbols: every record scheduler of every record queue (of --datasets).
        for (const { dataset } of endpointQueues(name).filter((q) => q.kind === 'record')) {
          if (values.datasets !== undefined && !datasets.includes(dataset.name)) continue
          const queue = queueOf(dataset.name)
          for (const scheduler of await queue.getJobSchedulers(0, -1))
            if (
              scheduler.key.startsWith(SCHEDULER_PREFIX) &&
              (await queue.removeJobScheduler(scheduler.key))
            )
              removed++
        }
      }
      write(
        ctx,
        { event: 'stopped', queue: name, schedulers: removed },
        `removed ${removed} record schedulers from ${name}`,
      )
      return 0
    }
    let added = 0
    for (const job of jobs) {
      const id = schedulerId(job)
      const queue = queueOf(job.dataset)
      if (!(await queue.getJobScheduler(id))) added++
      await queue.upsertJobScheduler(
        id,
        { every: everyMs },
        {
          name: 'record',
          data: job,
          // A failed poll is not retried: the next one reads the same newest records.
          // Ended polls are kept a little while for status, then expire.
          opts: { attempts: 1, removeOnComplete: 100, removeOnFail: 100 },
        },
      )
    }
    const summary = {
      event: 'planned',
      queue: name,
      schedulers: jobs.length,
      added,
      updated: jobs.length - added,
      everyMs,
    }
    write(
      ctx,
      summary,
      `${jobs.length} record schedulers on ${name} every ${everyMs} ms: ${added} added, ${jobs.length - added} updated`,
    )
    return 0
  } finally {
    for (const queue of queues.values()) await queue.close()
    redis.destroy()
  }
}

function write(ctx: Pick<CommandContext, 'stdout'>, json: object, text: string): void {
  ctx.stdout.write(ctx.stdout.isTTY ? `${text}\n` : `${JSON.stringify(json)}\n`)
}
