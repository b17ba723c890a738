import { defineProject } from 'vitest/config'
import { sourceAliases } from '../../vitest.shared.ts'

export default defineProject({
  resolve: { alias: sourceAliases },
  test: { name: 'analytics', typecheck: { enabled: true, include: ['src/**/*.test-d.ts'] } },
})
