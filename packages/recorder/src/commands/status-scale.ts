/**
 * `status --redis` / `--out`: the queue's job counts, and the coverage of
 * the shared Parquet tree per dataset × symbol × step (rows, duplicates left
 * for compaction, holes, files).
 *
 * @module
 */
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { DuckDBInstance } from '@duckdb/node-api'
import { Queue } from 'bullmq'
import { sqlString } from '../parquet/write-candles.ts'
import { BACKFILL_DATASETS } from '../queue/jobs.ts'
import { connectRedis, parseQueueName, parseRedisUrl } from '../queue/redis.ts'

/** Job counts by state. */
type QueueCounts = Record<string, number>

/**
 * Reads the queue's job counts.
 *
 * @param redisUrl - `--redis`.
 * @param queueName - `--queue`.
 * @returns The queue name and its counts by state (waiting, active, completed, failed, ...).
 */
async function readQueueCounts(
  redisUrl: string | undefined,
  queueName: string | undefined,
): Promise<{ queue: string; counts: QueueCounts }> {
  const target = parseRedisUrl(redisUrl)
  const name = parseQueueName(queueName)
  const redis = await connectRedis(target)
  const queue = new Queue(name, { connection: redis })
  try {
    const counts = await queue.getJobCounts(
      'waiting',
      'active',
      'delayed',
      'prioritized',
      'completed',
      'failed',
    )
    return { queue: name, counts }
  } finally {
    await queue.close()
    redis.destroy()
  }
}

/** Coverage of one candle series in the tree. */
interface TreeRow {
  dataset: string
  symbol: string
  step: number
  first: string
  last: string
  /** Distinct candles. */
  rows: number
  /** Extra copies of candles, removed by `compact`. */
  duplicates: number
  /** Missing candles between first and last. */
  holes: number
  files: number
}

/**
 * Reads the coverage of the candle datasets in the tree at `out`.
 *
 * @param outDir - `--out`.
 * @returns One row per series.
 */
async function readTreeStatus(outDir: string): Promise<TreeRow[]> {
  const out = resolve(outDir)
  const globs = BACKFILL_DATASETS.filter((d) => existsSync(join(out, `dataset=${d}`))).map((d) =>
    sqlString(join(out, `dataset=${d}`, '*', '*', '*.parquet')),
  )
  if (globs.length === 0) return []
  const instance = await DuckDBInstance.create(':memory:', { threads: '2' })
  const conn = await instance.connect()
  try {
    const rows = await conn.runAndReadAll(
      `WITH c AS (SELECT dataset, symbol, step, open_time, filename
          FROM read_parquet([${globs.join(', ')}], hive_partitioning = true, filename = true, union_by_name = true)),
        d AS (SELECT dataset, symbol, step, open_time, count(*) AS copies FROM c GROUP BY ALL)
      SELECT d.dataset, d.symbol, d.step::INTEGER AS step,
        strftime(min(open_time), '%Y-%m-%dT%H:%M:%S.%gZ') AS first,
        strftime(max(open_time), '%Y-%m-%dT%H:%M:%S.%gZ') AS last,
        count(*)::INTEGER AS rows, (sum(copies) - count(*))::INTEGER AS duplicates,
        ((epoch_ms(max(open_time)) - epoch_ms(min(open_time))) // (d.step * 60000) + 1 - count(*))::INTEGER AS holes,
        (SELECT count(DISTINCT filename) FROM c WHERE c.dataset = d.dataset AND c.symbol = d.symbol AND c.step = d.step)::INTEGER AS files
      FROM d GROUP BY d.dataset, d.symbol, d.step ORDER BY ALL`,
    )
    return rows.getRowObjectsJson().map((r) => ({
      dataset: String(r.dataset),
      symbol: String(r.symbol),
      step: Number(r.step),
      first: String(r.first),
      last: String(r.last),
      rows: Number(r.rows),
      duplicates: Number(r.duplicates),
      holes: Number(r.holes),
      files: Number(r.files),
    }))
  } finally {
    conn.closeSync()
    instance.closeSync()
  }
}

/**
 * Prints the queue counts (with `--redis`) and the tree's coverage (with `--out`).
 *
 * @param values - The flags.
 * @param ctx - Output.
 * @returns The exit code.
 */
export async function printScaleStatus(
  values: {
    redis?: string | undefined
    out?: string | undefined
    queue?: string | undefined
    json?: boolean | undefined
  },
  ctx: { stdout: { write(text: string): void; isTTY?: boolean | undefined } },
): Promise<number> {
  const json = values.json || !ctx.stdout.isTTY
  if (values.redis !== undefined) {
    const { queue, counts } = await readQueueCounts(values.redis, values.queue)
    ctx.stdout.write(
      json
        ? `${JSON.stringify({ source: 'queue', queue, ...counts })}\n`
        : `queue ${queue}: ${Object.entries(counts)
            .map(([k, v]) => `${k}=${v}`)
            .join(' ')}\n`,
    )
  }
  if (values.out !== undefined)
    for (const row of await readTreeStatus(values.out))
      ctx.stdout.write(
        json
          ? `${JSON.stringify({ source: 'parquet', ...row })}\n`
          : `${row.dataset} ${row.symbol} ${row.step}m  ${row.first} .. ${row.last}  rows ${row.rows}  duplicates ${row.duplicates}  holes ${row.holes}  files ${row.files}\n`,
      )
  return 0
}
