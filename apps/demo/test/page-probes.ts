/**
 * What the browser suite measures inside the page: whether a chart's
 * canvases hold a picture, and a fingerprint of that picture.
 */
import type { launchChromium } from '@perpkit/test-kit'

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

/** Collects the page's console errors and uncaught exceptions. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`))
  return errors
}
