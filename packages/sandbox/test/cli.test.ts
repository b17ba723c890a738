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
  it('starts from src/bin.ts, prints its URL, serves the seed, clock, catalog, clean mode and header prefix it was given and exits 0 on SIGTERM', async () => {
    const args = ['--port', '0', '--seed', '7', '--now', '2026-11-20T12:00:00Z']
    const modes = ['--no-quirks', '--contracts', '30', '--rate-limit-header-prefix', 'X-BM']
    child = spawn('npx', ['tsx', 'packages/sandbox/src/bin.ts', ...args, ...modes], {
      cwd: root,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      // Resolve @perpkit/* to their sources, as the rest of the tests do (no build needed).
      env: { ...process.env, TSX_TSCONFIG_PATH: 'packages/sandbox/tsconfig.json' },
    })
    const exited = new Promise<number | null>((resolve) =>
      child?.once('exit', (code) => resolve(code)),
    )
    const match = await waitForLine(
      child,
      /listening on (http:\/\/\S+) \(seed 7, pid (\d+), no quirks, contracts 30\)/,
    )
    const [, url, pid] = match
    const res = await fetch(`${url}/contract/public/details`)
    expect(res.status).toBe(200)
    // Live budgets by default, under the deployment's header prefix the one flag named.
    expect(res.headers.get('X-BM-RateLimit-Limit')).toBe('12')
    const body = (await res.json()) as { message: string; data: { symbols: unknown[] } }
    expect(body.message).toBe('Ok')
    expect(body.data.symbols).toHaveLength(30)
    const time = await fetch(`${url}/system/time`)
    expect(await time.json()).toMatchObject({ data: { server_time: Date.UTC(2026, 10, 20, 12) } })
    // The server process itself (npx and tsx start it as a grandchild).
    process.kill(Number(pid), 'SIGTERM')
    expect(await exited).toBe(0)
  }, 60_000)
})
