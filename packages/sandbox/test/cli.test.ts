import { type ChildProcess, spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../../../', import.meta.url))
let child: ChildProcess | undefined

afterAll(() => {
  // Only if the test failed half-way: stop the whole process group it started.
  if (child?.pid !== undefined && child.exitCode === null && child.signalCode === null) {
    process.kill(-child.pid, 'SIGKILL')
  }
})

function waitForLine(proc: ChildProcess, pattern: RegExp): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    let out = ''
    proc.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      const match = pattern.exec(out)
      if (match) resolve(match)
    })
    proc.once('exit', (code) => reject(new Error(`exited with ${code} before printing: ${out}`)))
  })
}

describe('perpkit-sandbox CLI', () => {
  it('starts from src/bin.ts, prints its URL, serves the seed it was given and exits 0 on SIGTERM', async () => {
    child = spawn('npx', ['tsx', 'packages/sandbox/src/bin.ts', '--port', '0', '--seed', '7'], {
      cwd: root,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      // Resolve @perpkit/* to their sources, as the rest of the tests do (no build needed).
      env: { ...process.env, TSX_TSCONFIG_PATH: 'packages/sandbox/tsconfig.json' },
    })
    const exited = new Promise<number | null>((resolve) =>
      child?.once('exit', (code) => resolve(code)),
    )
    const match = await waitForLine(child, /listening on (http:\/\/\S+) \(seed 7, pid (\d+)/)
    const [, url, pid] = match
    const res = await fetch(`${url}/contract/public/details?symbol=BTCUSDT`)
    expect(res.status).toBe(200)
    expect(((await res.json()) as { code: number }).code).toBe(1000)
    // The server process itself (npx and tsx start it as a grandchild).
    process.kill(Number(pid), 'SIGTERM')
    expect(await exited).toBe(0)
  }, 60_000)
})
