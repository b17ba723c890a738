/**
 * What installing `@perpkit/client` costs a user, next to other SDKs for the same interface:
 * each is installed with npm into its own scratch project, then its packages are counted and
 * `node_modules` is measured (`du`, the bytes of its files, and how many of them are TypeScript
 * sources and source maps, which perpkit ships on purpose). `@perpkit/client` comes from
 * the packed workspace (`pnpm build` first), its `@perpkit/*` dependencies from their tarballs.
 *
 * Usage: `pnpm --filter @perpkit/consumer-smoke install-size [npm spec...]` (needs the
 * registry; not part of CI). Prints a Markdown table.
 *
 * @module
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { npmWarnings, run } from './exec.ts'
import { packAll, publishedPackages } from './packages.ts'
import { installProject, measureInstall, npmInstall } from './project.ts'

/** The SDKs for this interface on npm: the official one first. */
const defaultSpecs = ['@bitmartexchange/bitmart-node-sdk-api', 'bitmart-api', 'ccxt']
const specs = process.argv.slice(2).length > 0 ? process.argv.slice(2) : defaultSpecs

const scratch = mkdtempSync(join(tmpdir(), 'perpkit-install-size-'))

async function measure(name: string, dir: string, warnings: number): Promise<string> {
  const { packages, bytes, sourceBytes } = measureInstall(dir)
  const { stdout } = await run('du', ['-sh', 'node_modules'], { cwd: dir })
  const manifest = JSON.parse(readFileSync(join(dir, 'node_modules', name, 'package.json'), 'utf8'))
  const size = stdout.split('\t')[0] ?? '?'
  const mb = (value: number) => `${(value / 1e6).toFixed(2)} MB`
  return `| ${name} | ${manifest.version} | ${packages} | ${size} | ${mb(bytes)} | ${mb(sourceBytes)} | ${warnings} |`
}

const rows = [
  '| package | version | packages installed | `du -sh node_modules` | file bytes | of which `.ts` sources and maps | npm warnings |',
  '|---|---|---|---|---|---|---|',
]
const tarballDir = join(scratch, 'tarballs')
mkdirSync(tarballDir)
const tarballs = await packAll(publishedPackages(), tarballDir)
const client = await installProject(join(scratch, 'perpkit'), tarballs, ['@perpkit/client'])
rows.push(await measure('@perpkit/client', client.dir, npmWarnings(client.install).length))

for (const [i, spec] of specs.entries()) {
  const dir = join(scratch, `sdk-${i}`)
  mkdirSync(dir)
  writeFileSync(
    join(dir, 'package.json'),
    '{ "name": "sdk", "version": "1.0.0", "private": true }\n',
  )
  const install = await npmInstall(dir, [spec])
  const name = spec.replace(/(?<=.)@[^/]*$/, '')
  rows.push(await measure(name, dir, npmWarnings(install).length))
}
rmSync(scratch, { recursive: true, force: true })
console.log(rows.join('\n'))
