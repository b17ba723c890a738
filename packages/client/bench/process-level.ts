import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { fetchPayloadTexts, type SandboxPayload, startPayloadSandboxes } from '@perpkit/bench-kit'
import { CONTENDERS } from './contenders.ts'
import { decodeMs } from './decode-time.ts'
import { printSummary, ratioRow } from './summary.ts'

const run = promisify(execFile)
const child = fileURLToPath(new URL('./process-child.ts', import.meta.url))
const RUNS = 5

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[sorted.length >> 1] as number
}

/**
 * Per-request time with a fresh process per contender and run (its JIT,
 * connections and heap its own), uncompressed, medians of 5 runs, contenders
 * in a rotating order.
 *
 */
async function processLevel(payloads: SandboxPayload[]): Promise<void> {
  const rows: string[] = []
  const texts = await fetchPayloadTexts(payloads)
  for (const [index, payload] of payloads.entries()) {
    const samples = new Map<string, number[]>()
    for (let r = 0; r < RUNS; r++) {
      for (let k = 0; k < CONTENDERS.length; k++) {
        const name = CONTENDERS[(k + r) % CONTENDERS.length] as string
        const { stdout } = await run(
          process.execPath,
          ['--import', 'tsx', child, JSON.stringify(payloads[index]), name],
          { cwd: fileURLToPath(new URL('..', import.meta.url)) },
        )
        const ms = JSON.parse(stdout) as number | null
        if (ms !== null) samples.set(name, [...(samples.get(name) ?? []), ms])
      }
    }
    const medians = new Map([...samples].map(([n, v]) => [n, median(v)]))
    rows.push(ratioRow(payload.name, medians, decodeMs(payload, texts[index] as string)))
  }
  printSummary(`per request, a fresh process per contender, median of ${RUNS}, identity`, rows)
}

/** {@link processLevel} on the payloads of freshly started sandboxes. */
export async function benchProcessLevel(): Promise<void> {
  const sandboxes = await startPayloadSandboxes()
  try {
    await processLevel(sandboxes.payloads)
  } finally {
    await sandboxes.stop()
  }
}
