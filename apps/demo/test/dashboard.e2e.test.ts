/**
 * End to end, without a browser: the dashboard launcher as a real process,
 * its flags, its errors, and `--base-url` against a sandbox started here.
 */
import { spawn } from 'node:child_process'
import { type Sandbox, startSandbox } from '@perpkit/sandbox'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readDashboardConfig } from '../web/src/dashboard-config.ts'
import { dashboardCommand, startDashboard } from './dashboard-process.ts'

/** Runs the launcher to its end (for flags that exit at once). */
function runToEnd(
  args: readonly string[],
  env: Record<string, string> = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const [command, scriptArgs] = dashboardCommand()
  return new Promise((resolve, reject) => {
    const child = spawn(command, [...scriptArgs, ...args], {
      cwd: new URL('..', import.meta.url),
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk
    })
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk
    })
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, stdout, stderr }))
  })
}

describe('the dashboard launcher as a process', () => {
  const credentials = { apiKey: 'dash-key', secret: 'dash-secret', memo: 'dash-memo' }
  const credentialsEnv = {
    PERPKIT_API_KEY: credentials.apiKey,
    PERPKIT_API_SECRET: credentials.secret,
    PERPKIT_API_MEMO: credentials.memo,
  }
  let sandbox: Sandbox
  let open: Sandbox
  beforeAll(async () => {
    ;[sandbox, open] = await Promise.all([
      startSandbox({ seed: 4, credentials, endpointAuth: 'SIGNED', rateLimit: false, quiet: true }),
      startSandbox({ seed: 4, rateLimit: false, quiet: true }),
    ])
  })
  afterAll(() => Promise.all([sandbox.close(), open.close()]))

  it('prints its usage for --help and refuses an unknown flag with exit code 2', async () => {
    const [help, bad] = await Promise.all([runToEnd(['--help']), runToEnd(['--frobnicate'])])
    expect(help.code).toBe(0)
    expect(help.stdout).toMatch(/^perpkit-dashboard: a web dashboard/)
    expect(bad).toEqual({
      code: 2,
      stdout: '',
      stderr: "perpkit-dashboard: unknown option '--frobnicate' (see --help)\n",
    })
  })

  it('serves a --base-url deployment with the credentials of the environment, and exits 0 on SIGINT', async () => {
    const dashboard = await startDashboard(
      ['--base-url', sandbox.url, '--symbol', 'solusdt'],
      credentialsEnv,
    )
    const config = readDashboardConfig(await (await fetch(`${dashboard.url}config.json`)).json())
    expect(config).toEqual({
      baseUrl: sandbox.url,
      symbol: 'SOLUSDT',
      source: 'remote',
      credentials,
    })
    await expect(dashboard.interrupt()).resolves.toEqual({ code: 0, signal: null })
    expect(dashboard.stdout()).toBe(`${dashboard.url}\n`)
  })

  it('fails in the terminal, in one line, on a symbol the deployment does not list', async () => {
    const run = await runToEnd(['--base-url', sandbox.url, '--symbol', 'NOPEUSDT'], credentialsEnv)
    expect(run.code).toBe(1)
    expect(run.stdout).toBe('')
    expect(run.stderr).toMatch(
      /^perpkit-dashboard: .*\(GET \/contract\/public\/details: HTTP 400, code 40012/,
    )
    expect(run.stderr.trim().split('\n')).toHaveLength(1)
  })

  it('names the missing credential variables and serves unsigned when only some are set', async () => {
    const dashboard = await startDashboard(['--base-url', open.url], { PERPKIT_API_KEY: 'only' })
    const config = readDashboardConfig(await (await fetch(`${dashboard.url}config.json`)).json())
    expect(config.credentials).toBeNull()
    expect(dashboard.stderr()).toContain(
      'perpkit-dashboard: note: PERPKIT_API_SECRET and PERPKIT_API_MEMO not set: sending unsigned requests',
    )
    await expect(dashboard.interrupt()).resolves.toEqual({ code: 0, signal: null })
  })
})
