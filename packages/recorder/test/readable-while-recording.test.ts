/**
 * The archive stays readable while `record` runs on it: `status`, `export`,
 * `backfill` into another range (each a real `perpkit-recorder` process) and
 * the dashboard's reader (`openArchive`, in this process) work again and
 * again while a real `record` process polls a sandbox every second, and
 * `kill -9` of an export mid-write or of `record` itself mid-run leaves the
 * others going. Afterwards the archive is compared with the sandbox's own
 * answers: every trade of the recorded span is stored once, no gap row was
 * written, and the backfilled candles equal the sandbox's.
 */
import type { ChildProcess } from 'node:child_process'
import { join } from 'node:path'
import { type Sandbox, startSandbox } from '@perpkit/sandbox'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openArchive } from '../src/one-machine/open-archive.ts'
import {
  exited,
  finished,
  jsonLines,
  query,
  rowKey,
  servedCandleRows,
  spawnCli,
  storedCandleRows,
  tempDir,
} from './helpers.ts'
import { referenceTrades } from './reference-trades.ts'

const SEED = 23
const SYMBOLS = ['BTCUSDT', 'ETHUSDT']
const BACKFILLS = [
  { from: Date.UTC(2026, 0, 1), to: Date.UTC(2026, 0, 2), steps: '1m,1h' },
  { from: Date.UTC(2025, 11, 1), to: Date.UTC(2025, 11, 8), steps: '1h' },
]
const tmp = tempDir()
const db = join(tmp.dir, 'live.duckdb')
let live: Sandbox
let reference: Sandbox
let referenceNow = 0
const recorders: ChildProcess[] = []

beforeAll(async () => {
  // The live sandbox follows the wall clock, as `record` does; the reference one, with the
  // same seed, is moved by the test to read back what the live one served.
  ;[live, reference] = await Promise.all([
    startSandbox({ seed: SEED, quiet: true, rateLimit: false }),
    startSandbox({ seed: SEED, quiet: true, rateLimit: false, now: () => referenceNow }),
  ])
})
afterAll(async () => {
  for (const child of recorders) if (child.exitCode === null) child.kill('SIGKILL')
  await Promise.all([live?.close(), reference?.close()])
  tmp.cleanup()
})

