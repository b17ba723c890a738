import { join } from 'node:path'
import { type FaultKind, type Sandbox, startSandbox } from '@perpkit/sandbox'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CliIo } from '../src/index.ts'
import { cli, jsonLines, query, tempDir } from './helpers.ts'
import { type CandleSpan, sandboxCandles, spanArgv, storedCandles } from './stored-candles.ts'

const START = Date.UTC(2026, 1, 1)
const KLINE = '/contract/public/kline'
const MARK = '/contract/public/markprice-kline'
/** 2 symbols × 2 days of 1m candles: 6 windows a series, 24 in all. */
const SPAN: CandleSpan = {
  symbols: ['BTCUSDT', 'ETHUSDT'],
  step: 1,
  from: Date.UTC(2026, 0, 5),
  to: Date.UTC(2026, 0, 7),
}
/**
 * What a storm sends, in turn, each as live servers do: 429 (30013), 503 (30014), a CDN's 503
 * and 403 pages, a truncated 200, a reset socket, maintenance (200, 30016), 418 (30017).
 */
const STORM: FaultKind[] = [
  'rate-limit',
  'unavailable',
  'unavailable-html',
  'forbidden-html',
  'malformed-json',
  'reset',
  'maintenance',
  'blocked',
]

let sandbox: Sandbox
/** Called with the status of each kline or mark-price kline answer the sandbox sends. */
let onCandleAnswer: (status: string) => void = () => {}
const tmp = tempDir()
beforeAll(async () => {
  sandbox = await startSandbox({
    seed: 11,
    quiet: true,
    rateLimit: false,
    now: () => START,
    log: (line) => {
      const [, url, status] = line.split(' ')
      if (url !== undefined && /^\/contract\/public\/(kline|markprice-kline)\?/.test(url))
        onCandleAnswer(String(status))
    },
  })
})
afterAll(async () => {
  await sandbox.close()
  tmp.cleanup()
})

const argv = (db: string, extra: string[] = []) => spanArgv(db, sandbox.url, SPAN, extra)

/** Keeps at least 100 storm faults queued on each path. */
function feedStorm(paths: readonly string[]): void {
  for (const path of paths) {
    const queued = sandbox.faults.pending().filter((f) => f.path === path).length
    for (let i = queued; i < 100; i++)
      sandbox.faults.add(path, { kind: STORM[i % STORM.length] as FaultKind })
  }
}

/**
 * A backfill in-process on a fake clock that only its waits move (no wall-clock time in the
 * test), with the client's own retries (2, on short timers) left on: a storm of `stormMs` on
 * `paths` starts once the sandbox has answered `startAfter` candle requests.
 */
async function stormyBackfill(
  db: string,
  storm: { paths: readonly string[]; startAfter: number; stormMs: number },
  extra: string[] = [],
) {
  let clock = START
  let answered = 0
  const statuses = new Set<string>()
  let stormEnd: number | undefined
  const startStorm = () => {
    stormEnd = clock + storm.stormMs
    feedStorm(storm.paths)
  }
  onCandleAnswer = (status) => {
    if (stormEnd !== undefined) statuses.add(status)
    else if (++answered >= storm.startAfter) startStorm()
  }
  if (storm.startAfter === 0) startStorm()
  const io: CliIo = {
    now: () => clock,
    sleep: async (ms) => {
      clock += ms
      if (stormEnd !== undefined && clock < stormEnd) feedStorm(storm.paths)
      else sandbox.faults.clear()
      await new Promise((resolve) => setImmediate(resolve))
    },
    clientOptions: {
      rateLimit: false,
      retry: { maxRetries: 2, baseDelayMs: 5, maxDelayMs: 20, maxRetryAfterMs: 100 },
    },
  }
  const { code, out, err } = await cli(argv(db, extra), io)
  sandbox.faults.clear()
  onCandleAnswer = () => {}
  return { code, err, events: jsonLines(out), waitedMs: clock - START, statuses }
}

