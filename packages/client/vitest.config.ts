import { configDefaults, defineProject } from 'vitest/config'
import { sourceAliases } from '../../vitest.shared.ts'

export default defineProject({
  resolve: { alias: sourceAliases },
  test: {
    name: 'client',
    globalSetup: ['./test/global-setup.ts'],
    // Browser suites run with vitest.browser.config.ts (`pnpm test:browser`).
    exclude: [...configDefaults.exclude, '**/*.browser.test.ts'],
    typecheck: { enabled: true, include: ['src/**/*.test-d.ts', 'test/**/*.test-d.ts'] },
    testTimeout: 20_000,
  },
})
