/**
 * End to end in Debian Chromium: the real dashboard process (its sandbox,
 * its page server), every panel, the charts' pixels, switching symbol and
 * step, the liquidation calculator against `liquidationPrice`, the faults
 * panel, both screen sizes. Screenshots go to apps/demo/test-artifacts/.
 */
import { mkdirSync, readdirSync, readFileSync } from 'node:fs'
import { setTimeout as sleep } from 'node:timers/promises'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { liquidationPrice } from '@perpkit/analytics'
import { createClient } from '@perpkit/client'
import { launchChromium } from '@perpkit/test-kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clientOptions } from '../web/src/api.ts'
import { baseOptions, palette } from '../web/src/charts/theme.ts'
import { readDashboardConfig } from '../web/src/dashboard-config.ts'
import { contractFormatters } from '../web/src/format.ts'
import { type DashboardProcess, startDashboard } from './dashboard-process.ts'
import {
  type Browser,
  collectErrors,
  type Page,
  probeCanvas,
  settledCanvas,
} from './page-probes.ts'

const artifacts = fileURLToPath(new URL('../test-artifacts/', import.meta.url))
const assets = fileURLToPath(new URL('../web/dist/assets/', import.meta.url))

/** The sandbox's rate-limit window: pages opened one after another start on a fresh budget. */
const RATE_WINDOW_MS = 2_100

const PANELS = [
  'contract-picker',
  'candles-chart',
  'depth-chart',
  'order-book',
  'funding-history',
  'liq-form',
  'liq-result',
  'trades',
  'faults-panel',
] as const

