import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createClient } from '@perpkit/client'
import { runCli } from '../src/index.ts'
import { sandboxProcess } from './sandbox-process.ts'
import { printTable } from './table.ts'

const SYMBOLS = ['BTCUSDT', 'ETHUSDT', 'SOLUSDT']
const ROUNDS = 30

interface Cost {
  /** Median wall ms a round. */
  wall: number
  /** CPU ms a round (this process: client, recorder, DuckDB threads). */
  cpu: number
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number

/**
 * What a `record` round costs against what its requests cost. Every round is
 * a snapshot round (trades and settlements, funding rate, open interest,
 * depth of 3 symbols, details, brackets: 17 requests); the sandbox runs in a
 * child process, so the CPU is the recorder's. The baseline makes the same
 * requests, at once, with the same client and no store, in the same run.
 */
export async function benchRecordRound(): Promise<void> {
  const sandbox = await sandboxProcess()
  const dir = mkdtempSync(join(tmpdir(), 'recorder-bench-'))
  try {
    const client = createClient({ baseUrl: sandbox.url, rateLimit: false })
    const requestRound = () =>
      Promise.all([
        ...SYMBOLS.flatMap((symbol) => [
          client.getTrades({ symbol, limit: 100 }),
          client.getFundingRateHistory({ symbol, limit: 100 }),
          client.getFundingRate({ symbol }),
          client.getOpenInterest({ symbol }),
          client.getDepth({ symbol }),
        ]),
        client.getContracts(),
        client.getLeverageBrackets(),
      ])
    await requestRound() // warm-up
    const walls: number[] = []
    const cpu0 = process.cpuUsage()
    for (let i = 0; i < ROUNDS; i++) {
      const started = performance.now()
      await requestRound()
      walls.push(performance.now() - started)
    }
    const used = process.cpuUsage(cpu0)
    const requests: Cost = { wall: median(walls), cpu: (used.user + used.system) / 1000 / ROUNDS }

    // Rounds timed from one round event to the next: opening the file and the first round are left out.
    const marks: { at: number; cpu: NodeJS.CpuUsage }[] = []
    const code = await runCli(
      [
        'record',
        '--db',
        join(dir, 'record.duckdb'),
        '--base-url',
        sandbox.url,
        '--symbols',
        SYMBOLS.join(','),
        '--interval',
        '0',
        '--snapshot-interval',
        '0',
        '--rounds',
        String(ROUNDS + 1),
      ],
      {
        stdout: {
          write: (line) => {
            if (line.includes('"event":"round"'))
              marks.push({ at: performance.now(), cpu: process.cpuUsage() })
          },
          isTTY: false,
        },
        clientOptions: { rateLimit: false },
        sleep: async () => {},
      },
    )
    if (code !== 0 || marks.length !== ROUNDS + 1) throw new Error(`record exited ${code}`)
    const roundWalls = marks.slice(1).map((m, i) => m.at - (marks[i] as { at: number }).at)
    const first = (marks[0] as { cpu: NodeJS.CpuUsage }).cpu
    const last = (marks.at(-1) as { cpu: NodeJS.CpuUsage }).cpu
    const record: Cost = {
      wall: median(roundWalls),
      cpu: (last.user - first.user + last.system - first.system) / 1000 / ROUNDS,
    }
    const row = (name: string, c: Cost) => [
      name,
      c.wall.toFixed(1),
      `${(c.wall / requests.wall).toFixed(2)}x`,
      c.cpu.toFixed(1),
      `${(c.cpu / requests.cpu).toFixed(2)}x`,
    ]
    printTable(
      `a record round (${SYMBOLS.length} symbols, every dataset: 17 requests), ${ROUNDS} rounds, sandbox in a child process`,
      ['case', 'wall ms a round (median)', 'ratio', 'CPU ms a round', 'ratio'],
      [row('the requests alone (baseline)', requests), row('record round', record)],
    )
  } finally {
    await sandbox.stop()
    rmSync(dir, { recursive: true, force: true })
  }
}
