import {
  type CompareResult,
  compareInterleaved,
  fetchPayloadTexts,
  startPayloadSandboxes,
} from '@perpkit/bench-kit'
import { CONTENDERS, contenders, type Encoding } from './contenders.ts'
import { decodeMs } from './decode-time.ts'
import { printSummary, ratioRow } from './summary.ts'

/** Rounds and calls per round: fewer for the payloads the sandbox takes milliseconds to serve. */
function sizing(name: string): { rounds: number; batch: number } {
  if (name.includes('live catalog')) return { rounds: 10, batch: 2 }
  if (name.includes('details')) return { rounds: 20, batch: 3 }
  return { rounds: 30, batch: 8 }
}

/**
 * Per-request time, in process, interleaved, the sandbox in its own process:
 * fetch + JSON.parse (the baseline), ky as the client configures it, the
 * official SDK, bitmart-api, undici.request (the floor) and perpkit
 * (validated, normalized), on every payload, uncompressed and gzip. Each ends with a
 * summary of ratios to the baseline and what perpkit adds above ky: decode, and
 * its own layers (`process-level` runs them in fresh processes).
 */
export async function benchPerRequest(): Promise<void> {
  const sandboxes = await startPayloadSandboxes()
  try {
    const results: { encoding: Encoding; rows: { payload: string; result: CompareResult }[] }[] = []
    for (const encoding of ['identity', 'gzip'] as const satisfies Encoding[]) {
      const rows: { payload: string; result: CompareResult }[] = []
      for (const payload of sandboxes.payloads) {
        const calls = contenders(payload, encoding)
        const cases = CONTENDERS.slice(1).flatMap((name) => {
          const fn = calls[name]
          return fn ? [{ name, fn }] : []
        })
        const result = await compareInterleaved({
          title: `${payload.name}, accept-encoding ${encoding}: per request`,
          ...sizing(payload.name),
          baseline: { name: CONTENDERS[0], fn: calls[CONTENDERS[0]] as () => Promise<unknown> },
          cases,
        })
        rows.push({ payload: payload.name, result })
      }
      results.push({ encoding, rows })
    }
    // Measured after the requests: a pause between requests lets the server drop idle connections.
    const texts = await fetchPayloadTexts(sandboxes.payloads)
    const decode = sandboxes.payloads.map((payload, i) => decodeMs(payload, texts[i] as string))
    for (const { encoding, rows } of results) {
      printSummary(
        `per request, in process, accept-encoding ${encoding}`,
        rows.map(({ payload, result }, i) => summaryRow(payload, result, decode[i])),
      )
    }
  } finally {
    await sandboxes.stop()
  }
}

function summaryRow(payload: string, { rows }: CompareResult, decode?: number): string {
  return ratioRow(payload, new Map(rows.map((row) => [row.name, row.meanMs])), decode)
}
