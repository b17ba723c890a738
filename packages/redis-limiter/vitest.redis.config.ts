import { defineProject } from 'vitest/config'
import { sourceAliases } from '../../vitest.shared.ts'

// Needs a real redis-server (Debian package): the suites start their own on a
// free port through @perpkit/test-kit, and fail (never skip) without it.
// Run from the root with `pnpm test:redis`.
export default defineProject({
  resolve: { alias: sourceAliases },
  test: {
    name: 'redis-limiter',
    include: ['test/**/*.redis.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 30_000,
  },
})
