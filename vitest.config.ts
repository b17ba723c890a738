import { defineConfig } from 'vitest/config'

// One run from the root covers every package and app: each folder with a
// vitest.config.ts is a project with its own setup (the client's starts a sandbox).
export default defineConfig({
  test: {
    projects: ['packages/*/vitest.config.ts', 'apps/*/vitest.config.ts'],
  },
})
