/**
 * End to end in Debian Chromium: the real `pnpm dashboard --archive <file>`
 * process on an archive the recorder wrote from a sandbox on a test clock.
 * Each of the three charts draws more than one API call returns: more than
 * 500 candles, funding settlements over more than 33 days, open interest
 * over weeks (the API serves one figure, now); the trades, depth snapshots
 * and gap rows `record` kept show too. Then the pickers, a real `record`
 * process writing while the page reads (its trades come in by themselves),
 * an empty archive, a file held by a process that does not take turns (the
 * page recovers by itself once it lets go), and a file that is not an archive.
 */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { startSandbox } from '@perpkit/sandbox'
import { launchChromium } from '@perpkit/test-kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createEmptyArchive, type RecordedArchive, recordArchive } from './archive-fixture.ts'
import { type DashboardProcess, startDashboard } from './dashboard-process.ts'
import { duckdbWriter, stop } from './duckdb-writer.ts'
import { type Browser, collectErrors, type Page, settledCanvas } from './page-probes.ts'
import { startRecorder } from './recorder-process.ts'

const artifacts = fileURLToPath(new URL('../test-artifacts/', import.meta.url))
const DAY = 86_400_000
const CHARTS = ['archive-candles', 'archive-funding', 'archive-open-interest'] as const

let archive: RecordedArchive
let browser: Browser
const dir = mkdtempSync(join(tmpdir(), 'perpkit-archive-browser-'))
const dashboards: DashboardProcess[] = []

beforeAll(async () => {
  mkdirSync(artifacts, { recursive: true })
  ;[archive, browser] = await Promise.all([recordArchive(), launchChromium()])
})
afterAll(async () => {
  await browser?.close()
  await Promise.all(dashboards.map((d) => d.interrupt()))
  archive?.cleanup()
  rmSync(dir, { recursive: true, force: true })
})

async function dashboardOn(file: string, args: string[] = []): Promise<DashboardProcess> {
  const dashboard = await startDashboard(['--archive', file, ...args])
  dashboards.push(dashboard)
  return dashboard
}

/** A chart's meta line: how many points it was given, and their first and last time. */
async function meta(page: Page, testid: string) {
  const line = page.getByTestId(testid)
  await line.waitFor()
  const read = async (name: string) => Number(await line.getAttribute(`data-${name}`))
  return { count: await read('count'), first: await read('first'), last: await read('last') }
}

/** Share of a settled chart's sampled pixels that differ from its background. */
async function drawnShare(
  page: Page,
  testid: string,
  from?: Awaited<ReturnType<typeof settledCanvas>>,
) {
  const probe = await settledCanvas(page, testid, from)
  return { probe, share: probe.pixels === 0 ? 0 : probe.drawn / probe.pixels }
}

