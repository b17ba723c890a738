import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { runCli } from './run-cli.ts'

const manifest = JSON.parse(
  readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
) as { version: string }

function capture() {
  const out: string[] = []
  const err: string[] = []
  return {
    io: { out: (line: string) => out.push(line), err: (line: string) => err.push(line) },
    out,
    err,
  }
}

describe('runCli', () => {
  it('prints the package version for --version and -v, and starts no server', async () => {
    for (const flag of ['--version', '-v']) {
      const { io, out, err } = capture()
      expect(await runCli([flag], io)).toBeUndefined()
      expect(out).toEqual([manifest.version])
      expect(err).toEqual([])
    }
  })

  it('prints the usage, with --version in it, for --help', async () => {
    const { io, out } = capture()
    expect(await runCli(['--help'], io)).toBeUndefined()
    expect(out.join('\n')).toContain('-v, --version')
  })
})
