import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import type { WorkerJob, WorkerReport } from './worker.ts'

const run = promisify(execFile)
const packageDir = fileURLToPath(new URL('..', import.meta.url))

/**
 * Runs `processes` workers at once, each its own Node process, and adds up
 * their reports.
 *
 * @param processes - How many processes.
 * @param job - What each one does.
 * @returns Outcomes counted by kind over all processes.
 */
export async function runWorkers(processes: number, job: WorkerJob): Promise<WorkerReport> {
  const reports = await Promise.all(
    Array.from({ length: processes }, async () => {
      const { stdout } = await run(
        process.execPath,
        ['--import', 'tsx', 'test/worker.ts', JSON.stringify(job)],
        { cwd: packageDir, timeout: 120_000 },
      )
      return JSON.parse(stdout.trim().split('\n').at(-1) as string) as WorkerReport
    }),
  )
  const total: WorkerReport = {}
  for (const report of reports) {
    for (const [kind, count] of Object.entries(report)) total[kind] = (total[kind] ?? 0) + count
  }
  return total
}
