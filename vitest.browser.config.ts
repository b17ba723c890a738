import { defineConfig } from 'vitest/config'

// Browser suites: real Debian Chromium through playwright-core (see
// @perpkit/test-kit). Not part of `pnpm test` (README line 2 is Node-only);
// `.ci/run` installs chromium and runs `pnpm test:browser`.
export default defineConfig({
  test: {
    projects: ['packages/*/vitest.browser.config.ts', 'apps/*/vitest.browser.config.ts'],
  },
})
