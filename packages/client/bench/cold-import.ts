import { execFileSync } from 'node:child_process'
import { createRequire } from 'node:module'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { formatTable, type Row, ratioRow } from '@perpkit/bench-kit'

const here = fileURLToPath(new URL('..', import.meta.url))
const require = createRequire(import.meta.url)

/** Milliseconds `import(specifier)` takes in a fresh Node process (median of `runs`). */
function coldImport(specifier: string, runs: number): number {
  const script = `const t = performance.now(); await import(${JSON.stringify(specifier)}); process.stdout.write(String(performance.now() - t))`
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    times.push(
      Number(execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: here })),
    )
  }
  times.sort((a, b) => a - b)
  return times[Math.floor(times.length / 2)] as number
}

/** Cold import of the built client next to the lightest existing SDK, and what each part costs. */
export function benchColdImport(runs = 15): void {
  const resolveFile = (id: string) => pathToFileURL(require.resolve(id)).href
  const peer = coldImport(resolveFile('@bitmartexchange/bitmart-node-sdk-api'), runs)
  const row = (name: string, specifier: string, target?: number): Row =>
    ratioRow(name, coldImport(specifier, runs), peer, target)
  const rows: Row[] = [
    ratioRow('@bitmartexchange/bitmart-node-sdk-api (peer)', peer, peer),
    row('@perpkit/client (dist)', pathToFileURL(`${here}dist/index.js`).href, 1.0),
    row('  of which zod', resolveFile('zod')),
    row('  of which ky', resolveFile('ky')),
    row(
      '  of which @perpkit/schemas (dist)',
      pathToFileURL(`${here}../schemas/dist/index.js`).href,
    ),
    row('  of which @perpkit/signer (dist)', pathToFileURL(`${here}../signer/dist/index.js`).href),
  ]
  console.log(formatTable({ title: `cold import in a fresh process (median of ${runs})`, rows }))
}
