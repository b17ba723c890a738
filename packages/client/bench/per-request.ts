import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import {
  formatSpread,
  type SandboxPayload,
  spreadOf,
  startPayloadSandboxes,
} from '@perpkit/bench-kit'
import { CONTENDERS, type Encoding, PEER_SDKS } from './contenders.ts'

const run = promisify(execFile)
const child = fileURLToPath(new URL('./request-child.ts', import.meta.url))
const packageDir = fileURLToPath(new URL('..', import.meta.url))

/** Runs per contender and payload: each a fresh process, contenders in a rotating order. */
const RUNS = 5

/**
 * A part of the table for a quick look: `PERPKIT_BENCH_PAYLOADS=depth,kline` keeps the
 * payloads whose name contains one of the words, `PERPKIT_BENCH_ENCODINGS=identity` one encoding.
 */
const only = (variable: string) => process.env[variable]?.split(',').filter(Boolean)

type Sample = { cpuUs: number; wallUs: number } | null

async function sample(payload: SandboxPayload, name: string, encoding: Encoding): Promise<Sample> {
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', child, JSON.stringify(payload), name, encoding],
    { cwd: packageDir, maxBuffer: 1 << 20 },
  )
  return JSON.parse(stdout) as Sample
}

/**
 * Per-request CPU time of every contender, each in fresh processes of its own
 * (its JIT, connections and heap its own), against the sandboxes' real
 * payloads: fetch + JSON.parse (the baseline), ky as the client configures
 * it, the official SDK, bitmart-api, ccxt, undici.request (the floor) and
 * perpkit (validated, normalized), uncompressed and gzip. Each cell is the
 * ratio of a contender's CPU per call to the baseline's in the same run:
 * median of {@link RUNS} runs, with the range. The verdict: perpkit's median
 * at most every peer SDK's.
 */
export async function benchPerRequest(): Promise<void> {
  const sandboxes = await startPayloadSandboxes()
  try {
    const encodings = only('PERPKIT_BENCH_ENCODINGS') ?? ['identity', 'gzip']
    const words = only('PERPKIT_BENCH_PAYLOADS')
    const payloads = sandboxes.payloads.filter(
      (payload) => !words || words.some((word) => payload.name.includes(word)),
    )
    for (const encoding of encodings as Encoding[]) {
      const cpuRows: string[] = []
      const wallRows: string[] = []
      for (const payload of payloads) {
        const ratios = new Map<string, number[]>()
        const wallRatios = new Map<string, number[]>()
        const baseCpu: number[] = []
        for (let r = 0; r < RUNS; r++) {
          const samples = new Map<string, Sample>()
          for (let k = 0; k < CONTENDERS.length; k++) {
            const name = CONTENDERS[(k + r) % CONTENDERS.length] as string
            samples.set(name, await sample(payload, name, encoding))
          }
          const base = samples.get(CONTENDERS[0]) as NonNullable<Sample>
          baseCpu.push(base.cpuUs)
          for (const [name, s] of samples) {
            if (s === null) continue
            ratios.set(name, [...(ratios.get(name) ?? []), s.cpuUs / base.cpuUs])
            wallRatios.set(name, [...(wallRatios.get(name) ?? []), s.wallUs / base.wallUs])
          }
        }
        const cell = (name: string, of: Map<string, number[]>) => {
          const values = of.get(name)
          return values ? formatSpread(spreadOf(values)) : 'n/a'
        }
        const perpkit = spreadOf(ratios.get('perpkit') ?? []).median
        const peers = PEER_SDKS.flatMap((name) => {
          const values = ratios.get(name)
          return values ? [spreadOf(values).median] : []
        })
        const verdict = peers.every((peer) => perpkit <= peer) ? 'ok' : 'MISSED'
        const baseline = formatSpread(spreadOf(baseCpu), 0, ' µs')
        cpuRows.push(
          `| ${payload.name} | ${baseline} | ${CONTENDERS.slice(1)
            .map((name) => cell(name, ratios))
            .join(' | ')} | ${verdict} |`,
        )
        wallRows.push(
          `| ${payload.name} | ${CONTENDERS.slice(1)
            .map((name) => {
              const values = wallRatios.get(name)
              return values ? spreadOf(values).median.toFixed(2) : 'n/a'
            })
            .join(' | ')} |`,
        )
      }
      const columns = CONTENDERS.slice(1)
      console.log(
        `\n### per request, CPU time / fetch + JSON.parse's, accept-encoding ${encoding} (fresh processes, median of ${RUNS} runs, range)\n`,
      )
      console.log(
        `| payload | fetch + JSON.parse, CPU per call | ${columns.join(' | ')} | perpkit <= every peer SDK |`,
      )
      console.log(`|---|---:|${columns.map(() => '---:').join('|')}|---|`)
      console.log(cpuRows.join('\n'))
      console.log(`\nwall time / fetch + JSON.parse's, for information (medians):\n`)
      console.log(`| payload | ${columns.join(' | ')} |`)
      console.log(`|---|${columns.map(() => '---:').join('|')}|`)
      console.log(wallRows.join('\n'))
    }
  } finally {
    await sandboxes.stop()
  }
}
