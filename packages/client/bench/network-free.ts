import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import {
  fetchPayloadTexts,
  formatSpread,
  spreadOf,
  startPayloadSandboxes,
} from '@perpkit/bench-kit'

const run = promisify(execFile)
const child = fileURLToPath(new URL('./network-free-child.ts', import.meta.url))
const packageDir = fileURLToPath(new URL('..', import.meta.url))
const RUNS = 5

/**
 * What perpkit costs above ky as it configures it, without a network: both
 * get the sandbox's real bytes from a `fetch` that answers at once, so the
 * difference is perpkit's own work (params, the attempt's timer and signal,
 * reading the body within its limit, the envelope, decoding, the response
 * object). CPU per call, fresh processes, median of {@link RUNS} runs with the
 * range; `decodeData` of the same bytes timed beside them in the same rounds,
 * so what grows with the payload and is not decoding shows as "the rest".
 */
export async function benchNetworkFree(): Promise<void> {
  const sandboxes = await startPayloadSandboxes()
  const dir = await mkdtemp(join(tmpdir(), 'perpkit-network-free-'))
  try {
    const texts = await fetchPayloadTexts(sandboxes.payloads)
    const rows: string[] = []
    for (const [index, payload] of sandboxes.payloads.entries()) {
      const file = join(dir, `${index}.json`)
      await writeFile(file, texts[index] as string)
      const samples = { ky: [] as number[], perpkit: [] as number[], decode: [] as number[] }
      const above: number[] = []
      const rest: number[] = []
      for (let r = 0; r < RUNS; r++) {
        const { stdout } = await run(
          process.execPath,
          ['--import', 'tsx', child, JSON.stringify(payload), file],
          { cwd: packageDir },
        )
        const got = JSON.parse(stdout) as { ky: number; perpkit: number; decode: number }
        samples.ky.push(got.ky)
        samples.perpkit.push(got.perpkit)
        samples.decode.push(got.decode)
        above.push(got.perpkit - got.ky)
        rest.push(got.perpkit - got.ky - got.decode)
      }
      const us = (values: number[]) => formatSpread(spreadOf(values), 0)
      rows.push(
        `| ${payload.name} | ${us(samples.ky)} | ${us(samples.perpkit)} | ${us(above)} | ${us(samples.decode)} | ${us(rest)} |`,
      )
    }
    console.log(
      `\n### network-free: perpkit above ky as the client configures it, CPU µs per call (fresh processes, median of ${RUNS} runs, range)\n`,
    )
    console.log('| payload | ky | perpkit | perpkit − ky | of which decodeData | the rest |')
    console.log('|---|---:|---:|---:|---:|---:|')
    console.log(rows.join('\n'))
  } finally {
    await rm(dir, { recursive: true, force: true })
    await sandboxes.stop()
  }
}
