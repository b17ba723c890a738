import type { ChildProcess } from 'node:child_process'
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { DuckDBInstance } from '@duckdb/node-api'
import { createClient } from '@perpkit/client'
import type { Kline } from '@perpkit/schemas'
import { type Job, type JobType, Queue } from 'bullmq'
import { createClient as createRedisClient } from 'redis'
import { endpointQueues } from '../src/many-machines/queues.ts'
import { rowKey, spawnCli } from './helpers.ts'

/** A worker process and the JSON lines it printed so far. */
export interface WorkerProcess {
  child: ChildProcess
  events: Record<string, unknown>[]
  /** Its BullMQ worker name (`<egress>@<host>:<pid>`), once ready. */
  name: () => string | undefined
  /** Resolves when a printed event satisfies `test`. */
  until(test: (event: Record<string, unknown>) => boolean): Promise<Record<string, unknown>>
  stderr: () => string
}

/** Every worker spawned, so a failing test leaves none running. */
const spawned: ChildProcess[] = []

/** SIGKILLs the workers still running (in `afterAll`). */
export function killWorkers(): void {
  for (const child of spawned)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
}

/**
 * Spawns `perpkit-recorder worker` as a real process and collects its JSON lines.
 *
 * @param args - Its flags.
 * @returns The process.
 */
export function spawnWorker(args: string[]): WorkerProcess {
  const child = spawnCli(['worker', ...args])
  spawned.push(child)
  const events: Record<string, unknown>[] = []
  const waiters: {
    test: (e: Record<string, unknown>) => boolean
    resolve: (e: Record<string, unknown>) => void
  }[] = []
  let buffer = ''
  let err = ''
  child.stdout?.on('data', (chunk: Buffer) => {
    buffer += chunk.toString()
    const lines = buffer.split('\n')
    buffer = lines.pop() ?? ''
    for (const line of lines) {
      if (!line.startsWith('{')) continue
      const event = JSON.parse(line) as Record<string, unknown>
      events.push(event)
      for (const waiter of [...waiters])
        if (waiter.test(event)) {
          waiters.splice(waiters.indexOf(waiter), 1)
          waiter.resolve(event)
        }
    }
  })
  child.stderr?.on('data', (chunk: Buffer) => {
    err += chunk.toString()
  })
  return {
    child,
    events,
    name: () => events.find((e) => e.event === 'ready')?.worker as string | undefined,
    until: (test) => {
      const seen = events.find(test)
      if (seen !== undefined) return Promise.resolve(seen)
      return new Promise((resolve, reject) => {
        waiters.push({ test, resolve })
        child.once('exit', (code, signal) =>
          reject(new Error(`worker exited (${code ?? signal}) before the awaited event:\n${err}`)),
        )
      })
    },
    stderr: () => err,
  }
}

/** The endpoint queues of a deployment, read together. */
export interface FleetHandle {
  /** Job counts by state, summed over the queues of `kind` (default backfill). */
  counts(...states: JobType[]): Promise<Record<string, number>>
  /** A job by id, from whichever queue holds it. */
  job(id: string): Promise<Job | undefined>
  /** Each queue by name. */
  queues: Map<string, Queue>
  close(): Promise<void>
}

/**
 * Opens every endpoint queue of a deployment.
 *
 * @param url - Redis.
 * @param base - `--queue`.
 * @param kind - Backfill or record queues.
 * @returns The handle.
 */
export async function openFleet(
  url: string,
  base: string,
  kind: 'backfill' | 'record' = 'backfill',
): Promise<FleetHandle> {
  const redis = await createRedisClient({ url })
    .on('error', () => {})
    .connect()
  const queues = new Map(
    endpointQueues(base)
      .filter((q) => q.kind === kind)
      .map((q) => [q.name, new Queue(q.name, { connection: redis })]),
  )
  return {
    queues,
    counts: async (...states) => {
      const sum: Record<string, number> = {}
      for (const queue of queues.values())
        for (const [state, n] of Object.entries(await queue.getJobCounts(...states)))
          sum[state] = (sum[state] ?? 0) + n
      return sum
    },
    job: async (id) => {
      for (const queue of queues.values()) {
        const job = await queue.getJob(id)
        if (job !== undefined) return job
      }
      return undefined
    },
    close: async () => {
      for (const queue of queues.values()) await queue.close()
      redis.destroy()
    },
  }
}

