/**
 * A real, headless Chromium for browser tests: Debian's `chromium` driven by
 * `playwright-core` (a test tool's own browser download cannot run here).
 *
 * A browser test never skips: without the browser it fails and says how to
 * install it.
 *
 * @module
 */
import { existsSync } from 'node:fs'
import { type Browser, chromium } from 'playwright-core'

/** Where Debian's `chromium` package puts the browser; `PERPKIT_CHROMIUM` overrides it. */
export const CHROMIUM_PATH = process.env.PERPKIT_CHROMIUM ?? '/usr/bin/chromium'

/** The flags a sandboxed CI machine needs: no GPU, no background traffic. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
] as const

/**
 * Launches headless Chromium, or throws an error that says how to install it.
 *
 * @returns The browser; close it in `afterAll`.
 * @throws {Error} when no Chromium is at {@link CHROMIUM_PATH}.
 * @example
 * ```ts
 * const browser = await launchChromium()
 * const page = await browser.newPage()
 * ```
 */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Browser tests need Chromium at ${CHROMIUM_PATH}. Install it with ` +
        '`apt-get update && apt-get install -y chromium` (Debian), or point ' +
        'PERPKIT_CHROMIUM at a Chromium binary. `.ci/run` installs it.',
    )
  }
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_ARGS],
  })
}
