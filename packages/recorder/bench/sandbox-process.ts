import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { fileURLToPath } from 'node:url'

/** Starts the sandbox in a child process and returns its URL and a stop function. */
export async function sandboxProcess(): Promise<{ url: string; stop: () => Promise<void> }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(new URL('sandbox-child.ts', import.meta.url))],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  )
  const [line] = (await once(child.stdout, 'data')) as [Buffer]
  return {
    url: line.toString().trim(),
    stop: async () => {
      child.stdin.end()
      await once(child, 'exit')
    },
  }
}
