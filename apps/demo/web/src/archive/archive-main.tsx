/**
 * The archive page's entry: its state, rendered, the first load, and the
 * live refresh.
 *
 * @module
 */
import { render } from 'preact'
import type { ArchivePageConfig } from '../dashboard-config.ts'
import { ArchiveApp } from './archive-app.tsx'
import { createArchiveStore, LIVE_REFRESH_MS } from './archive-store.ts'

/**
 * Renders the archive page into `root` and loads what the archive holds.
 *
 * @param root - The page's root element.
 * @param config - The archive configuration.
 */
export async function bootArchive(root: HTMLElement, config: ArchivePageConfig): Promise<void> {
  const store = createArchiveStore(config)
  render(<ArchiveApp store={store} config={config} />, root)
  await store.reload()
  // A recorder may be writing the archive: its new trades, snapshots and gaps show up
  // (not while the page is hidden, when nobody looks).
  setInterval(() => {
    if (!document.hidden) void store.refreshLive()
  }, LIVE_REFRESH_MS)
}
