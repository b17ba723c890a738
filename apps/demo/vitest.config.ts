import { configDefaults, defineProject } from 'vitest/config'
import { sourceAliases } from '../../vitest.shared.ts'

export default defineProject({
  resolve: { alias: sourceAliases },
  test: {
    name: 'demo',
    // The end-to-end tests run the demo as a process (tsx start-up, a
    // rate-limited sandbox): seconds each, more on a loaded machine.
    testTimeout: 60_000,
    // The dashboard's browser suite has its own config (vitest.browser.config.ts).
    exclude: [...configDefaults.exclude, 'test/**/*.browser.test.ts'],
  },
})
