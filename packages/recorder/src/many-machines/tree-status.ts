/**
 * `status --redis` / `--out`: the queue's job counts, and the coverage of
 * the shared Parquet tree per root (every dataset and the gap rows) × symbol
 * (× step for candles): first, last, rows, duplicates left for compaction (by
 * the root's key), holes (candles), files. A tree in a bucket is read one
 * root at a time from a temporary download (DuckDB reads no `s3://` URL here:
 * that would need its httpfs extension, which the recorder never downloads).
 *
 * @module
 */
import { join } from 'node:path'
import { DuckDBInstance } from '@duckdb/node-api'
import { Queue } from 'bullmq'
import { datasets as declared } from '../datasets/declared/index.ts'
import type { Dataset } from '../datasets/define.ts'
import { NO_EXTENSION_DOWNLOADS } from '../duckdb/offline.ts'
import { sqlString } from '../duckdb/sql.ts'
import { type ParquetLayout, treeLayouts } from '../parquet/layout.ts'
import { connectRedis, parseQueueName, parseRedisUrl } from './redis.ts'
import { withLocalRoots } from './tree-partitions.ts'
import { type Tree, type TreeLocation, withTree } from './tree-store.ts'

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

/** Coverage of one series of the tree. */
export interface TreeRow {
  /** The root: a dataset's name, or `gaps`. */
  dataset: string
  symbol: string
  /** Step in minutes (candles), else null. */
  step: number | null
  first: string
  last: string
  /** Distinct rows (by the root's key). */
  rows: number
  /** Extra copies, removed by `compact`. */
  duplicates: number
  /** Missing candles between first and last (candles), else 0. */
  holes: number
  files: number
}

function seriesSql(layout: ParquetLayout, glob: string): string {
  const candles = layout.key.includes('step')
  const step = candles ? 'step' : 'NULL::INTEGER'
  const key = layout.key.join(', ')
  return `WITH c AS (SELECT *, ${step} AS step_ FROM read_parquet(${sqlString(glob)}, hive_partitioning = true, filename = true, union_by_name = true)),
      d AS (SELECT symbol, step_, epoch_ms(${layout.time}) AS t, count(*) AS copies FROM c GROUP BY symbol, step_, ${key}, ${layout.time})
    SELECT ${sqlString(layout.root)} AS dataset, symbol, step_::INTEGER AS step,
      strftime(make_timestamp_ms(min(t)), '%Y-%m-%dT%H:%M:%S.%gZ') AS first,
      strftime(make_timestamp_ms(max(t)), '%Y-%m-%dT%H:%M:%S.%gZ') AS last,
      count(*)::INTEGER AS rows, (sum(copies) - count(*))::INTEGER AS duplicates,
      ${candles ? '((max(t) - min(t)) // (step_ * 60000) + 1 - count(*))::INTEGER' : '0'} AS holes,
      (SELECT count(DISTINCT filename) FROM c WHERE c.symbol = d.symbol AND c.step_ IS NOT DISTINCT FROM d.step_)::INTEGER AS files
    FROM d GROUP BY symbol, step_ ORDER BY symbol, step_`
}

/**
 * Reads the coverage of every root of a tree.
 *
 * @param tree - The tree: a directory, an `s3://` URL, or an open store.
 * @param datasets - The datasets whose roots are read (default the declared ones).
 * @returns One row per series.
 */
export async function readTreeStatus(
  tree: Tree,
  datasets: readonly Dataset[] = declared,
): Promise<TreeRow[]> {
  return withTree(tree, async (store) => {
    const instance = await DuckDBInstance.create(':memory:', {
      threads: '2',
      ...NO_EXTENSION_DOWNLOADS,
    })
    const conn = await instance.connect()
    try {
      const rows: TreeRow[] = []
      // One root at a time: a bucket's is downloaded, read, and its copy removed.
      for (const layout of treeLayouts(datasets))
        await withLocalRoots(store, [layout], async (dir, roots) => {
          if (roots.length === 0) return
          const glob = join(dir, layout.root, '*', '*', '*.parquet')
          const found = (await conn.runAndReadAll(seriesSql(layout, glob))).getRowObjectsJson()
          for (const r of found)
            rows.push({
              dataset: String(r.dataset),
              symbol: String(r.symbol),
              step: r.step === null ? null : Number(r.step),
              first: String(r.first),
              last: String(r.last),
              rows: Number(r.rows),
              duplicates: Number(r.duplicates),
              holes: Number(r.holes),
              files: Number(r.files),
            })
        })
      return rows
    } finally {
      conn.closeSync()
      instance.closeSync()
    }
  })
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
  tree: TreeLocation | undefined,
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
  if (tree !== undefined)
    for (const row of await readTreeStatus(tree))
      ctx.stdout.write(
        json
          ? `${JSON.stringify({ source: 'parquet', ...row })}\n`
          : `${row.dataset} ${row.symbol}${row.step === null ? '' : ` ${row.step}m`}  ${row.first} .. ${row.last}  rows ${row.rows}  duplicates ${row.duplicates}  holes ${row.holes}  files ${row.files}\n`,
      )
  return 0
}