describe('the dashboard in Chromium, against the real `pnpm dashboard` process', () => {
  let dashboard: DashboardProcess
  let browser: Browser

  beforeAll(async () => {
    mkdirSync(artifacts, { recursive: true })
    ;[dashboard, browser] = await Promise.all([
      startDashboard(['--symbol', 'BTCUSDT']),
      launchChromium(),
    ])
  })

  afterAll(async () => {
    await browser?.close()
  })

  async function openPage(viewport: { width: number; height: number }) {
    const page = await browser.newPage({ viewport })
    const errors = collectErrors(page)
    await page.goto(dashboard.url)
    await page.locator('[data-testid="candles-meta"][data-first-candles-ms]').waitFor()
    return { page, errors }
  }

  async function closePage(page: Page) {
    await page.close()
    await sleep(RATE_WINDOW_MS)
  }

  const candleKey = (page: Page) => page.getByTestId('candles-meta').getAttribute('data-key')

  it('prints one line, the URL, and nothing else on stdout', () => {
    expect(dashboard.stdout()).toBe(`${dashboard.url}\n`)
  })

  it('shows every panel with data at 1280x800, draws the charts, and logs no console error', async () => {
    const { page, errors } = await openPage({ width: 1280, height: 800 })
    const firstCandlesMs = await page
      .getByTestId('candles-meta')
      .getAttribute('data-first-candles-ms')
    console.log(`load time to first candles: ${firstCandlesMs} ms after navigation start`)
    for (const testid of PANELS)
      await expect(page.getByTestId(testid).isVisible()).resolves.toBe(true)
    expect(await page.getByTestId('contract-picker').locator('option').count()).toBeGreaterThan(1)
    await page.locator('[data-testid="order-book"] tbody tr').first().waitFor()
    await page.locator('[data-testid="trades"] tbody tr').first().waitFor()
    await page.locator('[data-testid="liq-result"][data-kind="point"]').waitFor()
    await page.getByTestId('funding-countdown').waitFor()
    expect(await page.getByTestId('book-metrics').textContent()).toMatch(
      /spread.*mid.*microprice.*imbalance/,
    )
    expect(await page.getByTestId('order-result').textContent()).toMatch(/average price\d/)
    // Each chart paints on an animation frame after its data arrives: poll the pixels.
    for (const chart of ['candles-chart', 'depth-chart', 'funding-history']) {
      await expect
        .poll(
          async () => {
            const probe = await probeCanvas(page, chart)
            return probe.pixels === 0 ? 0 : probe.drawn / probe.pixels
          },
          { timeout: 15_000, message: `${chart}: share of drawn pixels` },
        )
        .toBeGreaterThan(0.01)
    }
    // The live refresh reports the budget of every endpoint it calls.
    await page.getByTestId('last-refresh').filter({ hasText: 'refreshed' }).waitFor()
    expect(await page.getByTestId('budget').textContent()).toMatch(/depth.*\d+\/12 per 2 s/s)
    await page.screenshot({ path: `${artifacts}dashboard-1280x800.png` })
    await page.screenshot({ path: `${artifacts}dashboard-1280x800-full.png`, fullPage: true })
    expect(errors).toEqual([])
    await closePage(page)
  })

  it('reloads the candles when the step changes, and every chart when the symbol changes', async () => {
    const { page, errors } = await openPage({ width: 1280, height: 800 })
    expect(await candleKey(page)).toBe('BTCUSDT|1h')
    const meta = page.getByTestId('candles-meta')
    const initial = Number.parseInt((await meta.textContent()) ?? '', 10)
    await page.getByTestId('backfill').click()
    await page
      .getByTestId('backfill-progress')
      .filter({ hasText: /backfilled (\d+)\/\1 windows/ })
      .waitFor()
    await page.waitForFunction(
      (before) =>
        Number.parseInt(
          document.querySelector('[data-testid="candles-meta"]')?.textContent ?? '',
          10,
        ) > before,
      initial,
    )
    const hourly = await settledCanvas(page, 'candles-chart')
    await page.getByTestId('step-switcher').getByRole('button', { name: '1d', exact: true }).click()
    await page.locator('[data-testid="candles-meta"][data-key="BTCUSDT|1d"]').waitFor()
    // Settles on a picture other than the hourly one, or fails after its timeout.
    const daily = await settledCanvas(page, 'candles-chart', hourly)

    const btcDepth = await settledCanvas(page, 'depth-chart')
    await page.getByTestId('contract-picker').selectOption('ETHUSDT')
    await page.locator('[data-testid="candles-meta"][data-key="ETHUSDT|1d"]').waitFor()
    await expect(page.getByTestId('contract-spec').textContent()).resolves.toContain('0.01 ETH')
    await page.locator('[data-testid="order-book"] tbody tr').first().waitFor()
    await settledCanvas(page, 'candles-chart', daily)
    await settledCanvas(page, 'depth-chart', btcDepth)
    expect(errors).toEqual([])
    await closePage(page)
  })

  it('gives the liquidation price of liquidationPrice for the same inputs, and draws it on the chart', async () => {
    const config = readDashboardConfig(await (await fetch(`${dashboard.url}config.json`)).json())
    const client = createClient(clientOptions(config))
    const [[contract], [rule]] = await Promise.all([
      client.getContracts({ symbol: 'BTCUSDT' }),
      client.getLeverageBrackets({ symbol: 'BTCUSDT' }),
    ])
    if (contract === undefined || rule === undefined) throw new Error('BTCUSDT is missing')
    await sleep(RATE_WINDOW_MS)
    const { page, errors } = await openPage({ width: 1280, height: 800 })
    const form = page.getByTestId('liq-form')
    const cases = [
      { side: 'short', qty: '2500', entryPrice: '91234.5', basis: 'leverage', amount: '20' },
      { side: 'long', qty: '120000', entryPrice: '88000', basis: 'margin', amount: '1500000' },
    ] as const
    for (const input of cases) {
      const withoutLine = await settledCanvas(page, 'candles-chart')
      await form.locator('select[name="side"]').selectOption(input.side)
      await form.locator('input[name="qty"]').fill(input.qty)
      await form.locator('input[name="entryPrice"]').fill(input.entryPrice)
      await form.locator('select[name="basis"]').selectOption(input.basis)
      await form.locator('input[name="amount"]').fill(input.amount)
      const { basis, amount, ...position } = input
      const expected = liquidationPrice({
        ...position,
        brackets: rule.brackets,
        contractSize: contract.contractSize,
        ...(basis === 'leverage' ? { leverage: amount } : { margin: amount }),
      })
      if (expected === null) throw new Error('the case must liquidate')
      const result = page.locator(`[data-testid="liq-result"][data-exact="${expected.price}"]`)
      await result.waitFor()
      await expect(result.getByTestId('liq-price').textContent()).resolves.toBe(
        contractFormatters(contract).price(expected.price),
      )
      await expect(result.textContent()).resolves.toContain(`#${expected.bracket.bracket}`)
      // The liquidation line moved: the chart settles on another picture.
      await settledCanvas(page, 'candles-chart', withoutLine)
    }
    expect(errors).toEqual([])
    await closePage(page)
  })

  it('shows the client retrying a faulted first attempt, and the typed error of a fault on every attempt', async () => {
    const { page, errors } = await openPage({ width: 1280, height: 800 })
    const panel = page.getByTestId('faults-panel')
    const log = page.getByTestId('fault-log')
    const idle = () => panel.locator('[data-testid="fault-unavailable"]:not([disabled])').waitFor()

    await panel.getByTestId('fault-mode-once').click()
    await panel.getByTestId('fault-unavailable').click()
    await log.locator('[data-tone="ok"]', { hasText: 'ok after 2 attempts' }).waitFor()
    await expect(log.locator('[data-tone="retry"]').first().textContent()).resolves.toMatch(
      /^attempt 2:/,
    )
    await expect(log.textContent()).resolves.toContain('attempt 1: HTTP 503')

    await idle()
    await panel.getByTestId('fault-mode-always').click()
    await panel.getByTestId('fault-unavailable-html').click()
    const html503 = log.locator('[data-tone="error"]').last()
    await html503.waitFor()
    await expect(html503.textContent()).resolves.toMatch(/^UnexpectedResponseError: .*HTTP 503/)

    await idle()
    await panel.getByTestId('fault-maintenance').click()
    await log.locator('[data-tone="error"]', { hasText: 'MaintenanceError' }).waitFor()
    await expect(
      log.locator('[data-tone="retry"]', { hasText: 'attempt 3' }).count(),
    ).resolves.toBeGreaterThan(0)

    // The faulted answers are failed loads in the console; nothing else is.
    expect(errors.filter((text) => !/status of (500|503)/.test(text))).toEqual([])
    await page.screenshot({ path: `${artifacts}dashboard-faults.png`, fullPage: true })
    await closePage(page)
  })

  it('fits a 390 px wide phone without sideways scrolling', async () => {
    const { page, errors } = await openPage({ width: 390, height: 844 })
    for (const testid of PANELS) await page.getByTestId(testid).waitFor()
    await page.locator('[data-testid="trades"] tbody tr').first().waitFor()
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    )
    expect(overflow).toBeLessThanOrEqual(0)
    await expect
      .poll(async () => (await probeCanvas(page, 'candles-chart')).drawn, { timeout: 15_000 })
      .toBeGreaterThan(0)
    await page.screenshot({ path: `${artifacts}dashboard-390x844.png` })
    await page.screenshot({ path: `${artifacts}dashboard-390x844-full.png`, fullPage: true })
    expect(errors).toEqual([])
    await page.close()
  })

  it('reports the page JavaScript size, then exits 0 on SIGINT', async () => {
    const scripts = readdirSync(assets).filter((name) => name.endsWith('.js'))
    const gzip = scripts.map((name) => gzipSync(readFileSync(`${assets}${name}`)).length)
    const total = gzip.reduce((sum, size) => sum + size, 0)
    console.log(`page JavaScript: ${scripts.length} files, ${(total / 1024).toFixed(1)} KiB gzip`)
    expect(total).toBeGreaterThan(0)
    await expect(dashboard.interrupt()).resolves.toEqual({ code: 0, signal: null })
  })
})

