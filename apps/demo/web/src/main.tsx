/**
 * The page's entry: reads `/config.json` from the launcher, creates the
 * client (signing in the browser with WebCrypto), the store and the
 * calculators, renders, and starts the live refresh; or, in archive mode,
 * hands over to the archive page.
 *
 * @module
 */
import { render } from 'preact'
import { createApi } from './api.ts'
import { App } from './app.tsx'
import { CONFIG_PATH, type DashboardConfig, readPageConfig } from './dashboard-config.ts'
import { createCalculators } from './market/calculators.ts'
import { createFaults } from './market/faults.ts'
import { createMarket } from './market/store.ts'
import './styles.css'

async function boot(root: HTMLElement): Promise<void> {
  const response = await fetch(CONFIG_PATH, { cache: 'no-store' })
  if (!response.ok) throw new Error(`${CONFIG_PATH}: HTTP ${response.status}`)
  const config = readPageConfig(await response.json())
  if (config.source === 'archive') {
    const { bootArchive } = await import('./archive/archive-main.tsx')
    await bootArchive(root, config)
    return
  }
  await bootLive(root, config)
}

async function bootLive(root: HTMLElement, config: DashboardConfig): Promise<void> {
  const api = createApi(config)
  const market = createMarket(api)
  const calculators = createCalculators(market)
  const faults = createFaults(config)
  render(<App api={api} market={market} calculators={calculators} faults={faults} />, root)
  const stop = new AbortController()
  addEventListener('pagehide', () => stop.abort(), { once: true })
  await market.start(stop.signal)
}

const root = document.getElementById('app')
if (root !== null) {
  boot(root).catch((error: unknown) => {
    const message = error instanceof Error ? error.message : String(error)
    root.innerHTML = ''
    const p = document.createElement('p')
    p.className = 'fatal'
    p.textContent = `The dashboard could not start: ${message}`
    root.append(p)
  })
}
