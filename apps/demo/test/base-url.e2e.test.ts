/**
 * End to end, --base-url: the demo against sandboxes started here, as it
 * would run against any deployment of the interface.
 */
import { type Sandbox, startSandbox } from '@perpkit/sandbox'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectOneLineError, runDemo } from './run-demo.ts'

describe.concurrent('the demo against a deployment given with --base-url', () => {
  const credentials = { apiKey: 'e2e-key', secret: 'e2e-secret', memo: 'e2e-memo' }
  let signed: Sandbox
  let open: Sandbox
  beforeAll(async () => {
    ;[signed, open] = await Promise.all([
      startSandbox({ seed: 3, credentials, endpointAuth: 'SIGNED', rateLimit: false, quiet: true }),
      startSandbox({ seed: 3, rateLimit: false, quiet: true }),
    ])
  })
  afterAll(async () => {
    await Promise.all([signed.close(), open.close()])
  })

  it('signs with PERPKIT_API_KEY, PERPKIT_API_SECRET and PERPKIT_API_MEMO and starts no sandbox', async () => {
    const run = await runDemo(['--base-url', signed.url, '--symbol', 'BTCUSDT', '--json'], {
      env: {
        PERPKIT_API_KEY: credentials.apiKey,
        PERPKIT_API_SECRET: credentials.secret,
        PERPKIT_API_MEMO: credentials.memo,
      },
    })
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    const document = JSON.parse(run.stdout)
    expect(document.source).toEqual({
      kind: 'remote',
      url: signed.url,
      signed: true,
      rateLimited: null,
    })
    expect(document.symbols[0].symbol).toBe('BTCUSDT')
  })

  it('sends unsigned requests without credentials, and the API error of a signed deployment is one line', async () => {
    const run = await runDemo(['--base-url', signed.url, '--symbol', 'BTCUSDT'])
    expect(run.code).toBe(1)
    expect(run.stdout).toBe('')
    expectOneLineError(
      run.stderr,
      /^perpkit-demo: Authentication failed.*\(GET \/contract\/public\/details: HTTP 401, code 3000\d/,
    )
  })

  it('names the missing credential variables and runs unsigned when only some are set', async () => {
    const run = await runDemo(['--base-url', open.url, '--symbol', 'BTCUSDT'], {
      env: { PERPKIT_API_KEY: 'only-the-key' },
    })
    expect(run.code).toBe(0)
    expect(run.stderr).toBe(
      'perpkit-demo: note: PERPKIT_API_SECRET and PERPKIT_API_MEMO not set: sending unsigned requests\n',
    )
    expect(run.stdout.split('\n')[0]).toBe(`perpkit demo · ${open.url} (unsigned)`)
  })
})