describe("the depth chart's price axis at 1280 px", () => {
  let dashboard: DashboardProcess
  let browser: Browser

  beforeAll(async () => {
    ;[dashboard, browser] = await Promise.all([
      startDashboard(['--symbol', 'BTCUSDT']),
      launchChromium(),
    ])
  })

  afterAll(async () => {
    await browser?.close()
    await dashboard?.interrupt()
  })

  it('labels prices with thousands separators, and no two labels overlap', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
    await page.goto(dashboard.url)
    // The labels of one paint are reported as they are drawn: wait for a few.
    await page.waitForFunction(
      () =>
        (
          document.querySelector('[data-testid="depth-chart"]')?.getAttribute('data-axis-labels') ??
          ''
        )
          .split('|')
          .filter((label) => label !== '').length >= 3,
    )
    const labels = ((await page.getByTestId('depth-chart').getAttribute('data-axis-labels')) ?? '')
      .split('|')
      .filter((label) => label !== '')
    // BTC trades above 1,000: every label carries a separator.
    expect(labels.length).toBeGreaterThanOrEqual(3)
    for (const label of labels) expect(label).toMatch(/^\d{1,3}(,\d{3})+(\.\d+)?$/)
    const { fontSize, fontFamily } = baseOptions(palette(false)).layout
    const axis = await page.evaluate(
      ([texts, font]) => {
        const root = document.querySelector('[data-testid="depth-chart"]') as HTMLElement
        const box = root.getBoundingClientRect()
        // The horizontal axis: the widest canvas along the chart's bottom edge, painted opaque.
        const canvas = ([...root.querySelectorAll('canvas')] as HTMLCanvasElement[])
          .filter((c) => {
            const r = c.getBoundingClientRect()
            return r.bottom >= box.bottom - 2 && r.height < 60 && r.width > box.width / 2
          })
          .find((c) => c.getContext('2d')?.getImageData(0, c.height - 1, 1, 1).data[3] === 255)
        if (canvas === undefined) throw new Error('no axis canvas')
        const ratio = canvas.width / canvas.getBoundingClientRect().width
        const data = (canvas.getContext('2d') as CanvasRenderingContext2D).getImageData(
          0,
          0,
          canvas.width,
          canvas.height,
        ).data
        const at = (x: number, y: number) => (y * canvas.width + x) * 4
        const bg = at(0, canvas.height - 1)
        // Ink: a pixel far from the background, below the axis's top border line.
        const inked = (x: number) => {
          for (let y = Math.ceil(3 * ratio); y < canvas.height; y++) {
            const i = at(x, y)
            let distance = 0
            for (let c = 0; c < 3; c++)
              distance += Math.abs((data[i + c] ?? 0) - (data[bg + c] ?? 0))
            if (distance > 120) return true
          }
          return false
        }
        // Runs of ink columns; glyphs of one label are never more than a few pixels apart.
        const gap = 6 * ratio
        const runs: { from: number; to: number }[] = []
        for (let x = 0; x < canvas.width; x++) {
          if (!inked(x)) continue
          const last = runs.at(-1)
          if (last !== undefined && x - last.to <= gap) last.to = x
          else runs.push({ from: x, to: x })
        }
        const measure = document
          .createElement('canvas')
          .getContext('2d') as CanvasRenderingContext2D
        measure.font = font
        const widest = Math.max(...texts.map((text) => measure.measureText(text).width)) * ratio
        return { runs: runs.map((run) => (run.to - run.from + 1) / ratio), widest: widest / ratio }
      },
      [labels, `${fontSize}px ${fontFamily}`] as const,
    )
    // One island of ink per label: two overlapping labels would make one wider than any label.
    expect(axis.runs.length).toBeGreaterThanOrEqual(3)
    for (const width of axis.runs) expect(width).toBeLessThanOrEqual(axis.widest + 2)
    await page.close()
  })
})
