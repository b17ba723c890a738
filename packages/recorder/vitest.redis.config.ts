import { defineProject } from 'vitest/config'
import { sourceAliases } from '../../vitest.shared.ts'

// Needs a real redis-server (Debian package): the suites start their own on a
// free port through @perpkit/test-kit, and fail (never skip) without it.
// Run from the root with `pnpm test:redis`.
export default defineProject({
  resolve: { alias: sourceAliases },
  test: {
    name: 'recorder',
    include: ['test/**/*.redis.test.ts'],
    // Worker processes, a sandbox and redis-server on a shared machine.
    testTimeout: 150_000,
    hookTimeout: 60_000,
  },
})
