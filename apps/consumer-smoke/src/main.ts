/**
 * The consumer suite: every published package packed with pnpm, installed with npm into
 * scratch projects outside the workspace, and used as a consumer would on every claimed
 * runtime and TypeScript setup. Needs a build first (`pnpm build`). Run by `.ci/run`.
 *
 * Usage: `pnpm --filter @perpkit/consumer-smoke smoke [--keep]` (`--keep` leaves the scratch
 * directory for inspection).
 *
 * @module
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { availableParallelism, tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  bunAndDeno,
  canFetchRuntimes,
  currentNode,
  otherNodes,
  type Runtime,
} from '@perpkit/test-kit'
import {
  checkPackedManifest,
  checkSandboxBin,
  compile,
  compilers,
  esmConfigs,
  expectCjsStaticImportRefused,
  lintTarball,
  runOn,
} from './checks.ts'
import { run } from './exec.ts'
import { packAll, privatePackageNames, publishedPackages, runtimeClosure } from './packages.ts'
import { installProject, measureInstall, writeSources } from './project.ts'
import { dryRunPublish, rehearseVersion } from './release.ts'

const started = performance.now()
const scratch = mkdtempSync(join(tmpdir(), 'perpkit-consumer-'))

/** Runs one named check; prints its outcome and what it reported; stops the suite on failure. */
async function step(label: string, body: () => Promise<unknown>): Promise<void> {
  const start = performance.now()
  try {
    const detail = await body()
    const seconds = ((performance.now() - start) / 1000).toFixed(1)
    console.log(
      `✓ ${label} (${seconds}s)${typeof detail === 'string' && detail !== '' ? `\n    ${detail.replaceAll('\n', '\n    ')}` : ''}`,
    )
  } catch (error) {
    console.error(`✗ ${label}\n${error instanceof Error ? error.message : String(error)}`)
    console.error(`scratch directory kept: ${scratch}`)
    process.exit(1)
  }
}

const packages = publishedPackages()
const tarballDir = join(scratch, 'tarballs')
mkdirSync(tarballDir)
let tarballs = new Map<string, string>()
await step(`pnpm pack ${packages.map((pkg) => pkg.manifest.name).join(', ')}`, async () => {
  tarballs = await packAll(packages, tarballDir)
})

await step(
  'packed manifests name no private workspace package and no workspace: range',
  async () => {
    const privateNames = privatePackageNames()
    for (const tarball of tarballs.values()) await checkPackedManifest(tarball, privateNames)
  },
)

await step('npm install @perpkit/client alone: no warnings', async () => {
  const { dir } = await installProject(join(scratch, 'client-only'), tarballs, ['@perpkit/client'])
  const { packages: count, bytes } = measureInstall(dir)
  return `${count} packages, ${(bytes / 1e6).toFixed(2)} MB in node_modules`
})

await step(
  'npm install the recorder and redis-limiter tarballs without overrides or flags: peer ranges resolve, --sandbox without @perpkit/sandbox says what to install',
  async () => {
    const direct = runtimeClosure(packages, ['@perpkit/recorder', '@perpkit/redis-limiter'])
    if (direct.includes('@perpkit/sandbox'))
      throw new Error('the recorder needs @perpkit/sandbox at run time')
    const { dir } = await installProject(
      join(scratch, 'recorder-plain'),
      tarballs,
      direct,
      {},
      {
        overrides: false,
      },
    )
    const { stderr } = await run(
      'npx',
      [
        '--no-install',
        'perpkit-recorder',
        'backfill',
        '--sandbox',
        '--db',
        'x.duckdb',
        '--symbols',
        'BTCUSDT',
        '--steps',
        '1h',
        '--from',
        '2026-01-01',
      ],
      { cwd: dir, allowFailure: true },
    )
    if (!stderr.includes('npm install @perpkit/sandbox'))
      throw new Error(`--sandbox without @perpkit/sandbox did not say what to install:\n${stderr}`)
    return direct.join(', ')
  },
)

const app = join(scratch, 'app')
await step('npm install every package (+ TypeScript 5.5 and newest 5.x): no warnings', async () => {
  await installProject(
    app,
    tarballs,
    packages.map((pkg) => pkg.manifest.name),
    {
      typescript: '^5',
      'typescript-5.5': 'npm:typescript@5.5.4',
      '@types/node': '20.19.43',
    },
  )
  writeSources(app, packages)
})

