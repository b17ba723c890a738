/**
 * End to end, the command line: help, bad flags, failures as one line, and
 * --watch until SIGINT.
 */
import { describe, expect, it } from 'vitest'
import { expectOneLineError, runDemo } from './run-demo.ts'

describe.concurrent('the command line', () => {
  it('prints the usage with --help and exits 0 without starting anything', async () => {
    const run = await runDemo(['--help'])
    expect(run.code).toBe(0)
    expect(run.stderr).toBe('')
    expect(run.stdout).toMatch(/^perpkit-demo: /)
    for (const flag of [
      '--symbol',
      '--size',
      '--base-url',
      '--json',
      '--watch',
      '--interval',
      '--help',
    ]) {
      expect(run.stdout).toContain(flag)
    }
    for (const line of run.stdout.split('\n')) expect(line.length).toBeLessThanOrEqual(80)
  })

  it('refuses an unknown flag with one line on stderr, exit code 2, no stack trace', async () => {
    const run = await runDemo(['--frobnicate'])
    expect(run.code).toBe(2)
    expect(run.stdout).toBe('')
    expectOneLineError(run.stderr, /unknown option '--frobnicate' \(see --help\)$/)
  })

  it('reports an unknown symbol in one line and exits 1', async () => {
    const run = await runDemo(['--symbol', 'NOPEUSDT'])
    expect(run.code).toBe(1)
    expect(run.stdout).toBe('')
    expectOneLineError(run.stderr, /unknown symbol "NOPEUSDT"/)
  })

  it('reports an unreachable --base-url in one line naming it, and exits 1', async () => {
    const run = await runDemo(['--base-url', 'http://127.0.0.1:1', '--symbol', 'BTCUSDT'])
    expect(run.code).toBe(1)
    expect(run.stdout).toBe('')
    expectOneLineError(
      run.stderr,
      /cannot reach http:\/\/127\.0\.0\.1:1 \(GET \/contract\/public\/details\): /,
    )
  })

  it('refreshes with --watch until SIGINT, then closes the sandbox and exits 0', async () => {
    let interrupted = false
    const run = await runDemo(['--watch', '--interval', '0.1', '--symbol', 'BTCUSDT'], {
      onStdout: (stdout, child) => {
        if (!interrupted && stdout.split('refreshed at').length > 2) {
          interrupted = true
          child.kill('SIGINT')
        }
      },
    })
    expect(interrupted).toBe(true)
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    expect(run.stdout.match(/^── BTCUSDT ─/gm)?.length).toBeGreaterThanOrEqual(2)
  })
})
