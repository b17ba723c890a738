/**
 * A real `perpkit-recorder record` process (the recorder's bin, from source
 * through tsx), writing an archive while the dashboard reads it.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const recorderDir = fileURLToPath(new URL('../../../packages/recorder/', import.meta.url))

/** A running recorder and the JSON lines it printed. */
export interface RecorderProcess {
  child: ChildProcess
  /** Resolves once it has written `n` more rounds. */
  rounds(n: number): Promise<void>
  /** SIGINT, then its exit code. */
  stop(): Promise<number | null>
}

/**
 * Starts `perpkit-recorder record` on `file`, polling `baseUrl` every second.
 *
 * @param file - The archive.
 * @param baseUrl - A sandbox.
 * @param symbols - The symbols.
 * @returns The process.
 */
export function startRecorder(file: string, baseUrl: string, symbols: string): RecorderProcess {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'src/bin.ts',
      'record',
      '--db',
      file,
      '--base-url',
      baseUrl,
      '--symbols',
      symbols,
      '--interval',
      '1',
      '--snapshot-interval',
      '2',
      '--depth-levels',
      '5',
    ],
    {
      cwd: recorderDir,
      env: { ...process.env, TSX_TSCONFIG_PATH: join(recorderDir, 'tsconfig.json') },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  let out = ''
  let err = ''
  child.stdout?.on('data', (chunk: Buffer) => {
    out += chunk.toString()
  })
  child.stderr?.on('data', (chunk: Buffer) => {
    err += chunk.toString()
  })
  const count = () => out.split('\n').filter((line) => line.includes('"event":"round"')).length
  return {
    child,
    async rounds(n) {
      const target = count() + n
      while (count() < target) {
        if (child.exitCode !== null) throw new Error(`record exited ${child.exitCode}: ${err}`)
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
    },
    async stop() {
      if (child.exitCode !== null) return child.exitCode
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
      child.kill('SIGINT')
      return exited
    },
  }
}