const runtimes: Runtime[] = [currentNode()]
const extraRuntimes: Runtime[] = []
await step('runtimes from the npm registry (cached in apps/consumer-smoke/.cache)', async () => {
  if (!canFetchRuntimes) return 'not linux-x64: only the current Node runs'
  runtimes.push(...(await otherNodes()))
  extraRuntimes.push(...(await bunAndDeno()))
  return [...runtimes, ...extraRuntimes].map((runtime) => runtime.label).join(', ')
})

for (const runtime of [...runtimes, ...extraRuntimes]) {
  await step(`import every entry point on ${runtime.label}`, () =>
    runOn(runtime, app, 'import-all.mjs'),
  )
}
for (const runtime of runtimes) {
  await step(`require() every entry point on ${runtime.label}`, () =>
    runOn(runtime, app, 'require-all.cjs'),
  )
}

await step(
  `${compilers.map((c) => c.label).join(' and ')}: ${esmConfigs.map((c) => c.name).join(', ')} (skipLibCheck false)`,
  async () => {
    // Each compile is its own process: run as many at once as there are cores.
    const jobs = compilers.flatMap(({ label, tsc }) =>
      esmConfigs.map((config) => async () => {
        await compile(app, tsc, config).catch((error: unknown) => {
          throw new Error(`${label}, ${config.name}:\n${(error as Error).message}`)
        })
      }),
    )
    const workers = Array.from(
      { length: Math.min(availableParallelism(), jobs.length) },
      async () => {
        for (let job = jobs.shift(); job !== undefined; job = jobs.shift()) await job()
      },
    )
    await Promise.all(workers)
  },
)

const newest = compilers[1].tsc
const oldest = compilers[0].tsc
await step('CommonJS project, static import under nodenext (TypeScript >= 5.8)', async () => {
  await compile(app, newest, {
    name: 'tsconfig.cjs-static.json',
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    include: ['cjs/src/static-import.ts'],
    outDir: 'cjs/dist',
  })
  const outputs = []
  for (const runtime of runtimes)
    outputs.push(await runOn(runtime, app, 'cjs/dist/static-import.js'))
  return outputs.join('\n')
})
await step('CommonJS project, await import() under node16 (TypeScript 5.5)', async () => {
  await compile(app, oldest, {
    name: 'tsconfig.cjs-dynamic.json',
    module: 'Node16',
    moduleResolution: 'Node16',
    include: ['cjs/src/dynamic-import.ts'],
    outDir: 'cjs/dist',
  })
  return runOn(runtimes[0] ?? currentNode(), app, 'cjs/dist/dynamic-import.js')
})
await step('CommonJS project, static import under node16 is refused (TS1479)', () =>
  expectCjsStaticImportRefused(app, newest),
)

const sandbox = packages.find((pkg) => pkg.manifest.name === '@perpkit/sandbox')
await step('npx perpkit-sandbox --help / --version', () =>
  checkSandboxBin(app, sandbox?.manifest.version ?? 'missing'),
)

await step('compile the smoke program (nodenext, newest TypeScript)', () =>
  compile(app, newest, {
    name: 'tsconfig.emit.json',
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    include: ['src'],
    outDir: 'dist',
  }),
)
for (const runtime of [...runtimes, ...extraRuntimes]) {
  await step(`smoke on ${runtime.label}: sandbox, client, signer known answer, analytics`, () =>
    runOn(runtime, app, 'dist/smoke.js'),
  )
}

for (const [name, tarball] of tarballs) {
  await step(`publint --strict and attw (esm-only) on the ${name} tarball`, () =>
    lintTarball(tarball),
  )
}

await step('changeset version on a scratch copy', async () => {
  const dir = join(scratch, 'changeset')
  mkdirSync(dir)
  const changes = await rehearseVersion(dir, packages)
  return changes.map(({ name, from, to }) => `${name} ${from} -> ${to}`).join('\n')
})
await step('pnpm publish --dry-run for each package', () => dryRunPublish(packages))

if (!process.argv.includes('--keep')) rmSync(scratch, { recursive: true, force: true })
console.log(`consumer suite passed in ${((performance.now() - started) / 1000).toFixed(0)}s`)
