import { type Sandbox, type SandboxOptions, startSandbox } from '@perpkit/sandbox'
import { endpointPaths, endpointRoutes } from '@perpkit/schemas/lite'
import { launchChromium } from '@perpkit/test-kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ClientOptions } from '../src/index.ts'
import type { PageOutcome } from './browser/page.ts'
import { type PageServer, startPageServer } from './browser/page-server.ts'
import { startHostileServer } from './hostile-server.ts'
import { sampleParams } from './sample-params.ts'

type Browser = Awaited<ReturnType<typeof launchChromium>>
type Page = Awaited<ReturnType<Browser['newPage']>>

const NOW = Date.UTC(2026, 0, 15, 12)
const DEPTH = '/contract/public/depth'
const credentials = { apiKey: 'key-browser', secret: 'secret-browser', memo: 'memo-browser' }

let pageServer: PageServer
let browser: Browser
let page: Page
const sandboxes: Sandbox[] = []

/** A sandbox on its own port: another origin than the page. */
async function sandboxWith(options: SandboxOptions = {}): Promise<Sandbox> {
  const sandbox = await startSandbox({ now: () => NOW, quiet: true, rateLimit: false, ...options })
  sandboxes.push(sandbox)
  return sandbox
}

/** Calls `method` of a client created in the page with `options`. */
function callInPage(
  options: ClientOptions,
  method: string,
  params: unknown,
  call: { timeout?: number } = {},
): Promise<PageOutcome> {
  return page.evaluate(([o, m, p, c]) => window.perpkitPage.call(o, m, p, c), [
    options,
    method,
    params,
    call,
  ] as const)
}

beforeAll(async () => {
  pageServer = await startPageServer()
  browser = await launchChromium()
  page = await browser.newPage()
  await page.goto(pageServer.url)
  await page.waitForFunction(() => window.perpkitPage !== undefined)
})

afterAll(async () => {
  await browser?.close()
  await pageServer?.close()
  await Promise.all(sandboxes.map((sandbox) => sandbox.close()))
})

describe('the client in a real browser (Chromium), on another origin than the server', () => {
  let sandbox: Sandbox
  beforeAll(async () => {
    sandbox = await sandboxWith()
  })

  it.each(endpointPaths)('%s answers its model through CORS', async (path) => {
    const method = endpointRoutes[path].clientMethod
    const outcome = await callInPage({ baseUrl: sandbox.url }, method, sampleParams(NOW)[path])
    expect(outcome).toMatchObject({ ok: true, attempts: 1 })
    expect((outcome as { data: unknown }).data).toBeTruthy()
  })

  it('signs with WebCrypto: the signed sandbox accepts what the page sent', async () => {
    expect(await page.evaluate(() => window.perpkitPage.hasWebCrypto)).toBe(true)
    // The page signs with its own clock: the signed sandbox checks against the real time.
    const signed = await sandboxWith({ credentials, endpointAuth: 'SIGNED', now: Date.now })
    const outcome = await callInPage(
      { baseUrl: signed.url, credentials, auth: 'SIGNED' },
      'getTrades',
      { symbol: 'BTCUSDT', limit: 5 },
    )
    expect(outcome).toMatchObject({ ok: true })
    expect((outcome as { data: unknown[] }).data).toHaveLength(5)
    // Without credentials the same sandbox refuses: the success above was signed.
    const unsigned = await callInPage({ baseUrl: signed.url, retry: 0 }, 'getTrades', {
      symbol: 'BTCUSDT',
    })
    expect(unsigned).toMatchObject({ ok: false, name: 'AuthError' })
  })

  it('reads .withResponse().rateLimit from the headers the server exposes', async () => {
    const limited = await sandboxWith({ rateLimit: true })
    const outcome = await callInPage({ baseUrl: limited.url }, 'getDepth', { symbol: 'BTCUSDT' })
    expect(outcome).toMatchObject({
      ok: true,
      rateLimit: { limit: 12, used: 1, remaining: 11, mode: 'IP' },
    })
  })

  it('passes the preflight with headers of its own (`headers` option): the sandbox reflects them', async () => {
    const log: string[] = []
    const logged = await sandboxWith({ quiet: false, log: (line) => log.push(line) })
    const outcome = await callInPage(
      { baseUrl: logged.url, retry: 0, headers: { 'X-Trace-Id': 'trace-1', 'X-App': 'dashboard' } },
      'getDepth',
      { symbol: 'BTCUSDT' },
    )
    expect(outcome).toMatchObject({ ok: true, attempts: 1 })
    // A custom header is not CORS-safelisted: the browser asked first.
    expect(log.some((line) => line.startsWith(`OPTIONS ${DEPTH}`))).toBe(true)
  })

  it('aborts a call in flight with an AbortError', async () => {
    sandbox.faults.add(DEPTH, { kind: 'stall' }, 1)
    const requested = page.waitForRequest((request) => request.url().includes(DEPTH))
    const pending = callInPage({ baseUrl: sandbox.url }, 'getDepth', { symbol: 'BTCUSDT' })
    await requested
    await page.evaluate(() => window.perpkitPage.abort())
    expect(await pending).toMatchObject({ ok: false, name: 'AbortError', perpkit: true })
  })

  it('times out a stalled body with a TimeoutError', async () => {
    sandbox.faults.add(DEPTH, { kind: 'stall' }, 1)
    const outcome = await callInPage({ baseUrl: sandbox.url, retry: 0, timeout: 300 }, 'getDepth', {
      symbol: 'BTCUSDT',
    })
    expect(outcome).toMatchObject({ ok: false, name: 'TimeoutError', perpkit: true })
    expect((outcome as { message: string }).message).toContain('timed out after 300 ms')
  })

  it('stops at a redirect, which the browser hides from scripts, with a RedirectError', async () => {
    const redirecting = await startHostileServer((_req, res) => {
      res.writeHead(302, { location: `${sandbox.url}${DEPTH}`, 'access-control-allow-origin': '*' })
      res.end()
    })
    try {
      const outcome = await callInPage({ baseUrl: redirecting.url, retry: 0 }, 'getDepth', {
        symbol: 'BTCUSDT',
      })
      expect(outcome).toMatchObject({ ok: false, name: 'RedirectError', perpkit: true })
      expect((outcome as { message: string }).message).toContain('the browser hides')
      expect(redirecting.requests).toHaveLength(1)
    } finally {
      await redirecting.close()
    }
  })

  it('says a refused cross-origin call is probably CORS, with the header the server must send', async () => {
    const closed = await sandboxWith({ cors: false })
    const outcome = await callInPage({ baseUrl: closed.url, retry: 0 }, 'getDepth', {
      symbol: 'BTCUSDT',
    })
    expect(outcome).toMatchObject({ ok: false, name: 'NetworkError', perpkit: true })
    const { message } = outcome as { message: string }
    expect(message).toContain('Failed to fetch')
    expect(message).toContain('This is probably CORS')
    expect(message).toContain(`"Access-Control-Allow-Origin: ${new URL(pageServer.url).origin}"`)
    expect(message).toContain('Access-Control-Expose-Headers')
  })
})
