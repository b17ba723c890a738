/**
 * Building the page with Vite, only when its inputs changed since the last
 * build: the page's sources and the sources of the packages it bundles.
 * The inputs' fingerprint is kept beside the output.
 *
 * @module
 */
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The page's folder (`apps/demo/web`). */
const WEB_DIR = fileURLToPath(new URL('../../web/', import.meta.url))

/** The demo's own modules (`apps/demo/src`): the page bundles the shared ones (formatting, fills). */
const DEMO_SRC_DIR = fileURLToPath(new URL('../', import.meta.url))

/** Where Vite writes the built page (git-ignored). */
export const DIST_DIR = join(WEB_DIR, 'dist')

const FINGERPRINT_FILE = join(DIST_DIR, '.inputs-sha256')
const REPO_DIR = fileURLToPath(new URL('../../../../', import.meta.url))

/** The workspace packages the page bundles from source. */
const BUNDLED_PACKAGES = ['analytics', 'client', 'schemas', 'signer'] as const

function listFiles(dir: string, skip: ReadonlySet<string>): string[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => !skip.has(entry.name))
    .flatMap((entry) => {
      const path = join(dir, entry.name)
      return entry.isDirectory() ? listFiles(path, skip) : [path]
    })
}

/**
 * A fingerprint of everything the build reads: the page's folder (without
 * its output), the demo's modules it shares with the terminal, the bundled
 * packages' sources, and the lockfile.
 *
 * @returns A SHA-256 hex digest.
 */
function inputsFingerprint(): string {
  const skip = new Set(['dist', 'node_modules'])
  const files = [
    ...listFiles(WEB_DIR, skip),
    ...listFiles(DEMO_SRC_DIR, skip),
    ...BUNDLED_PACKAGES.flatMap((name) => listFiles(join(REPO_DIR, 'packages', name, 'src'), skip)),
    join(REPO_DIR, 'pnpm-lock.yaml'),
  ]
    .filter((file) => !/\.test(-d)?\.tsx?$/.test(file))
    .sort()
  const hash = createHash('sha256')
  for (const file of files) {
    hash.update(relative(REPO_DIR, file)).update('\0')
    if (existsSync(file)) hash.update(readFileSync(file))
    hash.update('\0')
  }
  return hash.digest('hex')
}

/**
 * Whether the built page is missing or older than its inputs.
 *
 * @param fingerprint - {@link inputsFingerprint} of now.
 * @returns `true` when a build is needed.
 */
function needsBuild(fingerprint: string): boolean {
  if (!existsSync(join(DIST_DIR, 'index.html')) || !existsSync(FINGERPRINT_FILE)) return true
  return readFileSync(FINGERPRINT_FILE, 'utf8').trim() !== fingerprint
}

/**
 * Builds the page with Vite when {@link needsBuild} says so.
 *
 * @param log - Receives one line when a build starts.
 * @returns `true` when it built, `false` when the page was up to date.
 */
export async function buildPageIfNeeded(log: (line: string) => void): Promise<boolean> {
  const fingerprint = inputsFingerprint()
  if (!needsBuild(fingerprint)) return false
  log('building the page (vite)...')
  // Vite bundles the development builds of dependencies unless NODE_ENV says
  // production (a test runner sets 'test'); this process only serves the page.
  process.env.NODE_ENV = 'production'
  const { build } = await import('vite')
  await build({ configFile: join(WEB_DIR, 'vite.config.ts'), mode: 'production', logLevel: 'warn' })
  writeFileSync(FINGERPRINT_FILE, `${fingerprint}\n`)
  return true
}
