import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { endpoints } from '@perpkit/schemas'
import { launchChromium } from '@perpkit/test-kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkLinks } from '../src/link-check.ts'
import { type SiteServer, serveSite } from './site-server.ts'

type Browser = Awaited<ReturnType<typeof launchChromium>>
type Page = Awaited<ReturnType<Browser['newPage']>>

const siteDir = fileURLToPath(new URL('../../../docs-site/', import.meta.url))
let server: SiteServer
let browser: Browser
let page: Page

beforeAll(async () => {
  if (!existsSync(join(siteDir, 'index.html'))) {
    throw new Error(`No built site in ${siteDir}: run \`pnpm run docs\` first (.ci/run does).`)
  }
  server = await serveSite(siteDir)
  browser = await launchChromium()
  page = await browser.newPage()
})

afterAll(async () => {
  await browser?.close()
  await server?.close()
})

async function openLanding(): Promise<void> {
  await page.goto(server.url)
  await page.waitForSelector('h1')
}

describe('the docs site', () => {
  it('opens on the user landing page: install, a first sandbox call, where to go next', async () => {
    await openLanding()
    expect(await page.locator('h1').allTextContents()).toEqual(['perpkit'])
    const text = (await page.textContent('.tsd-panel')) ?? ''
    expect(text).toContain('npm install @perpkit/client')
    expect(text).toContain('Where to go next')
    expect(await page.locator('pre code').filter({ hasText: 'startSandbox()' }).count()).toBe(1)
    // Not the contributor README.
    expect(text).not.toContain('--frozen-lockfile')
  })

  it('renders a guide reached from the landing page, with its code blocks', async () => {
    await openLanding()
    await page.click('.tsd-panel a:text-is("Signing")')
    await page.waitForURL(/documents\//)
    expect(await page.textContent('.tsd-panel h1')).toBe('Signing requests')
    expect(await page.textContent('.tsd-panel')).toContain('Why is my signature rejected?')
    expect(await page.locator('.tsd-panel pre code').count()).toBeGreaterThan(2)
  })

  it('serves the OpenAPI document, linked from the landing page and its guide', async () => {
    await openLanding()
    const href = await page
      .locator('.tsd-panel a:text-is("openapi.json")')
      .first()
      .getAttribute('href')
    const served = await fetch(new URL(href ?? '', server.url))
    const document = (await served.json()) as { openapi: string; paths: Record<string, unknown> }
    expect(document.openapi).toBe('3.1.0')
    // The endpoint table's paths, in its order, then the gateway's clock the document describes beside them.
    const table = Object.keys(endpoints)
    const paths = Object.keys(document.paths)
    expect(paths.slice(0, table.length)).toEqual(table)
    expect(paths.slice(table.length)).toEqual(['/system/time'])
    await page.click('.tsd-panel a:text-is("OpenAPI")')
    await page.waitForURL(/documents\/Guides\.OpenAPI\.html$/)
    expect(await page.textContent('.tsd-panel')).toContain('openapi-fetch')
  })

  it('renders a method page: what it calls, params, model fields with units, budget, errors, example', async () => {
    await openLanding()
    await page.click('.tsd-panel a:text-is("getDepth")')
    await page.waitForURL(/documents\/Methods\.getDepth\.html$/)
    expect(await page.textContent('.tsd-panel h1')).toBe('client.getDepth()')
    const text = (await page.textContent('.tsd-panel')) ?? ''
    expect(text).toContain('GET /contract/public/depth')
    expect(text).toMatch(/\d+ requests per \d+ (s|ms) per IP/)
    expect(text).toContain('epoch milliseconds')
    expect(text).toContain('UnknownSymbolError')
    expect(await page.locator('.tsd-panel table').count()).toBeGreaterThanOrEqual(3)
    expect(
      await page.locator('.tsd-panel pre code').filter({ hasText: 'client.getDepth(' }).count(),
    ).toBe(1)
    // The model links to its API page, which exists (the link checker below checks them all).
    expect(await page.locator('.tsd-panel a', { hasText: /^Depth$/ }).count()).toBeGreaterThan(0)
  })

  it('finds getDepth with the search box', async () => {
    await openLanding()
    await page.click('#tsd-search-trigger')
    await page.fill('#tsd-search-input', 'getDepth')
    const hit = page.locator('#tsd-search-results li', { hasText: 'getDepth' }).first()
    await hit.waitFor()
    await hit.click()
    await page.waitForURL(/getDepth/)
  })

  it('has a page per method of the endpoint table, and no broken link anywhere', () => {
    for (const row of Object.values(endpoints)) {
      expect(existsSync(join(siteDir, 'documents', `Methods.${row.clientMethod}.html`))).toBe(true)
    }
    const report = checkLinks(siteDir, { scriptedPages: ['hierarchy.html'] })
    expect(report.broken).toEqual([])
    expect(report.checked).toBeGreaterThan(report.pages)
  })
})
