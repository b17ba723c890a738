import { defineProject } from 'vitest/config'
import { sourceAliases } from '../../vitest.shared.ts'

// The docs' own tools (generator pieces, link checker). The built site is tested in a real
// browser by vitest.browser.config.ts (`pnpm test:browser`, after `pnpm run docs`).
export default defineProject({
  resolve: { alias: sourceAliases },
  test: {
    name: 'docs',
    include: ['test/**/*.test.ts'],
    exclude: ['test/**/*.browser.test.ts'],
  },
})
