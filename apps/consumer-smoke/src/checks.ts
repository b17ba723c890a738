/**
 * What a consumer does with the installed packages: load them (import and require), compile
 * against their types, run the sandbox bin, run the smoke program, and lint the tarballs.
 *
 * @module
 */
import { join } from 'node:path'
import type { Runtime } from '@perpkit/test-kit'
import { run } from './exec.ts'
import { type Manifest, workspaceRoot } from './packages.ts'
import { type ConsumerTsconfig, writeTsconfig } from './project.ts'

/** Runs `file` (relative to `dir`) on `runtime`; resolves with what it printed. */
export async function runOn(runtime: Runtime, dir: string, file: string): Promise<string> {
  const [executable, args] = runtime.command(join(dir, file))
  const { stdout, stderr } = await run(executable, args, { cwd: dir })
  const warnings = stderr.split('\n').filter((line) => line.trim() !== '')
  return [stdout.trim(), ...warnings.map((line) => `stderr: ${line}`)].join('\n')
}

/**
 * The TypeScript compilers under test: the oldest supported and the newest 5.x. The floor is
 * zod 4's (5.5): its declarations use `NoInfer` and fail on 5.0-5.3 with `skipLibCheck: false`.
 */
export const compilers = [
  { label: 'TypeScript 5.5', tsc: 'node_modules/typescript-5.5/bin/tsc' },
  { label: 'TypeScript 5 (newest)', tsc: 'node_modules/typescript/bin/tsc' },
] as const

/** Consumer configurations every compiler must accept with `skipLibCheck: false`. */
export const esmConfigs: ConsumerTsconfig[] = [
  {
    name: 'tsconfig.node16.json',
    module: 'Node16',
    moduleResolution: 'Node16',
    include: ['src'],
  },
  {
    name: 'tsconfig.nodenext.json',
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    include: ['src'],
    exactOptionalPropertyTypes: true,
  },
  {
    name: 'tsconfig.bundler.json',
    module: 'ESNext',
    moduleResolution: 'Bundler',
    include: ['src'],
    lib: ['ES2022', 'DOM', 'DOM.Iterable'],
  },
  {
    // A browser app: DOM types, no Node types, every package that is not a server.
    name: 'tsconfig.browser.json',
    module: 'ESNext',
    moduleResolution: 'Bundler',
    include: ['browser'],
    lib: ['ES2022', 'DOM', 'DOM.Iterable'],
    types: [],
  },
]

/** Compiles `config` in `dir` with `tsc` (a path relative to `dir`). */
export async function compile(dir: string, tsc: string, config: ConsumerTsconfig): Promise<void> {
  const file = writeTsconfig(dir, config)
  await run(process.execPath, [join(dir, tsc), '-p', file], { cwd: dir })
}

/**
 * A CommonJS project cannot `import` the ESM-only packages statically under `node16`, even
 * with the newest TypeScript: this proves the README's advice (`nodenext` with TypeScript
 * >= 5.8, or `await import()`) is needed, by expecting TS1479.
 */
export async function expectCjsStaticImportRefused(dir: string, tsc: string): Promise<void> {
  const file = writeTsconfig(dir, {
    name: 'tsconfig.cjs-node16-static.json',
    module: 'Node16',
    moduleResolution: 'Node16',
    include: ['cjs/src/static-import.ts'],
  })
  const { stdout } = await run(process.execPath, [join(dir, tsc), '-p', file], {
    cwd: dir,
    allowFailure: true,
  })
  if (!stdout.includes('TS1479')) {
    throw new Error(`expected TS1479 (CommonJS importing an ES module), got:\n${stdout}`)
  }
}

/** `npx perpkit-sandbox --help` and `--version`, as a user types them. */
export async function checkSandboxBin(dir: string, version: string): Promise<void> {
  const help = await run('npx', ['--no-install', 'perpkit-sandbox', '--help'], { cwd: dir })
  if (!help.stdout.includes('Usage: perpkit-sandbox')) {
    throw new Error(`--help printed no usage:\n${help.stdout}${help.stderr}`)
  }
  const printed = await run('npx', ['--no-install', 'perpkit-sandbox', '--version'], { cwd: dir })
  if (printed.stdout.trim() !== version) {
    throw new Error(`--version printed "${printed.stdout.trim()}", expected ${version}`)
  }
}

/** publint (strict) and arethetypeswrong (ESM-only profile) over one tarball. */
export async function lintTarball(tarball: string): Promise<void> {
  const bin = (name: string) => join(workspaceRoot, 'node_modules', '.bin', name)
  await run(bin('publint'), ['run', tarball, '--strict'], { cwd: workspaceRoot })
  await run(bin('attw'), [tarball, '--profile', 'esm-only'], { cwd: workspaceRoot })
}

/**
 * The manifest inside a tarball names no private workspace package in any dependency field,
 * and no `workspace:` range survived packing.
 *
 * @throws {Error} listing each offending dependency.
 */
export async function checkPackedManifest(
  tarball: string,
  privateNames: Set<string>,
): Promise<void> {
  const { stdout } = await run('tar', ['-xzOf', tarball, 'package/package.json'], {
    cwd: workspaceRoot,
  })
  const manifest = JSON.parse(stdout) as Manifest
  const fields = [
    'dependencies',
    'devDependencies',
    'peerDependencies',
    'optionalDependencies',
  ] as const
  const problems = fields.flatMap((field) =>
    Object.entries(manifest[field] ?? {}).flatMap(([name, range]) => [
      ...(privateNames.has(name) ? [`${field}: ${name} is a private workspace package`] : []),
      ...(range.startsWith('workspace:') ? [`${field}: ${name}@${range} was not replaced`] : []),
    ]),
  )
  if (problems.length > 0) throw new Error(`${manifest.name}:\n${problems.join('\n')}`)
}