describe('pnpm dashboard --archive, in Chromium', () => {
  let dashboard: DashboardProcess
  let page: Page
  let errors: string[]

  beforeAll(async () => {
    dashboard = await dashboardOn(archive.file, ['--symbol', 'ETHUSDT'])
    page = await browser.newPage({ viewport: { width: 1280, height: 1100 } })
    errors = collectErrors(page)
    await page.goto(dashboard.url)
  })

  it('prints one line, the URL, and starts no sandbox', () => {
    expect(dashboard.stdout()).toBe(`${dashboard.url}\n`)
    expect(dashboard.stderr()).not.toMatch(/error/i)
  })

  it('draws each chart with more than one API call returns: > 500 candles, funding over > 33 days, open interest over weeks', async () => {
    const candles = await meta(page, 'archive-candles-meta')
    expect(candles.count).toBe((archive.backfillTo - archive.backfillFrom) / 3_600_000)
    expect(candles.count).toBeGreaterThan(500)
    const funding = await meta(page, 'archive-funding-meta')
    expect(funding.count).toBeGreaterThan(100)
    expect(funding.last - funding.first).toBeGreaterThan(33 * DAY)
    const openInterest = await meta(page, 'archive-oi-meta')
    expect(openInterest.count).toBe(11)
    expect(openInterest.last - openInterest.first).toBeGreaterThan(33 * DAY)
    for (const chart of CHARTS) {
      const { share } = await drawnShare(page, chart)
      expect(share, `${chart}: share of drawn pixels`).toBeGreaterThan(0.01)
    }
    expect(await page.getByTestId('archive-source').textContent()).toBe(
      'archive · market.duckdb · read-only',
    )
    expect(await page.getByTestId('archive-symbol').inputValue()).toBe('ETHUSDT')
    await page.screenshot({ path: `${artifacts}archive-1280x1100.png`, fullPage: true })
    expect(errors).toEqual([])
  })

  it('shows the trades, a depth snapshot and the gap rows record kept, and steps to an older snapshot', async () => {
    const trades = page.getByTestId('archive-trades-meta')
    await trades.waitFor()
    expect(Number(await trades.getAttribute('data-count'))).toBe(200)
    expect(Number(await trades.getAttribute('data-total'))).toBeGreaterThan(200)
    expect(Number(await trades.getAttribute('data-last'))).toBeLessThanOrEqual(archive.recordTo)
    expect(await page.getByTestId('archive-trades').locator('tbody tr').count()).toBe(200)

    const depth = page.getByTestId('archive-depth-meta')
    expect(Number(await depth.getAttribute('data-recorded-at'))).toBe(archive.recordTo)
    expect(await depth.getAttribute('data-levels')).toBe('4')
    expect(await page.getByTestId('archive-book').locator('tbody tr').count()).toBe(2)
    const picture = await settledCanvas(page, 'depth-chart')
    expect(picture.drawn / picture.pixels).toBeGreaterThan(0.01)
    await page.getByTestId('archive-depth-nav').getByRole('button', { name: 'older' }).click()
    await page
      .locator(
        `[data-testid="archive-depth-meta"][data-recorded-at="${archive.recordTo - 4 * DAY}"]`,
      )
      .waitFor()
    await settledCanvas(page, 'depth-chart', picture)
    await page.getByTestId('archive-depth-nav').getByRole('button', { name: 'newest' }).click()
    await page
      .locator(`[data-testid="archive-depth-meta"][data-recorded-at="${archive.recordTo}"]`)
      .waitFor()

    // A round every 4 days: each after the first could not reach back, and says so.
    const gaps = page.getByTestId('archive-gaps')
    expect(await gaps.getAttribute('data-count')).toBe('10')
    expect(await gaps.locator('tbody tr').first().textContent()).toMatch(/^market-trade/)
    await page.screenshot({ path: `${artifacts}archive-recorded-1280x1100.png`, fullPage: true })
    expect(errors).toEqual([])
  })

  it('reloads the candles for another step, and every chart for another symbol', async () => {
    const before = await settledCanvas(page, 'archive-candles')
    await page.getByTestId('archive-steps').getByRole('button', { name: '4h' }).click()
    await page.locator('[data-testid="archive-candles-meta"][data-count="360"]').waitFor()
    await settledCanvas(page, 'archive-candles', before)

    const pictures = await Promise.all(CHARTS.map((chart) => settledCanvas(page, chart)))
    await page.getByTestId('archive-symbol').selectOption('BTCUSDT')
    await page.getByText('BTCUSDT · funding settlements').waitFor()
    // Each chart repaints with the other symbol's series (a picture other than before).
    for (const [i, chart] of CHARTS.entries()) await settledCanvas(page, chart, pictures[i])
    // The step stays when the other symbol has it too.
    expect(await meta(page, 'archive-candles-meta')).toMatchObject({ count: 360 })
    expect(errors).toEqual([])
  })

  it('exits 0 on SIGINT', async () => {
    await page.close()
    const index = dashboards.indexOf(dashboard)
    dashboards.splice(index, 1)
    expect(await dashboard.interrupt()).toEqual({ code: 0, signal: null })
  })
})

