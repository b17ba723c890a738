/**
 * README's Quick start, line 3, exactly as written there (read from the
 * README, not restated), run as a terminal runs it: in a process group of its
 * own, which Ctrl-C signals as a whole.
 */
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../../../', import.meta.url))

/** The Quick start lines of the root README. */
function quickStartLines(): string[] {
  const readme = readFileSync(`${root}README.md`, 'utf8')
  const block = /## Quick start\s+```sh\n([\s\S]*?)```/.exec(readme)?.[1]
  if (block === undefined) throw new Error('README.md has no Quick start sh block')
  return block.trim().split('\n')
}

describe('README Quick start', () => {
  it('line 3 serves the dashboard until Ctrl-C (SIGINT to its process group), then exits 0', async () => {
    const line = quickStartLines()[2] as string
    expect(line).toContain('dashboard')
    // bash, as in a terminal: it waits for the command and exits with its status.
    const child = spawn('bash', ['-c', line], {
      cwd: root,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk
    })
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.on('close', (code, signal) => resolve({ code, signal })),
    )
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        stdout += chunk
        const found = /^http:\/\/127\.0\.0\.1:\d+\/$/m.exec(stdout)
        if (found) resolve(found[0])
      })
      void exited.then(({ code, signal }) =>
        reject(new Error(`line 3 ended (${code ?? signal}) before its URL:\n${stdout}\n${stderr}`)),
      )
    })
    // It serves: the page answers before Ctrl-C.
    expect((await fetch(url)).status).toBe(200)
    process.kill(-(child.pid as number), 'SIGINT')
    expect(await exited).toEqual({ code: 0, signal: null })
  }, 180_000)
})
