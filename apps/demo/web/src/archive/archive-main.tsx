/**
 * The archive page's entry: its state, rendered, and the first load.
 *
 * @module
 */
import { render } from 'preact'
import type { ArchivePageConfig } from '../dashboard-config.ts'
import { ArchiveApp } from './archive-app.tsx'
import { createArchiveStore } from './archive-store.ts'

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
}