describe('an archive the page cannot chart', () => {
  it('explains an empty archive instead of drawing blank charts', async () => {
    const empty = join(dir, 'empty.duckdb')
    await createEmptyArchive(empty)
    const dashboard = await dashboardOn(empty)
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
    await page.goto(dashboard.url)
    const panel = page.getByTestId('archive-empty')
    await panel.waitFor()
    expect(await panel.textContent()).toMatch(
      /empty\.duckdb holds no candles, funding settlements, open interest, trades or depth yet.*perpkit-recorder backfill --db empty\.duckdb/,
    )
    expect(await page.locator('canvas').count()).toBe(0)
    await page.close()
  })

  it('reads the archive while a real record process writes it: its new trades show up by themselves, with no error', async () => {
    const copy = join(dir, 'live.duckdb')
    copyFileSync(archive.file, copy)
    const sandbox = await startSandbox({ seed: 11, quiet: true, rateLimit: false })
    const recorder = startRecorder(copy, sandbox.url, 'BTCUSDT')
    let page: Page | undefined
    try {
      await recorder.rounds(1)
      const dashboard = await dashboardOn(copy, ['--symbol', 'BTCUSDT'])
      page = await browser.newPage({ viewport: { width: 1280, height: 1100 } })
      const errors = collectErrors(page)
      await page.goto(dashboard.url)
      const meta = page.getByTestId('archive-trades-meta')
      await meta.waitFor()
      const total = Number(await meta.getAttribute('data-total'))
      const last = Number(await meta.getAttribute('data-last'))
      expect(last).toBeGreaterThan(archive.recordTo)
      // The live refresh reads the trades the recorder stored since, without a reload.
      await expect
        .poll(async () => Number(await meta.getAttribute('data-total')), { timeout: 90_000 })
        .toBeGreaterThan(total)
      expect(await page.getByRole('alert').count()).toBe(0)
      expect(errors).toEqual([])
    } finally {
      await page?.close()
      // Stopped by a signal, record says it was interrupted (exit 130).
      expect(await recorder.stop()).toBe(130)
      await sandbox.close()
    }
  })

  it('says a process that does not take turns holds the file (with its PID), and charts the archive by itself once it lets go', async () => {
    const copy = join(dir, 'recording.duckdb')
    copyFileSync(archive.file, copy)
    const writer = await duckdbWriter(copy, 'SELECT 1', true)
    let page: Page | undefined
    try {
      const dashboard = await dashboardOn(copy)
      expect(dashboard.stderr()).toContain(
        `is open for writing by another process (PID ${writer.pid})`,
      )
      page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
      await page.goto(dashboard.url)
      const alert = page.getByTestId('archive-error').getByRole('alert')
      await alert.waitFor({ timeout: 60_000 })
      expect(await alert.textContent()).toMatch(
        new RegExp(
          `open for writing by another process \\(PID ${writer.pid}\\), which did not let go.*does not take turns`,
        ),
      )
    } finally {
      await stop(writer)
    }
    // No reload: the page tries again by itself.
    await page.getByTestId('archive-candles-meta').waitFor({ timeout: 60_000 })
    expect((await drawnShare(page, 'archive-candles')).share).toBeGreaterThan(0.01)
    expect(await page.getByTestId('archive-error').count()).toBe(0)
    await page.close()
  })

  it('refuses to start on a missing file or a DuckDB file that is not an archive, in one line, exit code 1', async () => {
    const missing = join(dir, 'missing.duckdb')
    await expect(startDashboard(['--archive', missing])).rejects.toThrow(
      `the dashboard exited (1) before printing its URL:\nperpkit-dashboard: ${missing} does not exist: record or backfill into it first\n`,
    )
    const other = join(dir, 'other.duckdb')
    await duckdbWriter(other, 'CREATE TABLE t (x INTEGER)', false)
    await expect(startDashboard(['--archive', other])).rejects.toThrow(
      `perpkit-dashboard: ${other} is a DuckDB database but not a perpkit-recorder archive (it holds t; no meta.schema_version)\n`,
    )
  })
})
