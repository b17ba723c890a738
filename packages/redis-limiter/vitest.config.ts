import { defineProject } from 'vitest/config'
import { sourceAliases } from '../../vitest.shared.ts'

// Unit tests that need no Redis; the Redis suites are in vitest.redis.config.ts.
export default defineProject({
  resolve: { alias: sourceAliases },
  test: {
    name: 'redis-limiter',
    include: ['test/**/*.test.ts'],
    exclude: ['test/**/*.redis.test.ts'],
  },
})
