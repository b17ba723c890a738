import { defineProject } from 'vitest/config'
import { sourceAliases } from '../../vitest.shared.ts'

// The client in Debian's chromium (playwright-core through @perpkit/test-kit),
// bundled for the browser with esbuild, on another origin than the sandbox.
// Fails, never skips, without the browser. Run from the root with `pnpm test:browser`.
export default defineProject({
  resolve: { alias: sourceAliases },
  test: {
    name: 'client-browser',
    include: ['test/**/*.browser.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
})
