#!/usr/bin/env node
// The dashboard straight under Node, with tsx registered for the demo's
// TypeScript (and its tsconfig, which maps the workspace packages to their
// source). README line 3 runs this file rather than `pnpm dashboard`: on
// Ctrl-C the dashboard exits 0, but pnpm (and npx) report a script ended by
// SIGINT as a failure, so a package manager in between cannot exit 0.
import { fileURLToPath } from 'node:url'
import { register } from 'tsx/esm/api'

register({ tsconfig: fileURLToPath(new URL('../tsconfig.json', import.meta.url)) })
await import('../src/dashboard/main.ts')
