import { launchChromium, startTestServer, type TestServer } from '@perpkit/test-kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Sandbox, type SandboxOptions, startSandbox } from '../src/index.ts'
import { NOW } from './helpers.ts'

type Browser = Awaited<ReturnType<typeof launchChromium>>
type Page = Awaited<ReturnType<Browser['newPage']>>

/** A page on its own origin (127.0.0.1, another port) that calls the sandbox. */
let pageServer: TestServer
let pageOrigin: string
let browser: Browser
let page: Page

beforeAll(async () => {
  pageServer = await startTestServer((_, res) => {
    res.writeHead(200, { 'content-type': 'text/html' })
    res.end('<!doctype html><title>another origin</title>')
  })
  pageOrigin = pageServer.origin
  browser = await launchChromium()
  page = await browser.newPage()
  await page.goto(pageOrigin)
})

afterAll(async () => {
  await browser?.close()
  await pageServer.close()
})

/** What the page saw of a cross-origin GET with the signing headers (which need a preflight). */
interface PageResult {
  ok: boolean
  code?: number
  remaining?: string | null
  error?: string
}

function fetchFromPage(url: string): Promise<PageResult> {
  return page.evaluate(async (target: string) => {
    try {
      const res = await fetch(target, {
        headers: { 'X-API-KEY': 'key', 'X-API-SIGN': 'sign', 'X-API-TIMESTAMP': '1' },
      })
      const body = (await res.json()) as { code: number }
      return { ok: true, code: body.code, remaining: res.headers.get('X-RateLimit-Remaining') }
    } catch (error) {
      return { ok: false, error: String(error) }
    }
  }, url)
}

async function withSandbox(
  options: SandboxOptions,
  run: (sandbox: Sandbox, log: string[]) => Promise<void>,
): Promise<void> {
  const log: string[] = []
  const sandbox = await startSandbox({
    now: () => NOW,
    log: (line) => log.push(line),
    ...options,
  })
  try {
    await run(sandbox, log)
  } finally {
    await sandbox.close()
  }
}

describe('CORS in a real browser (Chromium)', () => {
  it('passes the preflight for the signing headers and reads an exposed rate-limit header', async () => {
    await withSandbox({}, async (sandbox, log) => {
      const result = await fetchFromPage(`${sandbox.url}/contract/public/depth?symbol=BTCUSDT`)
      expect(result).toEqual({ ok: true, code: 1000, remaining: '1' })
      expect(log.some((line) => line.startsWith('OPTIONS /contract/public/depth'))).toBe(true)
      expect(log.some((line) => /^GET \/contract\/public\/depth\S* 200 /.test(line))).toBe(true)
    })
  })

  it('allows the page when its origin is in the cors list', async () => {
    await withSandbox({ cors: [pageOrigin] }, async (sandbox) => {
      const result = await fetchFromPage(`${sandbox.url}/contract/public/depth?symbol=ETHUSDT`)
      expect(result).toMatchObject({ ok: true, code: 1000 })
    })
  })

  it('blocks the page ("Failed to fetch") with cors: false or when its origin is not listed', async () => {
    for (const cors of [false, ['http://elsewhere.example']]) {
      await withSandbox({ cors }, async (sandbox, log) => {
        const result = await fetchFromPage(`${sandbox.url}/contract/public/depth?symbol=BTCUSDT`)
        expect(result.ok).toBe(false)
        expect(result.error).toMatch(/Failed to fetch/)
        // The preflight was refused, so the GET itself never reached the sandbox.
        expect(log.some((line) => line.startsWith('GET '))).toBe(false)
      })
    }
  })
})
