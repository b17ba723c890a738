import { defineProject } from 'vitest/config'
import { sourceAliases } from '../../vitest.shared.ts'

export default defineProject({
  resolve: { alias: sourceAliases },
  test: {
    name: 'recorder',
    include: ['test/**/*.test.ts'],
    // Redis suites: vitest.redis.config.ts (`pnpm test:redis`).
    exclude: ['test/**/*.redis.test.ts'],
    // Child processes and DuckDB files: generous, the machine is shared.
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
})
