import { defineConfig } from 'vitest/config'

// Suites that need a real redis-server (Debian package). Not part of
// `pnpm test` (README line 2 is Node-only); `.ci/run` installs redis-server
// and runs `pnpm test:redis`.
export default defineConfig({
  test: {
    projects: ['packages/*/vitest.redis.config.ts'],
  },
})
