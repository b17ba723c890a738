import { defineProject } from 'vitest/config'
import { sourceAliases } from '../../vitest.shared.ts'

// The dashboard's browser suite: the real launcher process and Debian
// Chromium (see @perpkit/test-kit). Run with `pnpm test:browser` at the root.
export default defineProject({
  resolve: { alias: sourceAliases },
  test: {
    name: 'demo-browser',
    include: ['test/**/*.browser.test.ts'],
    // Starting the launcher may build the page first; the faults wait out retries.
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
})
