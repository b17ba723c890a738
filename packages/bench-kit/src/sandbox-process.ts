import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

/** A sandbox in its own process, so its work does not share the client's event loop. */
export interface SandboxProcess {
  url: string
  stop(): Promise<void>
}

// The built sandbox, as users run it (`pnpm bench` builds it first); PERPKIT_SANDBOX_BIN
// points at another build (e.g. of another commit, to compare clients on the same server).
const bin =
  process.env.PERPKIT_SANDBOX_BIN ??
  fileURLToPath(new URL('../../sandbox/dist/bin.js', import.meta.url))

/**
 * Starts `perpkit-sandbox` (the built bin) with extra CLI flags and waits for its URL. Its
 * rate limits are off (`--no-rate-limit`): benchmarks send far more than the live budgets.
 *
 * @param args - Extra flags, e.g. `['--depth-levels', '100']`.
 * @returns Its URL and a stop function.
 */
export function spawnSandbox(args: string[] = []): Promise<SandboxProcess> {
  if (!existsSync(bin))
    throw new Error(`${bin} is missing: run \`pnpm build\` (pnpm bench does) first`)
  const child: ChildProcess = spawn(
    process.execPath,
    [bin, '--port', '0', '--seed', '7', '--quiet', '--no-rate-limit', ...args],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  )
  return new Promise((resolve, reject) => {
    let output = ''
    child.once('exit', (code) => reject(new Error(`sandbox exited early with ${code}: ${output}`)))
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const match = output.match(/https?:\/\/[\d.]+:\d+/)
      if (!match) return
      child.removeAllListeners('exit')
      resolve({
        url: match[0],
        stop: () =>
          new Promise<void>((done) => {
            child.once('exit', () => done())
            child.kill('SIGTERM')
          }),
      })
    })
  })
}