describe('backfill through transient faults', () => {
  it('a 60 s storm of 429, 418, 503, HTML pages, maintenance, truncated bodies and resets mid-run ends with every candle stored, equal to the sandbox', async () => {
    const db = join(tmp.dir, 'storm.duckdb')
    const run = await stormyBackfill(db, {
      paths: [KLINE, MARK],
      startAfter: 4,
      stormMs: 60_000,
    })
    expect(run.err).toBe('')
    expect(run.code).toBe(0)
    expect(run.events.at(-1)).toEqual({ event: 'done', windows: 24, candles: 11_520, total: 24 })
    // The storm outlasted the client's 3 attempts many times over: the windows waited it out.
    const retries = run.events.filter((e) => e.event === 'retry')
    expect(retries.length).toBeGreaterThan(10)
    expect(Math.max(...retries.map((e) => Number(e.attempt)))).toBeGreaterThanOrEqual(4)
    expect(run.waitedMs).toBeGreaterThanOrEqual(60_000)
    // Every kind of the storm was sent, and kinds the client does not retry itself reached the
    // backfill: a 429 asking too long a wait, a truncated 200.
    expect([...run.statuses]).toEqual(expect.arrayContaining(['200', '403', '418', '429', '503']))
    const errors = retries.map((e) => String(e.error)).join('\n')
    expect(errors).toContain('Too many requests: the rate limit was exceeded (HTTP 429)')
    expect(errors).toContain('The response body is not valid JSON (HTTP 200)')
    expect(run.events.filter((e) => e.event === 'failed')).toEqual([])
    expect(await storedCandles(db, 1)).toEqual(await sandboxCandles(sandbox.url, SPAN))
    const [coverage] = await query(db, 'SELECT count(*) AS n FROM coverage')
    expect(coverage?.n).toBe('24')
  })

  it('a storm longer than --retry-for on one endpoint: the other series complete, the run ends listing what is missing with exit 1, and a rerun completes it exactly', async () => {
    const db = join(tmp.dir, 'outage.duckdb')
    const run = await stormyBackfill(
      db,
      { paths: [KLINE], startAfter: 0, stormMs: Number.POSITIVE_INFINITY },
      ['--retry-for', '120'],
    )
    expect(run.code).toBe(1)
    expect(run.err.split('\n')).toHaveLength(2)
    expect(run.err).toMatch(
      /^perpkit-recorder backfill: 12 of 24 windows not stored: kline BTCUSDT step 1: 6 windows between 2026-01-05T00:00Z and 2026-01-06T23:\d\dZ \(.*\); kline ETHUSDT step 1: 6 windows between .*\. Run the same command again to fetch them\n$/,
    )
    expect(run.events.at(-1)).toMatchObject({
      event: 'incomplete',
      windows: 12,
      candles: 5_760,
      total: 24,
      missing: 12,
      series: [
        { dataset: 'kline', symbol: 'BTCUSDT', step: 1, windows: 6, from: SPAN.from },
        { dataset: 'kline', symbol: 'ETHUSDT', step: 1, windows: 6, from: SPAN.from },
      ],
    })
    // The mark-price series went on while the klines failed.
    const marks = (await sandboxCandles(sandbox.url, SPAN)).filter((row) =>
      row.startsWith('markprice-kline|'),
    )
    expect(await storedCandles(db, 1)).toEqual(marks)

    const rerun = await cli(argv(db))
    expect(rerun.code).toBe(0)
    expect(jsonLines(rerun.out).at(-1)).toEqual({
      event: 'done',
      windows: 12,
      candles: 5_760,
      total: 12,
    })
    expect(await storedCandles(db, 1)).toEqual(await sandboxCandles(sandbox.url, SPAN))
  })
  it('an outage of every endpoint: once every window in flight has given up in a row, the run stops fetching and reports the rest not tried', async () => {
    const db = join(tmp.dir, 'down.duckdb')
    const run = await stormyBackfill(
      db,
      { paths: [KLINE, MARK], startAfter: 0, stormMs: Number.POSITIVE_INFINITY },
      ['--retry-for', '30', '--concurrency', '2'],
    )
    expect(run.code).toBe(1)
    // Two fetchers: the two windows in flight give up (and a third one may start between them).
    const failed = run.events.filter((e) => e.event === 'failed').length
    expect(failed).toBeGreaterThanOrEqual(2)
    expect(failed).toBeLessThanOrEqual(3)
    expect(run.events.at(-1)).toMatchObject({ event: 'incomplete', windows: 0, missing: 24 })
    // Each window retried for at most its 30 s (the fake clock adds up every wait).
    expect(run.waitedMs).toBeLessThanOrEqual(failed * 30_000)
    expect(run.err).toMatch(/^perpkit-recorder backfill: 24 of 24 windows not stored: /)
  })
})
