import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { startSandbox } from '@perpkit/sandbox'
import { startRedis } from '@perpkit/test-kit'
import { Queue } from 'bullmq'
import { createClient as createRedisClient } from 'redis'
import { runCli } from '../src/index.ts'
import { int, printTable } from './table.ts'

const packageDir = fileURLToPath(new URL('..', import.meta.url))
const SYMBOLS = 'BTCUSDT,ETHUSDT,SOLUSDT,XRPUSDT,DOGEUSDT,1000PEPEUSDT,ACEUSDT,NTRNUSDT'
/**
 * Requests per window per candle endpoint and egress, on the sandbox and the workers
 * (`BENCH_BUDGET`, default 6 per 3 s): low enough that the budget, not the two
 * shared cores, bounds the run, which is what scaling in egress addresses is about.
 */
const BUDGET = process.env.BENCH_BUDGET ?? '6/3000'
const DAYS = Number(process.env.BENCH_DAYS ?? 8)

/** CPU seconds (user + system) a running process used so far, from /proc (Linux). */
function cpuSeconds(pid: number | undefined): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []
  return (Number(fields[11]) + Number(fields[12])) / 100
}

/** Every worker started, killed when the bench ends however it ends. */
const started: ChildProcess[] = []
/** Jobs each worker completed. */
const completedBy = new Map<ChildProcess, number>()

/** A worker process, resolved once it printed its ready line. */
function startWorker(args: string[]): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/bin.ts', 'worker', ...args], {
    cwd: packageDir,
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  started.push(child)
  return new Promise((resolve, reject) => {
    let buffer = ''
    child.stdout?.on('data', (chunk: Buffer) => {
      buffer += chunk.toString()
      if (buffer.includes('"event":"ready"')) resolve(child)
      const lines = buffer.split('\n')
      buffer = lines.pop() ?? ''
      for (const line of lines) {
        if (line.includes('"event":"failed"')) process.stderr.write(`${line}\n`)
        if (line.includes('"event":"completed"'))
          completedBy.set(child, (completedBy.get(child) ?? 0) + 1)
      }
    })
    child.once('exit', (code) =>
      reject(new Error(`worker exited with ${code} before it was ready`)),
    )
  })
}

/**
 * Candles per second backfilled by 1, 2 and 4 worker processes, each on its
 * own loopback address (its own budget on the sandbox and in Redis), as a
 * ratio to the first run of the sweep (`BENCH_EGRESSES`, default 1,2,4), measured in the
 * same bench. Each run is timed from `plan` to the last job completed.
 */
export async function benchQueueScaling(): Promise<void> {
  const [limit, windowMs] = BUDGET.split('/').map(Number) as [number, number]
  const budget = { limit, windowMs }
  const redis = await startRedis()
  /** Server-side milliseconds of the candle responses of the current run. */
  const served = { ms: 0, count: 0 }
  const sandbox = await startSandbox({
    seed: 7,
    quiet: true,
    rateLimit: true,
    log: (line) => {
      const [, path, , ms] = line.split(' ')
      if (path?.includes('kline')) {
        served.ms += Number.parseFloat(ms ?? '0')
        served.count++
      }
    },
    rateLimitBudgets: {
      '/contract/public/kline': budget,
      '/contract/public/markprice-kline': budget,
    },
  })
  const dir = mkdtempSync(join(tmpdir(), 'recorder-queue-bench-'))
  const connection = await createRedisClient({ url: redis.url }).connect()
  const rows: (string | number)[][] = []
  let baseline = 0
  try {
    const sweep = (process.env.BENCH_EGRESSES ?? '1,2,4').split(',').map(Number)
    for (const [run, egresses] of sweep.entries()) {
      const queueName = `bench-${run}-${egresses}`
      const workers = await Promise.all(
        Array.from({ length: egresses }, (_, i) =>
          startWorker([
            ...['--redis', redis.url, '--queue', queueName, '--egress', `e${i}`],
            ...['--local-address', `127.0.0.${2 + i}`, '--out', join(dir, queueName)],
            ...['--base-url', sandbox.url, '--budget', BUDGET, '--concurrency', '4'],
          ]),
        ),
      )
      const queue = new Queue(queueName, { connection })
      served.ms = 0
      served.count = 0
      const begin = performance.now()
      const cpuBefore = workers.map((w) => cpuSeconds(w.pid))
      const ownBefore = process.cpuUsage()
      let jobs = 0
      await runCli(
        [
          ...['plan', '--redis', redis.url, '--queue', queueName, '--symbols', SYMBOLS],
          ...['--steps', '1m', '--from', '2026-01-05', '--to', String(Date.UTC(2026, 0, 5 + DAYS))],
        ],
        {
          stdout: {
            write: (line) => {
              jobs = (JSON.parse(line) as { jobs: number }).jobs
            },
            isTTY: false,
          },
        },
      )
      for (;;) {
        const counts = await queue.getJobCounts('completed', 'failed')
        if ((counts.failed ?? 0) > 0) throw new Error(`${counts.failed} job(s) failed`)
        if (counts.completed === jobs) break
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      const seconds = (performance.now() - begin) / 1000
      const workerCpu = workers.reduce(
        (sum, w, i) => sum + cpuSeconds(w.pid) - (cpuBefore[i] ?? 0),
        0,
      )
      const own = process.cpuUsage(ownBefore)
      const sandboxCpu = (own.user + own.system) / 1e6
      await queue.close()
      await Promise.all(
        workers.map(
          (w) =>
            new Promise((resolve) => {
              w.once('exit', resolve)
              w.kill('SIGTERM')
            }),
        ),
      )
      const candles = SYMBOLS.split(',').length * 2 * DAYS * 1440
      const rate = candles / seconds
      if (run === 0) baseline = rate
      rows.push([
        egresses,
        jobs,
        int(candles),
        seconds.toFixed(1),
        int(rate),
        `${(rate / baseline).toFixed(2)}x`,
        workers.map((w) => completedBy.get(w) ?? 0).join(' / '),
        (served.ms / served.count).toFixed(0),
        workerCpu.toFixed(1),
        sandboxCpu.toFixed(1),
      ])
    }
    printTable(
      `queue workers, one per egress address, at ${BUDGET} requests/ms per candle endpoint and address`,
      [
        'egress addresses',
        'jobs',
        'candles',
        's',
        'candles/s',
        'ratio to the first run',
        'jobs per worker',
        'sandbox ms per request',
        'workers CPU s',
        'sandbox + bench CPU s',
      ],
      rows,
    )
  } finally {
    for (const child of started)
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    connection.destroy()
    await sandbox.close()
    await redis.close()
    rmSync(dir, { recursive: true, force: true })
  }
}
