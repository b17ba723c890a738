import { defineProject } from 'vitest/config'
import { sourceAliases } from '../../vitest.shared.ts'

// Needs Debian's chromium (driven by playwright-core through @perpkit/test-kit);
// fails, never skips, without it. Run from the root with `pnpm test:browser`.
export default defineProject({
  resolve: { alias: sourceAliases },
  test: {
    name: 'sandbox-browser',
    include: ['test/**/*.browser.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
})
