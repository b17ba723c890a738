import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { median } from '@perpkit/bench-kit'
import { startSandbox } from '@perpkit/sandbox'
import { startRedis } from '@perpkit/test-kit'
import { Queue } from 'bullmq'
import { createClient as createRedisClient } from 'redis'
import { runCli } from '../src/index.ts'
import { endpointQueues } from '../src/many-machines/queues.ts'
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
/** Runs of each sweep, interleaved (`BENCH_REPEAT`). */
const REPEAT = Number(process.env.BENCH_REPEAT ?? 5)
/** Candles of one request of a 1m day's three (500, 500, 440): the mean a request carries. */
const CANDLES_PER_REQUEST = 1440 / 3

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

/** One run's measures. */
interface Run {
  rate: number
  seconds: number
  jobsPerWorker: string
  workerCpu: number
  sandboxCpu: number
  limited: number
}

/**
 * Candles per second backfilled by 1, 2 and 4 worker processes, each on its
 * own loopback address (its own budget on the sandbox, which counts budgets
 * per client address, and in Redis), in `BENCH_REPEAT` interleaved sweeps
 * (`BENCH_EGRESSES`, default 1,2,4). Each run is timed from `plan` to the last
 * job completed. Reports the median and min-max of each, the share of the
 * budget's ceiling reached, and the ratio to one address.
 */
export async function benchQueueScaling(): Promise<void> {
  const [limit, windowMs] = BUDGET.split('/').map(Number) as [number, number]
  const budget = { limit, windowMs }
  const redis = await startRedis()
  let rateLimited = 0
  const sandbox = await startSandbox({
    seed: 7,
    quiet: true,
    rateLimit: true,
    log: (line) => {
      const status = line.split(' ')[2]
      if (status === '429' || status === '418') rateLimited++
    },
    rateLimitBudgets: {
      '/contract/public/kline': budget,
      '/contract/public/markprice-kline': budget,
    },
  })
  const dir = mkdtempSync(join(tmpdir(), 'recorder-queue-bench-'))
  const sweep = (process.env.BENCH_EGRESSES ?? '1,2,4').split(',').map(Number)
  const runs = new Map<number, Run[]>(sweep.map((n) => [n, []]))
  try {
    for (let repeat = 0; repeat < REPEAT; repeat++)
      for (const egresses of sweep) {
        const queueName = `bench-${repeat}-${egresses}`
        const workers = await Promise.all(
          Array.from({ length: egresses }, (_, i) =>
            startWorker([
              ...['--redis', redis.url, '--queue', queueName, '--egress', `e${i}`],
              ...['--local-address', `127.0.0.${2 + i}`, '--out', join(dir, queueName)],
              ...['--base-url', sandbox.url, '--budget', BUDGET],
            ]),
          ),
        )
        // A connection per run: BullMQ queues leave their listeners on it.
        const connection = await createRedisClient({ url: redis.url }).connect()
        const queues = endpointQueues(queueName)
          .filter((q) => q.kind === 'backfill')
          .map((q) => new Queue(q.name, { connection }))
        const limitedBefore = rateLimited
        const begin = performance.now()
        const cpuBefore = workers.map((w) => cpuSeconds(w.pid))
        const ownBefore = process.cpuUsage()
        let jobs = 0
        await runCli(
          [
            ...['plan', '--redis', redis.url, '--queue', queueName, '--symbols', SYMBOLS],
            ...[
              '--steps',
              '1m',
              '--from',
              '2026-01-05',
              '--to',
              String(Date.UTC(2026, 0, 5 + DAYS)),
            ],
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
          let completed = 0
          for (const queue of queues) {
            const counts = await queue.getJobCounts('completed', 'failed')
            if ((counts.failed ?? 0) > 0) throw new Error(`${counts.failed} job(s) failed`)
            completed += counts.completed ?? 0
          }
          if (completed === jobs) break
          await new Promise((resolve) => setTimeout(resolve, 50))
        }
        const seconds = (performance.now() - begin) / 1000
        const workerCpu = workers.reduce(
          (sum, w, i) => sum + cpuSeconds(w.pid) - (cpuBefore[i] ?? 0),
          0,
        )
        const own = process.cpuUsage(ownBefore)
        for (const queue of queues) await queue.close()
        connection.destroy()
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
        runs.get(egresses)?.push({
          rate: candles / seconds,
          seconds,
          jobsPerWorker: workers.map((w) => completedBy.get(w) ?? 0).join(' / '),
          workerCpu,
          sandboxCpu: (own.user + own.system) / 1e6,
          limited: rateLimited - limitedBefore,
        })
      }
    const baseline = median((runs.get(sweep[0] as number) ?? []).map((r) => r.rate))
    const spread = (values: number[], format: (n: number) => string) =>
      `${format(median(values))} (${format(Math.min(...values))}-${format(Math.max(...values))})`
    const rows = sweep.map((egresses) => {
      const list = runs.get(egresses) ?? []
      const rates = list.map((r) => r.rate)
      // Two candle endpoints per address, `limit` requests per window each.
      const ceiling = egresses * 2 * (limit / (windowMs / 1000)) * CANDLES_PER_REQUEST
      return [
        egresses,
        spread(rates, int),
        `${Math.round((median(rates) / ceiling) * 100)} %`,
        `${(median(rates) / baseline).toFixed(2)}x`,
        `${(median(rates) / baseline / egresses).toFixed(2)}`,
        spread(
          list.map((r) => r.seconds),
          (n) => n.toFixed(1),
        ),
        list.at(-1)?.jobsPerWorker ?? '',
        spread(
          list.map((r) => r.workerCpu),
          (n) => n.toFixed(1),
        ),
        list.reduce((sum, r) => sum + r.limited, 0),
      ]
    })
    printTable(
      `queue workers, one per egress address, at ${BUDGET} requests/ms per candle endpoint and address: ${DAYS} days × 8 symbols × 2 candle datasets of 1m, median (min-max) of ${REPEAT} interleaved runs`,
      [
        'egress addresses',
        'candles/s',
        'of the budget ceiling',
        'ratio to 1 address',
        'ratio / addresses (goal ≥ 0.85)',
        's',
        'jobs per worker (last run)',
        'workers CPU s',
        '429/418',
      ],
      rows,
    )
  } finally {
    for (const child of started)
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    await sandbox.close()
    await redis.close()
    rmSync(dir, { recursive: true, force: true })
  }
}
