import { fileURLToPath } from 'node:url'

/** Absolute path of the repository root (no trailing slash). */
export const repoRoot: string = fileURLToPath(new URL('../../..', import.meta.url)).replace(
  /\/$/,
  '',
)
