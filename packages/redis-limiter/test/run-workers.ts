import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import type { WorkerJob, WorkerReport } from './worker.ts'

const packageDir = fileURLToPath(new URL('..', import.meta.url))

/** A finished run: outcomes over all processes, and how long the calls took. */
export interface TimedRun {
  report: WorkerReport
  /** From the moment every process was ready (and told to go) to the last report. */
  ms: number
}

/**
 * Runs `processes` workers at once, each its own Node process, and adds up
 * their reports.
 *
 * @param processes - How many processes.
 * @param job - What each one does.
 * @returns Outcomes counted by kind over all processes.
 */
export async function runWorkers(processes: number, job: WorkerJob): Promise<WorkerReport> {
  return (await timeWorkers(processes, job)).report
}

/**
 * Like {@link runWorkers}, and times the calls: each worker connects and says
 * it is ready; once all are, they are told to go together, so loading Node and
 * tsx (seconds, on a loaded machine) stays out of the time.
 *
 * @param processes - How many processes.
 * @param job - What each one does.
 * @param onGo - Called when the workers are told to go (a test starts its fault from there).
 * @returns The outcomes and the time the calls took.
 */
export async function timeWorkers(
  processes: number,
  job: WorkerJob,
  onGo?: () => void,
): Promise<TimedRun> {
  const children = Array.from({ length: processes }, () =>
    spawn(process.execPath, ['--import', 'tsx', 'test/worker.ts', JSON.stringify(job)], {
      cwd: packageDir,
      stdio: ['pipe', 'pipe', 'inherit'],
      timeout: 180_000,
    }),
  )
  const lines = children.map((child) => {
    const queue: string[] = []
    const waiting: ((line: string) => void)[] = []
    createInterface({ input: child.stdout }).on('line', (line) => {
      const next = waiting.shift()
      if (next) next(line)
      else queue.push(line)
    })
    const exited = new Promise<never>((_, reject) =>
      child.once('exit', (code, signal) =>
        reject(new Error(`a worker exited (${signal ?? code}) before it reported`)),
      ),
    )
    // Only a wait for a line listens to it: a worker that exits after its report is fine.
    exited.catch(() => {})
    return (): Promise<string> =>
      Promise.race([
        queue.length > 0
          ? Promise.resolve(queue.shift() as string)
          : new Promise<string>((resolve) => waiting.push(resolve)),
        exited,
      ])
  })
  try {
    for (const next of lines) expect(await next(), 'ready')
    const started = performance.now()
    for (const child of children) child.stdin.end('go\n')
    onGo?.()
    const reports = await Promise.all(lines.map(async (next) => JSON.parse(await next())))
    const ms = performance.now() - started
    const report: WorkerReport = {}
    for (const one of reports as WorkerReport[]) {
      for (const [kind, count] of Object.entries(one)) report[kind] = (report[kind] ?? 0) + count
    }
    return { report, ms }
  } finally {
    for (const child of children) if (child.exitCode === null) child.kill()
  }
}

function expect(line: string, wanted: string): void {
  if (line !== wanted) throw new Error(`a worker said ${JSON.stringify(line)}, not ${wanted}`)
}
