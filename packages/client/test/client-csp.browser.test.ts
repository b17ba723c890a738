import { type Sandbox, startSandbox } from '@perpkit/sandbox'
import { endpointPaths, endpointRoutes } from '@perpkit/schemas/lite'
import { signSync } from '@perpkit/signer'
import { launchChromium } from '@perpkit/test-kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CspOutcome } from './browser/csp-page.ts'
import { type CspPageServer, POLICY, startCspPageServer } from './browser/csp-page-server.ts'
import { sampleParams } from './sample-params.ts'

type Browser = Awaited<ReturnType<typeof launchChromium>>
type Page = Awaited<ReturnType<Browser['newPage']>>

const NOW = Date.UTC(2026, 0, 15, 12)
const credentials = { apiKey: 'csp-key', secret: 'csp-secret', memo: 'csp-memo' }

let pageServer: CspPageServer
let browser: Browser
let page: Page
let sandbox: Sandbox
let signed: Sandbox
/** Every script the page fetched, by URL. */
const fetched: string[] = []

beforeAll(async () => {
  sandbox = await startSandbox({ now: () => NOW, quiet: true, rateLimit: false })
  // The page signs with its own clock: this one checks against the real time.
  signed = await startSandbox({ credentials, now: Date.now, quiet: true, rateLimit: false })
  pageServer = await startCspPageServer()
  browser = await launchChromium()
  page = await browser.newPage()
  page.on('request', (request) => {
    if (request.resourceType() === 'script') fetched.push(new URL(request.url()).pathname)
  })
  const response = await page.goto(pageServer.url)
  expect(response?.headers()['content-security-policy']).toBe(POLICY)
  await page.waitForFunction(() => window.perpkitCsp !== undefined)
})

afterAll(async () => {
  await browser?.close()
  await pageServer?.close()
  await sandbox?.close()
  await signed?.close()
})

function call(baseUrl: string, method: string, params: unknown, extra = {}): Promise<CspOutcome> {
  return page.evaluate(([o, m, p]) => window.perpkitCsp.call(o, m, p), [
    { baseUrl, retry: 0, ...extra },
    method,
    params,
  ] as const)
}

describe(`the client in Chromium under "Content-Security-Policy: ${POLICY}"`, () => {
  it('runs on a page where eval and new Function are refused', async () => {
    expect(await page.evaluate(() => window.perpkitCsp.tryEval())).toBe('refused')
    const violations = await page.evaluate(() => window.perpkitCsp.violations)
    expect(violations.map((v) => v.directive)).toEqual(['script-src'])
    await page.evaluate(() => window.perpkitCsp.violations.splice(0))
  })

  it('calls every method, each answering its model, with no policy violation and no lazy chunk', async () => {
    const before = fetched.length
    const params = sampleParams(NOW)
    for (const path of endpointPaths) {
      const outcome = await call(sandbox.url, endpointRoutes[path].clientMethod, params[path])
      expect([path, outcome.ok]).toEqual([path, true])
      expect((outcome as { data: unknown }).data).toBeTruthy()
    }
    expect(await page.evaluate(() => window.perpkitCsp.violations)).toEqual([])
    // The zod chunk is for refusals: no successful call fetched a script.
    expect(fetched.slice(before)).toEqual([])
  })

  it('signs with WebCrypto as the Node signer does, and verifies a signed request (refusing a tampered one)', async () => {
    const input = { secret: 'csp-secret', memo: 'csp-memo', timestamp: 1767225600000, body: 'a=1' }
    const result = await page.evaluate((i) => window.perpkitCsp.signAndVerify(i), input)
    expect(result).toEqual({ signature: signSync(input), verified: true, tampered: false })
    const outcome = await call(
      signed.url,
      'getTrades',
      { symbol: 'BTCUSDT', limit: 5 },
      {
        credentials,
        auth: 'SIGNED',
      },
    )
    expect(outcome).toMatchObject({ ok: true })
    expect((outcome as { data: unknown[] }).data).toHaveLength(5)
  })

  it('explains refused params from the lazily loaded schemas chunk, from its own origin', async () => {
    const outcome = await call(sandbox.url, 'getTrades', { symbol: 'BTCUSDT', limit: 500 })
    expect(outcome).toMatchObject({ ok: false, name: 'InvalidParamsError', perpkit: true })
    expect((outcome as { message: string }).message).toContain('limit must be at most 100')
    expect(fetched.length).toBeGreaterThan(1)
  })
})
