/**
 * Runs the demo as a real process, the way `pnpm demo` does: src/main.ts
 * through tsx's loader in apps/demo, workspace packages from source. Node
 * runs it directly (`node --import tsx`), not under the `tsx` command: that
 * command relays a signal to its child and kills it (exit 130) when the child
 * does not acknowledge within 30 ms, which a loaded machine sometimes misses.
 */
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { expect } from 'vitest'

const demoDir = fileURLToPath(new URL('..', import.meta.url))

/** What a finished run left behind. */
export interface DemoRun {
  code: number | null
  signal: NodeJS.Signals | null
  stdout: string
  stderr: string
}

/** Options of {@link runDemo}. */
export interface RunOptions {
  /** Variables added to a clean environment (no PERPKIT_*, NO_COLOR or FORCE_COLOR). */
  env?: Record<string, string>
  /** Called with the stdout so far after each chunk; may signal the process. */
  onStdout?: (stdout: string, child: { kill(signal: NodeJS.Signals): boolean }) => void
}

function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {}
  for (const [name, value] of Object.entries(process.env)) {
    if (/^(PERPKIT_|NO_COLOR$|FORCE_COLOR$)/.test(name)) continue
    env[name] = value
  }
  return { ...env, ...extra }
}

/**
 * Spawns `node --import tsx src/main.ts ...args` in apps/demo and collects its output.
 *
 * @param args - Command-line arguments.
 * @param options - Extra environment, a stdout watcher.
 * @returns The exit code or signal, stdout and stderr.
 */
export function runDemo(args: readonly string[], options: RunOptions = {}): Promise<DemoRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', ...args], {
      cwd: demoDir,
      env: cleanEnv(options.env ?? {}),
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk
      options.onStdout?.(stdout, child)
    })
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk
    })
    child.on('error', reject)
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }))
  })
}

/** Lines of a text output, split per contract at the `── SYMBOL ──` rules. */
export function splitBySymbol(stdout: string): Map<string, string[]> {
  const blocks = new Map<string, string[]>()
  let current: string[] | undefined
  for (const line of stdout.split('\n')) {
    const rule = /^── (\S+) ─/.exec(line)
    if (rule?.[1] !== undefined) {
      current = []
      blocks.set(rule[1], current)
    } else {
      current?.push(line)
    }
  }
  return blocks
}

/**
 * The body of a section: the lines after its title (a line starting with
 * `title`) up to the next title (a non-empty line without indent).
 */
export function sectionOf(block: readonly string[], title: string): string[] {
  const start = block.findIndex((line) => line.startsWith(title))
  if (start === -1) throw new Error(`no section "${title}" in:\n${block.join('\n')}`)
  const body: string[] = []
  for (const line of block.slice(start + 1)) {
    if (line !== '' && !line.startsWith(' ')) break
    body.push(line)
  }
  return body
}

/** The value right of a label in a label/value grid line, e.g. `last` → `'91,719.8'`. */
export function pairValue(section: readonly string[], label: string): string {
  for (const line of section) {
    const match = new RegExp(
      `(?:^|\\s{2,})${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s+(\\S.*?)(?=\\s{4}|$)`,
    ).exec(line.trim())
    if (match?.[1] !== undefined) return match[1].trim()
  }
  throw new Error(`no "${label}" in:\n${section.join('\n')}`)
}

/** A decimal string as the models carry it. */
const DECIMAL = /^-?\d+(\.\d+)?$/
/** A formatted price: thousands separated, exactly `decimals` decimals. */
export const priceWith = (decimals: number) =>
  new RegExp(`^\\d{1,3}(,\\d{3})*${decimals === 0 ? '' : `\\.\\d{${decimals}}`}$`)

/** Asserts that each field is a decimal string. */
export function expectDecimals(record: object, fields: readonly string[]): void {
  for (const field of fields) {
    const value = (record as Record<string, unknown>)[field]
    expect(typeof value, field).toBe('string')
    expect(value, field).toMatch(DECIMAL)
  }
}

/** Asserts one `perpkit-demo: ...` line on stderr matching `pattern`, without a stack trace. */
export function expectOneLineError(stderr: string, pattern: RegExp): void {
  expect(stderr.endsWith('\n')).toBe(true)
  const lines = stderr.trimEnd().split('\n')
  expect(lines).toHaveLength(1)
  expect(lines[0]).toMatch(/^perpkit-demo: /)
  expect(lines[0]).toMatch(pattern)
  expect(stderr).not.toMatch(/\n\s+at |Error:|node:internal/)
}
