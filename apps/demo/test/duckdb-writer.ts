/**
 * A DuckDB writer in its own process, as a running recorder is: DuckDB's
 * file lock is per process, so only another process shows what a reader
 * meets while a recorder writes.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'

/** Where `@duckdb/node-api` resolves for a child process. */
const recorderDir = fileURLToPath(new URL('../../../packages/recorder/', import.meta.url))

/**
 * A child process that opens `file` for writing and runs `sql`, then either
 * exits (closing the file) or, with `hold`, keeps it open as a running
 * recorder does until killed. DuckDB's lock is per process, so it takes one.
 */
export async function duckdbWriter(
  file: string,
  sql: string,
  hold: boolean,
): Promise<ChildProcess> {
  const script = `import { DuckDBInstance } from '@duckdb/node-api'
const instance = await DuckDBInstance.create(${JSON.stringify(file)})
const conn = await instance.connect()
await conn.run(${JSON.stringify(sql)})
console.log('open')
// Held in a global: a connection only the module scope names may be collected, and DuckDB
// closes the file (dropping its lock) when it is.
if (${hold}) { globalThis.held = [instance, conn]; setInterval(() => {}, 1000) }
else { conn.closeSync(); instance.closeSync() }`
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    cwd: recorderDir,
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  await new Promise<void>((resolve, reject) => {
    const exited = (code: number | null) =>
      code === 0 && !hold ? resolve() : reject(new Error(`the writer exited (${code})`))
    child.once('exit', exited)
    child.stdout?.once('data', () => {
      if (!hold) return
      child.off('exit', exited)
      resolve()
    })
  })
  return child
}

/** Kills a writer (as `kill -9` would) and waits for it to exit. */
export async function stop(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGKILL')
  await exited
}
