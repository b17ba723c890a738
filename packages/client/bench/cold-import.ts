import { execFileSync } from 'node:child_process'
import { createRequire } from 'node:module'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { formatSpread, spreadOf } from '@perpkit/bench-kit'

const here = fileURLToPath(new URL('..', import.meta.url))
const require = createRequire(import.meta.url)

/** CPU and wall ms `import(specifier)` takes in a fresh Node process, `runs` times. */
function coldImport(specifier: string, runs: number): { cpu: number[]; wall: number[] } {
  const script = `const c = process.cpuUsage(); const t = performance.now(); await import(${JSON.stringify(specifier)}); const u = process.cpuUsage(c); process.stdout.write(JSON.stringify([(u.user + u.system) / 1000, performance.now() - t]))`
  const cpu: number[] = []
  const wall: number[] = []
  for (let i = 0; i < runs; i++) {
    const [c, w] = JSON.parse(
      execFileSync(process.execPath, ['--input-type=module', '-e', script], {
        cwd: here,
      }).toString(),
    ) as [number, number]
    cpu.push(c)
    wall.push(w)
  }
  return { cpu, wall }
}

/** Cold import of the built client next to the lightest existing SDK, and what each part costs. */
export function benchColdImport(runs = 15): void {
  const resolveFile = (id: string) => pathToFileURL(require.resolve(id)).href
  const entries: [string, string][] = [
    [
      '@bitmartexchange/bitmart-node-sdk-api (peer)',
      resolveFile('@bitmartexchange/bitmart-node-sdk-api'),
    ],
    ['@perpkit/client (dist)', pathToFileURL(`${here}dist/index.js`).href],
    ['  of which ky', resolveFile('ky')],
    [
      '  of which @perpkit/schemas/decoders (dist)',
      pathToFileURL(`${here}../schemas/dist/decoders.js`).href,
    ],
    ['  of which @perpkit/signer (dist)', pathToFileURL(`${here}../signer/dist/index.js`).href],
    ['zod, loaded to explain a refusal', resolveFile('zod')],
    ['@perpkit/schemas (dist, with zod)', pathToFileURL(`${here}../schemas/dist/index.js`).href],
  ]
  const measured = entries.map(([name, specifier]) => ({ name, ...coldImport(specifier, runs) }))
  const peer = spreadOf(measured[0]?.cpu ?? []).median
  console.log(`\n### cold import in a fresh process (median of ${runs} runs, range)\n`)
  console.log('| module | CPU | vs the peer SDK | wall (information) |\n|---|---:|---:|---:|')
  for (const m of measured) {
    const cpu = spreadOf(m.cpu)
    console.log(
      `| ${m.name} | ${formatSpread(cpu, 1, ' ms')} | ${(cpu.median / peer).toFixed(2)}x | ${spreadOf(m.wall).median.toFixed(1)} ms |`,
    )
  }
}