/**
 * Polls `read` until `done` holds of its value (a real condition, never a fixed sleep).
 *
 * @param read - Reads the state.
 * @param done - When to stop.
 * @param what - Named in the timeout error.
 * @param timeoutMs - Longest wait.
 * @returns The last value read.
 */
export async function pollUntil<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  what: string,
  timeoutMs = 90_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await read()
    if (done(value)) return value
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** Candle rows as `dataset|symbol|step|open ms|o|h|l|c|v`, sorted. */
export type CandleRows = string[]

/**
 * The sandbox's own candles over HTTP, from a sandbox of the same seed.
 *
 * @param baseUrl - The reference sandbox (without a rate limit).
 * @param symbols - Symbols.
 * @param steps - Steps in minutes.
 * @param from - First open time.
 * @param to - Last close time (exclusive end of the last candle).
 * @returns Sorted rows.
 */
export async function referenceCandles(
  baseUrl: string,
  symbols: readonly string[],
  steps: readonly (1 | 60)[],
  from: number,
  to: number,
): Promise<CandleRows> {
  const client = createClient({ baseUrl, rateLimit: false })
  const rows: string[] = []
  for (const [dataset, iterate] of [
    ['kline', client.iterKlines],
    ['markprice-kline', client.iterMarkPriceKlines],
  ] as const)
    for (const symbol of symbols)
      for (const step of steps)
        for await (const c of iterate({
          symbol,
          step,
          startTime: from,
          endTime: to - step * 60_000,
        }))
          rows.push(
            rowKey([
              dataset,
              symbol,
              step,
              c.timestamp,
              c.openPrice,
              c.highPrice,
              c.lowPrice,
              c.closePrice,
              c.volume,
            ]),
          )
  return rows.sort()
}

/**
 * The rows {@link treeCandles} reads for 1m `kline` candles of one symbol, sorted.
 *
 * @param symbol - The symbol.
 * @param candles - Its candles, as the client returns them.
 * @returns Sorted rows.
 */
export function klineRows(symbol: string, candles: readonly Kline[]): CandleRows {
  return candles
    .map((c) =>
      rowKey([
        'kline',
        symbol,
        1,
        c.timestamp,
        c.openPrice,
        c.highPrice,
        c.lowPrice,
        c.closePrice,
        c.volume,
      ]),
    )
    .sort()
}

/**
 * Every candle row of a Parquet tree (with duplicates, if any): the `kline` and
 * `markprice-kline` roots.
 *
 * @param out - The tree.
 * @returns Sorted rows.
 */
export async function treeCandles(out: string): Promise<CandleRows> {
  const instance = await DuckDBInstance.create(':memory:')
  try {
    const conn = await instance.connect()
    const rows: Record<string, unknown>[] = []
    for (const dataset of ['kline', 'markprice-kline'])
      if (existsSync(join(out, dataset)))
        rows.push(
          ...(
            await conn.runAndReadAll(
              `SELECT '${dataset}' AS dataset, symbol, step, epoch_ms(open_time) AS t, open::VARCHAR AS o,
                 high::VARCHAR AS h, low::VARCHAR AS l, close::VARCHAR AS c, volume::VARCHAR AS v
               FROM read_parquet('${join(out, dataset, '*', '*', '*.parquet')}', hive_partitioning = true)`,
            )
          ).getRowObjectsJson(),
        )
    conn.closeSync()
    return rows
      .map((r) => rowKey([r.dataset, r.symbol, r.step, r.t, r.o, r.h, r.l, r.c, r.v]))
      .sort()
  } finally {
    instance.closeSync()
  }
}

/** Parquet files per partition directory of a tree. */
export function filesPerPartition(out: string): number[] {
  const counts: number[] = []
  for (const d of readdirSync(out).filter((n) => !n.startsWith('_') && !n.startsWith('.')))
    for (const s of readdirSync(join(out, d)))
      for (const day of readdirSync(join(out, d, s)))
        counts.push(readdirSync(join(out, d, s, day)).filter((n) => n.endsWith('.parquet')).length)
  return counts
}
