import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import {
  fetchPayloadTexts,
  median,
  type SandboxPayload,
  startPayloadSandboxes,
} from '@perpkit/bench-kit'
import { CONTENDERS } from './contenders.ts'
import { decodeMs } from './decode-time.ts'
import { printSummary, ratioRow } from './summary.ts'

/** The two process-level measures (see process-child.ts). */
type Mode = 'early' | 'steady'

const run = promisify(execFile)
const child = fileURLToPath(new URL('./process-child.ts', import.meta.url))
/** Runs per contender: early calls vary more from process to process than a steady state. */
const RUNS: Record<Mode, number> = { early: 5, steady: 3 }

const TITLES: Record<Mode, string> = {
  early: `per request, a fresh process per contender, calls 6 to 45, median of ${RUNS.early}, identity`,
  steady: `per request, one client per process in steady state (after warm-up), median of ${RUNS.steady}, identity`,
}

/**
 * Per-request time with a fresh process per contender and run (its JIT,
 * connections and heap its own), uncompressed, medians of {@link RUNS}, contenders
 * in a rotating order.
 */
async function processLevel(payloads: SandboxPayload[], mode: Mode): Promise<void> {
  const rows: string[] = []
  const texts = await fetchPayloadTexts(payloads)
  for (const [index, payload] of payloads.entries()) {
    const samples = new Map<string, number[]>()
    for (let r = 0; r < RUNS[mode]; r++) {
      for (let k = 0; k < CONTENDERS.length; k++) {
        const name = CONTENDERS[(k + r) % CONTENDERS.length] as string
        const { stdout } = await run(
          process.execPath,
          ['--import', 'tsx', child, JSON.stringify(payloads[index]), name, mode],
          { cwd: fileURLToPath(new URL('..', import.meta.url)) },
        )
        const ms = JSON.parse(stdout) as number | null
        if (ms !== null) samples.set(name, [...(samples.get(name) ?? []), ms])
      }
    }
    const medians = new Map([...samples].map(([n, v]) => [n, median(v)]))
    rows.push(ratioRow(payload.name, medians, decodeMs(payload, texts[index] as string)))
  }
  printSummary(TITLES[mode], rows)
}

/**
 * {@link processLevel} on the payloads of freshly started sandboxes, both
 * early in a process and in steady state: in-process comparisons share one
 * heap, so a client's collections there also pay for the other contenders'
 * garbage.
 */
export async function benchProcessLevel(): Promise<void> {
  const sandboxes = await startPayloadSandboxes()
  try {
    for (const mode of ['early', 'steady'] as const) await processLevel(sandboxes.payloads, mode)
  } finally {
    await sandboxes.stop()
  }
}
