/**
 * What the browser suite measures inside the page: whether a chart's
 * canvases hold a picture, and a fingerprint of that picture.
 */
import type { launchChromium } from '@perpkit/test-kit'
import { expect } from 'vitest'

/** The browser test-kit launches, and its pages (playwright-core's types, without depending on it). */
export type Browser = Awaited<ReturnType<typeof launchChromium>>
export type Page = Awaited<ReturnType<Browser['newPage']>>

/** Pixels of a chart's canvases: how many differ from the background, and a hash. */
export interface CanvasProbe {
  canvases: number
  pixels: number
  /** Pixels whose colour differs from the top-left pixel of their canvas. */
  drawn: number
  /** FNV-1a over every sampled pixel: equal pictures, equal hashes. */
  hash: number
}

/**
 * Samples every canvas inside the element with `data-testid`.
 *
 * @param page - The page.
 * @param testid - e.g. `'candles-chart'`.
 * @returns Counts and a hash.
 */
export function probeCanvas(page: Page, testid: string): Promise<CanvasProbe> {
  return page.evaluate((id) => {
    const canvases = [
      ...document.querySelectorAll(`[data-testid="${id}"] canvas`),
    ] as HTMLCanvasElement[]
    let pixels = 0
    let drawn = 0
    let hash = 0x811c9dc5
    for (const canvas of canvases) {
      if (canvas.width === 0 || canvas.height === 0) continue
      const data = canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height).data
      if (data === undefined) continue
      // Every 7th pixel: enough to tell pictures apart, cheap on a phone-sized canvas.
      for (let i = 0; i < data.length; i += 4 * 7) {
        pixels++
        const differs =
          data[i] !== data[0] ||
          data[i + 1] !== data[1] ||
          data[i + 2] !== data[2] ||
          data[i + 3] !== data[3]
        if (differs) drawn++
        for (let c = 0; c < 4; c++) hash = Math.imul(hash ^ (data[i + c] ?? 0), 0x01000193) >>> 0
      }
    }
    return { canvases: canvases.length, pixels, drawn, hash }
  }, testid)
}

/** Resolves after the page has rendered two more animation frames. */
function nextFrames(page: Page): Promise<void> {
  return page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        requestAnimationFrame(() => requestAnimationFrame(() => resolve()))
      }),
  )
}

/**
 * Waits until a chart's picture has settled: the same hash on both sides of an
 * animation frame and, when `from` is given, a hash other than that one.
 * lightweight-charts paints on an animation frame, so the DOM saying the data
 * arrived does not mean the canvas shows it yet; this waits for the canvas.
 *
 * @param page - The page.
 * @param testid - e.g. `'candles-chart'`.
 * @param from - The picture before the change that must repaint the chart.
 * @returns The settled picture.
 * @throws (an assertion error) when it has not settled within 15 s.
 */
export async function settledCanvas(
  page: Page,
  testid: string,
  from?: CanvasProbe,
): Promise<CanvasProbe> {
  let settled: CanvasProbe | undefined
  await expect
    .poll(
      async () => {
        const before = await probeCanvas(page, testid)
        await nextFrames(page)
        const after = await probeCanvas(page, testid)
        settled = after
        return before.hash === after.hash && after.hash !== from?.hash
      },
      { timeout: 15_000, interval: 20, message: `${testid} never settled on a new picture` },
    )
    .toBe(true)
  if (settled === undefined) throw new Error('unreachable: poll resolved without a probe')
  return settled
}

/** Collects the page's console errors and uncaught exceptions. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`))
  return errors
}
