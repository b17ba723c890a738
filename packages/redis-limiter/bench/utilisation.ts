import { type ChildProcess, spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { startSandbox } from '@perpkit/sandbox'
import { startRedis } from '@perpkit/test-kit'
import type { UtilisationJob, UtilisationStart } from './utilisation-worker.ts'

const packageDir = fileURLToPath(new URL('..', import.meta.url))
const DEPTH = '/contract/public/depth'
/** The live shape (12 per window) on a 200 ms window, so a run covers 20 windows in 4 s. */
const budget = { limit: 12, windowMs: 200 }
const durationMs = 4_000

/**
 * How close N processes sharing one Redis store get to the budget's ceiling:
 * calls answered per window, over the calls the budget allows, against a
 * sandbox that enforces the same budget. Every process keeps 8 calls queued.
 */
export async function benchUtilisation(): Promise<void> {
  const server = await startRedis()
  const sandbox = await startSandbox({
    seed: 7,
    quiet: true,
    rateLimit: true,
    rateLimitBudgets: { [DEPTH]: budget },
  })
  const lines = [
    `\n### Budget utilisation: ${budget.limit} per ${budget.windowMs} ms, ${durationMs / 1000} s per run\n`,
    '| processes | answered | allowed | utilisation | 429 | other refusals |',
    '|---:|---:|---:|---:|---:|---|',
  ]
  try {
    for (const processes of process.env.N ? [Number(process.env.N)] : [1, 4, 16]) {
      const job: UtilisationJob = {
        baseUrl: sandbox.url,
        redisUrl: server.url,
        budget,
        concurrency: 8,
      }
      const workers = Array.from({ length: processes }, () => startWorker(job))
      await Promise.all(workers.map((worker) => worker.ready))
      // A common start, once every process is warm and the warm-up's window has passed.
      const startAt = Date.now() + 2 * budget.windowMs
      const start: UtilisationStart = { startAt, endAt: startAt + durationMs }
      for (const worker of workers) worker.child.stdin?.end(`${JSON.stringify(start)}\n`)
      const reports = await Promise.all(workers.map((worker) => worker.report))
      const total: Record<string, number> = {}
      for (const report of reports) {
        for (const [kind, n] of Object.entries(report)) total[kind] = (total[kind] ?? 0) + n
      }
      const { ok = 0, '30013': limited = 0, ...rest } = total
      const allowed = (budget.limit * durationMs) / budget.windowMs
      const others = Object.entries(rest).map(([kind, n]) => `${kind}: ${n}`)
      lines.push(
        `| ${processes} | ${ok} | ${allowed} | ${((100 * ok) / allowed).toFixed(1)} % | ${limited} | ${others.join(', ')} |`,
      )
      // Let the sandbox's windows pass before the next run.
      await new Promise((resolve) => setTimeout(resolve, 2 * budget.windowMs))
    }
  } finally {
    await sandbox.close()
    await server.close()
  }
  console.log(lines.join('\n'))
}

interface Worker {
  child: ChildProcess
  ready: Promise<void>
  report: Promise<Record<string, number>>
}

function startWorker(job: UtilisationJob): Worker {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'bench/utilisation-worker.ts', JSON.stringify(job)],
    { cwd: packageDir, stdio: ['pipe', 'pipe', 'inherit'] },
  )
  let output = ''
  let onReady: () => void = () => {}
  const ready = new Promise<void>((resolve, reject) => {
    onReady = resolve
    child.once('exit', (code) => reject(new Error(`worker exited with ${code}: ${output}`)))
  })
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString()
    if (output.startsWith('ready\n')) onReady()
  })
  const report = new Promise<Record<string, number>>((resolve, reject) => {
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`worker exited with ${code}: ${output}`))
      resolve(JSON.parse(output.trim().split('\n').at(-1) as string))
    })
  })
  return { child, ready, report }
}
