/**
 * `status --redis` / `--out`: the queues' job counts and silent workers'
 * jobs, and the coverage of the shared Parquet tree per root (every dataset
 * and the gap rows) × symbol (× step for candles): first, last, rows,
 * duplicates left for compaction (by the root's key), holes (candles; with
 * `--redis`, against the plan), files. A tree in a bucket is read one
 * root at a time from a temporary download (DuckDB reads no `s3://` URL here:
 * that would need its httpfs extension, which the recorder never downloads).
 *
 * @module
 */
import { join } from 'node:path'
import { datasets as declared } from '../datasets/declared/index.ts'
import type { Dataset } from '../datasets/define.ts'
import { candleDatasets } from '../datasets/tables.ts'
import { createInstance } from '../duckdb/offline.ts'
import { sqlString } from '../duckdb/sql.ts'
import { type ParquetLayout, treeLayouts } from '../parquet/layout.ts'
import { type PlannedSeries, readPlan } from './coverage.ts'
import { againstPlan, windowsWithRows } from './plan-holes.ts'
import { readQueueStatus } from './queue-status.ts'
import { connectRedis, parseQueueName, parseRedisUrl } from './redis.ts'
import { withLocalRoots } from './tree-partitions.ts'
import { type Tree, type TreeLocation, withTree } from './tree-store.ts'

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
  /** Missing candles between first and last (candles), else 0; with a plan, also those of planned windows before first or after last. */
  holes: number
  files: number
  /** With a plan: the planned windows with no candle in the tree, as `YYYY-MM-DD..YYYY-MM-DD`. */
  missing?: string[]
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
    const instance = await createInstance(':memory:', {
      threads: '2',
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
 * Measures the tree's candle series against the plan: their holes include the
 * planned windows missing at either end, and series planned but absent from
 * the tree appear with no rows.
 *
 * @param tree - The tree.
 * @param rows - Its coverage ({@link readTreeStatus}).
 * @param plan - The plan ({@link readPlan}).
 * @returns The rows, measured against the plan.
 */
async function withPlan(
  tree: Tree,
  rows: readonly TreeRow[],
  plan: readonly PlannedSeries[],
): Promise<TreeRow[]> {
  const candles = new Set(candleDatasets(declared).map((d) => d.name))
  const layouts = treeLayouts(declared).filter((l) => candles.has(l.root))
  const found = await withTree(tree, (store) =>
    withLocalRoots(store, layouts, async (dir, roots) => {
      const instance = await createInstance(':memory:', { threads: '2' })
      const conn = await instance.connect()
      try {
        return await windowsWithRows(
          conn,
          roots.map((l) => ({ dataset: l.root, glob: join(dir, l.root, '*', '*', '*.parquet') })),
        )
      } finally {
        conn.closeSync()
        instance.closeSync()
      }
    }),
  )
  const key = (r: { dataset: string; symbol: string; step: number | null }) =>
    `${r.dataset}|${r.symbol}|${r.step}`
  const planned = new Map(plan.map((p) => [key(p), p]))
  const measured = rows.map((row) => {
    const series = planned.get(key(row))
    if (series === undefined) return row
    return { ...row, ...againstPlan(series, row, found.get(key(row)) ?? new Set()) }
  })
  const seen = new Set(rows.map(key))
  for (const series of plan) {
    if (seen.has(key(series))) continue
    const { holes, missing } = againstPlan(series, undefined, found.get(key(series)) ?? new Set())
    measured.push({
      dataset: series.dataset,
      symbol: series.symbol,
      step: series.step,
      first: '',
      last: '',
      rows: 0,
      duplicates: 0,
      holes,
      files: 0,
      missing,
    })
  }
  return measured
}

/**
 * Prints the queues' counts and silent jobs (with `--redis`) and the tree's
 * coverage (with `--out`; against the plan when `--redis` is given too).
 *
 * @param values - The flags.
 * @param tree - `--out`, parsed.
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
  const write = (fields: object, text: string) =>
    ctx.stdout.write(json ? `${JSON.stringify(fields)}\n` : `${text}\n`)
  let plan: PlannedSeries[] | undefined
  if (values.redis !== undefined) {
    const target = parseRedisUrl(values.redis)
    const base = parseQueueName(values.queue)
    const redis = await connectRedis(target)
    try {
      const status = await readQueueStatus(redis, base)
      for (const { queue, counts } of status.queues)
        write(
          { source: 'queue', queue, ...counts },
          `queue ${queue}: ${Object.entries(counts)
            .map(([k, v]) => `${k}=${v}`)
            .join(' ')}`,
        )
      write(
        { source: 'workers', queue: base, live: status.workers },
        `workers beating: ${status.workers}`,
      )
      for (const job of status.silent)
        write(
          { source: 'silent-worker', ...job },
          `job ${job.id} (${job.queue}) is active on ${job.worker}, which ${job.lastBeat === null ? 'never beat (or not for a day)' : `last beat at ${job.lastBeat}, ${Math.round((job.silentMs ?? 0) / 1000)} s ago`}: stalled-job recovery will run it again`,
        )
      if (tree !== undefined) plan = await readPlan(redis, base)
    } finally {
      redis.destroy()
    }
  }
  if (tree !== undefined) {
    const rows = await readTreeStatus(tree)
    for (const row of plan === undefined ? rows : await withPlan(tree, rows, plan))
      write(
        { source: 'parquet', ...row },
        `${row.dataset} ${row.symbol}${row.step === null ? '' : ` ${row.step}m`}  ${row.first || '-'} .. ${row.last || '-'}  rows ${row.rows}  duplicates ${row.duplicates}  holes ${row.holes}  files ${row.files}${row.missing?.length ? `  missing ${row.missing.join(', ')}` : ''}`,
      )
  }
  return 0
}
