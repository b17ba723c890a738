/**
 * Scratch consumer projects outside the workspace, installed with npm from the tarballs:
 * `@perpkit/*` resolves only to the tarballs (dependencies and `overrides`), everything else
 * from the registry, as for a user.
 *
 * @module
 */
import { cpSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type CommandOutput, npmWarnings, run } from './exec.ts'
import type { PublishedPackage } from './packages.ts'

const fixtureDir = fileURLToPath(new URL('../fixture/', import.meta.url))

/** Packages whose types and code need Node (servers); the rest must type-check for browsers. */
const nodeOnlyPackages = new Set([
  '@perpkit/sandbox',
  '@perpkit/redis-limiter',
  '@perpkit/recorder',
])

/** A consumer project on disk. */
export interface ConsumerProject {
  dir: string
  install: CommandOutput
}

function writeJson(file: string, value: unknown): void {
  writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`)
}

/**
 * Creates `dir` with a manifest depending on `direct` packages (by tarball), pins every
 * `@perpkit/*` to its tarball through `overrides` (unless `options.overrides` is false: then
 * only the direct tarballs, as a user who downloaded them would install), and runs a plain
 * `npm install` (no `--legacy-peer-deps`, no `--force`).
 *
 * @throws {Error} when npm prints any warning.
 */
export async function installProject(
  dir: string,
  tarballs: Map<string, string>,
  direct: string[],
  devDependencies: Record<string, string> = {},
  options: { overrides?: boolean } = {},
): Promise<ConsumerProject> {
  mkdirSync(dir, { recursive: true })
  const spec = (name: string) => `file:${tarballs.get(name)}`
  writeJson(join(dir, 'package.json'), {
    name: 'perpkit-consumer',
    version: '1.0.0',
    private: true,
    type: 'module',
    dependencies: Object.fromEntries(direct.map((name) => [name, spec(name)])),
    devDependencies,
    ...(options.overrides === false
      ? {}
      : { overrides: Object.fromEntries([...tarballs.keys()].map((name) => [name, spec(name)])) }),
    // npm 11 asks about every dependency's install script. @perpkit/recorder's bullmq brings
    // msgpackr's optional native extension, whose script only compiles when no prebuilt binary
    // fits; its prebuilt binaries load without it, and msgpackr falls back to JS. The recorder
    // README tells users to deny it the same way (`npm install-scripts deny msgpackr-extract`).
    allowScripts: { 'msgpackr-extract': false },
  })
  const install = await npmInstall(dir)
  const warnings = npmWarnings(install)
  if (warnings.length > 0) throw new Error(`npm install printed warnings:\n${warnings.join('\n')}`)
  return { dir, install }
}

/** `npm install` in `dir`, as a user runs it (no audit or funding chatter). */
export function npmInstall(dir: string, specs: string[] = []): Promise<CommandOutput> {
  return run('npm', ['install', '--no-audit', '--no-fund', ...specs], { cwd: dir })
}

/**
 * Installed packages (every `node_modules` folder with a manifest) and their size on disk;
 * `sourceBytes` is the part that only editors and debuggers read: TypeScript sources (`.ts`,
 * not `.d.ts`) and source maps (`.map`).
 */
export function measureInstall(dir: string): {
  packages: number
  bytes: number
  sourceBytes: number
} {
  let packages = 0
  let bytes = 0
  let sourceBytes = 0
  const walk = (path: string, inNodeModules: boolean): void => {
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      const child = join(path, entry.name)
      if (entry.isDirectory()) {
        const isPackage = inNodeModules && !entry.name.startsWith('@') && entry.name !== '.bin'
        if (isPackage) packages++
        walk(child, entry.name === 'node_modules' || (inNodeModules && entry.name.startsWith('@')))
      } else if (entry.isFile()) {
        const size = statSync(child).size
        bytes += size
        if (isSourceOrMap(entry.name)) sourceBytes += size
      }
    }
  }
  walk(join(dir, 'node_modules'), true)
  return { packages, bytes, sourceBytes }
}

function isSourceOrMap(name: string): boolean {
  if (name.endsWith('.map')) return true
  return /\.(ts|mts|cts|tsx)$/.test(name) && !/\.d\.(ts|mts|cts)$/.test(name)
}

/**
 * Writes the consumer's sources: the smoke program, the CommonJS variants, and one module
 * importing every entry point (`import-all.mjs`, `require-all.cjs`, `entries.ts`,
 * `entries-browser.ts`).
 */
export function writeSources(dir: string, packages: PublishedPackage[]): void {
  for (const sub of ['src', 'browser', 'cjs']) mkdirSync(join(dir, sub), { recursive: true })
  cpSync(join(fixtureDir, 'smoke.ts'), join(dir, 'src', 'smoke.ts'))
  cpSync(join(fixtureDir, 'cjs'), join(dir, 'cjs', 'src'), { recursive: true })
  writeJson(join(dir, 'cjs', 'package.json'), { type: 'commonjs' })

  const entries = packages.flatMap((pkg) => pkg.entries)
  const browserEntries = packages
    .filter((pkg) => !nodeOnlyPackages.has(pkg.manifest.name))
    .flatMap((pkg) => pkg.entries)
  const loader = (load: (entry: string) => string) =>
    [
      'const entries = {',
      ...entries.map((entry) => `  '${entry}': ${load(entry)},`),
      '}',
      'for (const [entry, exports] of Object.entries(entries)) {',
      "  if (Object.keys(exports).length === 0) throw new Error(entry + ' exports nothing')",
      '}',
      "console.log('loaded ' + Object.keys(entries).join(', '))",
      '',
    ].join('\n')
  writeFileSync(
    join(dir, 'import-all.mjs'),
    loader((entry) => `await import('${entry}')`),
  )
  writeFileSync(
    join(dir, 'require-all.cjs'),
    loader((entry) => `require('${entry}')`),
  )
  const typeImports = (list: string[]) =>
    list.map((entry, i) => `export * as entry${i} from '${entry}'\n`).join('')
  writeFileSync(join(dir, 'src', 'entries.ts'), typeImports(entries))
  writeFileSync(join(dir, 'browser', 'entries-browser.ts'), typeImports(browserEntries))
}

/** A consumer's tsconfig: strict, and the packages' own .d.ts files are checked. */
export interface ConsumerTsconfig {
  /** File name, e.g. `tsconfig.nodenext.json`. */
  name: string
  module: string
  moduleResolution: string
  include: string[]
  lib?: string[]
  types?: string[]
  outDir?: string
  exactOptionalPropertyTypes?: boolean
}

/** Writes a tsconfig; emits only when `outDir` is set. */
export function writeTsconfig(dir: string, config: ConsumerTsconfig): string {
  const file = join(dir, config.name)
  writeJson(file, {
    compilerOptions: {
      strict: true,
      skipLibCheck: false,
      target: 'ES2022',
      lib: config.lib ?? ['ES2022'],
      types: config.types ?? ['node'],
      module: config.module,
      moduleResolution: config.moduleResolution,
      ...(config.exactOptionalPropertyTypes === true ? { exactOptionalPropertyTypes: true } : {}),
      ...(config.outDir === undefined ? { noEmit: true } : { outDir: config.outDir }),
    },
    include: config.include,
  })
  return file
}
