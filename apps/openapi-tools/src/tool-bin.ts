/**
 * The command-line entry of an installed tool, run with this Node (no shell, no `npx`, no
 * network): resolved from the tool's own `package.json` `bin`.
 *
 * @module
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

const require = createRequire(import.meta.url)

/**
 * The file of a package's command.
 *
 * @param pkg - The package, e.g. `@stoplight/prism-cli`.
 * @param command - Its command, e.g. `prism`.
 * @returns The path of the script to run with `node`.
 */
export function toolBin(pkg: string, command: string): string {
  const manifestFile = require.resolve(`${pkg}/package.json`)
  const { bin } = JSON.parse(readFileSync(manifestFile, 'utf8')) as {
    bin?: string | Record<string, string>
  }
  const file = typeof bin === 'string' ? bin : bin?.[command]
  if (file === undefined) throw new Error(`${pkg} has no command ${command}`)
  return join(dirname(manifestFile), file)
}

/**
 * The environment the tools run with: no telemetry, no update checks (they must work offline).
 *
 * @returns `process.env` with those switches.
 */
export function offlineEnv(): NodeJS.ProcessEnv {
  return {
    ...process.env,
    REDOCLY_TELEMETRY: 'off',
    REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
    SCARF_ANALYTICS: 'false',
    DO_NOT_TRACK: '1',
  }
}
