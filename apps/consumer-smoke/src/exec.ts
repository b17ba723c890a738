/**
 * Running commands the way a consumer's shell would: a clean environment (no `npm_config_*`
 * inherited from the pnpm script that started us, no user npmrc), output captured, and a
 * failure that shows what the command printed.
 *
 * @module
 */
import { spawn } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** What a finished command printed. */
export interface CommandOutput {
  stdout: string
  stderr: string
}

/** Options of {@link run}. */
export interface RunOptions {
  cwd: string
  /** Extra environment variables on top of the clean environment. */
  env?: Record<string, string>
  /** Resolve with the output even when the command fails (the caller inspects it). */
  allowFailure?: boolean
  /** Kill the command and fail after this many ms, so a hung child never hangs CI. @default 600000 */
  timeoutMs?: number
}

// An empty npmrc: the machine's ~/.npmrc (cache paths, unknown keys that npm warns about) is
// not part of what a consumer's project sees.
const emptyNpmrc = join(tmpdir(), 'perpkit-consumer-empty.npmrc')
writeFileSync(emptyNpmrc, '')

/** The environment without package-manager variables a pnpm script leaks into its children. */
function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {}
  for (const [key, value] of Object.entries(process.env)) {
    if (!/^(npm|pnpm)_/i.test(key)) env[key] = value
  }
  return { ...env, NPM_CONFIG_USERCONFIG: emptyNpmrc, NO_COLOR: '1', ...extra }
}

/** A command failed: its message carries the command line and everything it printed. */
class CommandError extends Error {
  constructor(command: string, code: number | string | null, output: CommandOutput) {
    super(
      [`${command} exited with ${code}`, output.stdout.trim(), output.stderr.trim()]
        .filter(Boolean)
        .join('\n'),
    )
    this.name = 'CommandError'
  }
}

/**
 * Runs `file` with `args` and resolves with its output.
 *
 * @throws {CommandError} when it exits non-zero (unless `allowFailure`).
 */
export function run(file: string, args: string[], options: RunOptions): Promise<CommandOutput> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, {
      cwd: options.cwd,
      env: cleanEnv(options.env),
      timeout: options.timeoutMs ?? 600_000,
      killSignal: 'SIGKILL',
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString()
    })
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString()
    })
    child.on('error', reject)
    child.on('close', (code, signal) => {
      const output = { stdout, stderr }
      if (signal === 'SIGKILL') {
        const limit = options.timeoutMs ?? 600_000
        reject(new CommandError([file, ...args].join(' '), `killed after ${limit} ms`, output))
      } else if (code === 0 || options.allowFailure === true) resolve(output)
      else reject(new CommandError([file, ...args].join(' '), code, output))
    })
  })
}

/**
 * npm's warnings in an install's output (`npm warn deprecated ...`, peer conflicts,
 * `EBADENGINE`...): a consumer's install must print none.
 */
export function npmWarnings(output: CommandOutput): string[] {
  return `${output.stdout}\n${output.stderr}`
    .split('\n')
    .filter((line) => /^npm (warn|WARN|ERR)/.test(line))
}
