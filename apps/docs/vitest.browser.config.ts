import { defineProject } from 'vitest/config'
import { sourceAliases } from '../../vitest.shared.ts'

// The built docs site (`pnpm run docs` writes docs-site/) in Debian's chromium through
// @perpkit/test-kit: pages render, search works, no link is broken. Fails, never skips,
// without the site or the browser. Run from the root with `pnpm test:browser`.
export default defineProject({
  resolve: { alias: sourceAliases },
  test: {
    name: 'docs-browser',
    include: ['test/**/*.browser.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
})