/** A running `record` and the JSON lines it printed so far. */
function startRecord() {
  const child = spawnCli([
    'record',
    '--db',
    db,
    '--base-url',
    live.url,
    '--symbols',
    SYMBOLS.join(','),
    '--interval',
    '1',
    '--snapshot-interval',
    '2',
    '--depth-levels',
    '5',
  ])
  recorders.push(child)
  let out = ''
  let err = ''
  child.stdout?.on('data', (chunk: Buffer) => {
    out += chunk.toString()
  })
  child.stderr?.on('data', (chunk: Buffer) => {
    err += chunk.toString()
  })
  return {
    child,
    events: () => jsonLines(out),
    err: () => err,
    /** Resolves once `record` has written `n` rounds more than now. */
    async rounds(n: number) {
      const target = this.events().filter((e) => e.event === 'round').length + n
      while (this.events().filter((e) => e.event === 'round').length < target) {
        if (child.exitCode !== null) throw new Error(`record exited ${child.exitCode}: ${err}`)
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
    },
  }
}

function backfill(range: (typeof BACKFILLS)[number]) {
  return finished(
    spawnCli([
      'backfill',
      '--db',
      db,
      '--base-url',
      live.url,
      '--symbols',
      SYMBOLS.join(','),
      '--steps',
      range.steps,
      '--from',
      String(range.from),
      '--to',
      String(range.to),
      '--wait',
      '120',
    ]),
  )
}

/** The dashboard's reads, through the recorder's reader. */
async function dashboardReads() {
  const archive = await openArchive(db, { waitMs: 120_000 })
  try {
    const contents = await archive.contents()
    const trades = await archive.trades({ symbol: 'BTCUSDT', limit: 50 })
    const depth = await archive.depth('BTCUSDT')
    const gaps = await archive.gaps()
    return { contents, trades, depth, gaps }
  } finally {
    archive.close()
  }
}

async function storedTrades(symbol: string, from: number, to: number): Promise<string[]> {
  const rows = await query(
    db,
    `SELECT epoch_ms(time) AS t, price::VARCHAR AS p, qty::VARCHAR AS q, quote_qty::VARCHAR AS v,
       is_buyer_maker AS m FROM trades
     WHERE symbol = '${symbol}' AND epoch_ms(time) BETWEEN ${from} AND ${to}`,
  )
  return rows.map((r) => rowKey([r.t, r.p, r.q, r.v, r.m])).sort()
}

describe('while record runs on the archive', () => {
  it('status, export, backfill and the dashboard reader work again and again, and nothing is lost', async () => {
    let record = startRecord()
    await record.rounds(2)

    const first = backfill(BACKFILLS[0] as (typeof BACKFILLS)[number])
    const statuses: Record<string, unknown>[][] = []
    const reads: Awaited<ReturnType<typeof dashboardReads>>[] = []
    for (let i = 0; i < 3; i++) {
      const status = await finished(spawnCli(['status', '--db', db, '--json', '--wait', '120']))
      expect(status.err).toBe('')
      expect(status.code).toBe(0)
      statuses.push(jsonLines(status.out))

      const exported = await finished(
        spawnCli(['export', '--db', db, '--out', join(tmp.dir, `export-${i}`), '--wait', '120']),
      )
      expect(exported.err).toBe('')
      expect(exported.code).toBe(0)
      expect(jsonLines(exported.out)).toContainEqual(
        expect.objectContaining({ event: 'exported', dataset: 'market-trade' }),
      )

      reads.push(await dashboardReads())
      await record.rounds(1)
    }

    // kill -9 of an export in the middle of its writing: the recorder goes on.
    const killedExport = spawnCli(['export', '--db', db, '--out', join(tmp.dir, 'killed')])
    await new Promise<void>((resolve) => {
      killedExport.stdout?.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('"exported"')) resolve()
      })
      killedExport.once('exit', () => resolve())
    })
    killedExport.kill('SIGKILL')
    await exited(killedExport)
    await record.rounds(2)

    // kill -9 of record itself; a reader goes on, and a new record resumes.
    record.child.kill('SIGKILL')
    await exited(record.child)
    reads.push(await dashboardReads())
    record = startRecord()
    await record.rounds(2)

    const second = await backfill(BACKFILLS[1] as (typeof BACKFILLS)[number])
    const firstDone = await first
    for (const run of [firstDone, second]) {
      expect(run.err).toBe('')
      expect(run.code).toBe(0)
    }
    reads.push(await dashboardReads())
    await record.rounds(2)

    record.child.kill('SIGINT')
    expect(await exited(record.child)).toBe(130)
    expect(record.events().at(-1)).toMatchObject({ event: 'interrupted', signal: 'SIGINT' })
    expect(record.events().filter((e) => e.event === 'dropped' || e.event === 'error')).toEqual([])

    // What the readers saw while it recorded.
    for (const rows of statuses)
      for (const symbol of SYMBOLS)
        expect(rows).toContainEqual(
          expect.objectContaining({ dataset: 'market-trade', symbol, gaps: 0 }),
        )
    for (const read of reads) {
      expect(read.trades.trades.length).toBeGreaterThan(0)
      expect(read.depth?.bids).toHaveLength(5)
      expect(read.gaps).toEqual([])
    }
    expect(reads.at(-1)?.contents.trades.map((t) => t.symbol)).toEqual(SYMBOLS)

    // No gap row, and every trade of the recorded span, once.
    expect(await query(db, 'SELECT * FROM gaps')).toEqual([])
    for (const symbol of SYMBOLS) {
      const [span] = await query(
        db,
        `SELECT epoch_ms(min(time)) AS a, epoch_ms(max(time)) AS b FROM trades WHERE symbol = '${symbol}'`,
      )
      // The edge seconds may be cut: by the API's limit (oldest) or by the clock (newest).
      const from = Number(span?.a) + 1000
      const to = Number(span?.b) - 1000
      const served = await referenceTrades(
        reference.url,
        (ms) => {
          referenceNow = ms
        },
        symbol,
        from,
        to,
      )
      expect(served.length).toBeGreaterThan(40)
      expect(await storedTrades(symbol, from, to)).toEqual(served)
    }

    // The backfilled candles equal the sandbox's.
    for (const range of BACKFILLS) {
      const served: string[] = []
      for (const step of range.steps.split(',') as ('1m' | '1h')[]) {
        const ms = step === '1m' ? 60_000 : 3_600_000
        served.push(
          ...(await servedCandleRows(live.url, {
            symbols: SYMBOLS,
            step,
            from: range.from,
            to: range.to - ms,
          })),
        )
      }
      expect(served.length).toBeGreaterThan(100)
      expect(
        await storedCandleRows(
          db,
          `open_time >= make_timestamp_ms(${range.from}) AND open_time < make_timestamp_ms(${range.to})`,
        ),
      ).toEqual(served.sort())
    }
  }, 600_000)
})
