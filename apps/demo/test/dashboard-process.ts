/**
 * Runs the dashboard as a real process, exactly as `pnpm dashboard` does:
 * the demo's `dashboard` script (read from its package.json, not restated),
 * in apps/demo, workspace packages from source.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const demoDir = fileURLToPath(new URL('..', import.meta.url))
const binDir = fileURLToPath(new URL('../../../node_modules/.bin/', import.meta.url))

/** A running dashboard. */
export interface DashboardProcess {
  /** The URL it printed, `http://127.0.0.1:PORT/`. */
  url: string
  /** Everything it printed on stdout (one line is expected). */
  stdout(): string
  /** Everything it printed on stderr. */
  stderr(): string
  /** Sends SIGINT and resolves with the exit code (or the signal that ended it). */
  interrupt(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>
}

/**
 * The command of the demo's `dashboard` script, e.g. `['node', 'bin/dashboard.mjs']`
 * (`node` as this process's own binary; any other from node_modules/.bin).
 */
export function dashboardCommand(): [string, string[]] {
  const manifest = JSON.parse(readFileSync(`${demoDir}package.json`, 'utf8')) as {
    scripts: Record<string, string>
  }
  const [bin, ...args] = (manifest.scripts.dashboard ?? '').split(/\s+/)
  if (bin === undefined || bin === '') throw new Error('apps/demo has no dashboard script')
  return [bin === 'node' ? process.execPath : `${binDir}${bin}`, args]
}

/**
 * Starts the dashboard and waits for the URL line on stdout.
 *
 * @param args - Command-line arguments.
 * @param env - Variables added to the environment (which has no PERPKIT_* of its own).
 * @returns The running process.
 * @throws when it exits or prints something else first.
 */
export function startDashboard(
  args: readonly string[] = [],
  env: Record<string, string> = {},
): Promise<DashboardProcess> {
  const [command, scriptArgs] = dashboardCommand()
  const child: ChildProcess = spawn(command, [...scriptArgs, ...args], {
    cwd: demoDir,
    env: {
      ...Object.fromEntries(
        Object.entries(process.env).filter(([name]) => !name.startsWith('PERPKIT_')),
      ),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.on('close', (code, signal) => resolve({ code, signal }))
  })
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk
  })
  return new Promise((resolve, reject) => {
    child.on('error', reject)
    void exited.then(({ code, signal }) =>
      reject(
        new Error(`the dashboard exited (${code ?? signal}) before printing its URL:\n${stderr}`),
      ),
    )
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk
      const line = stdout.split('\n')[0]
      if (!stdout.includes('\n') || line === undefined) return
      if (!/^http:\/\/127\.0\.0\.1:\d+\/$/.test(line)) {
        reject(new Error(`expected the URL line, got ${JSON.stringify(line)}`))
        return
      }
      resolve({
        url: line,
        stdout: () => stdout,
        stderr: () => stderr,
        interrupt: () => {
          child.kill('SIGINT')
          return exited
        },
      })
    })
  })
}
