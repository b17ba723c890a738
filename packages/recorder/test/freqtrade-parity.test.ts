/**
 * What freqtrade users expect of `download-data` and `list-data`, against a
 * sandbox and real DuckDB files: `--days N`, `--symbols all` and patterns
 * from the live catalog (delisted contracts skipped with a note), an ETA on
 * the progress, erasing a range (and `backfill --erase`) with the coverage
 * rows following, and `status` filtered like `list-data --pairs`.
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { createClient } from '@perpkit/client'
import { type Sandbox, startSandbox } from '@perpkit/sandbox'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { estimateEta, formatDuration } from '../src/progress.ts'
import {
  cli,
  finished,
  jsonLines,
  query,
  servedCandleRows,
  spawnCli,
  storedCandleRows,
  tempDir,
} from './helpers.ts'

const NOW = Date.UTC(2026, 1, 1, 12, 30)
const HOUR = 3_600_000
const DAY = 24 * HOUR
let sandbox: Sandbox
let trading: string[]
let delisted: string[]
const tmp = tempDir()
const at = { now: () => NOW, clientOptions: { rateLimit: false as const } }

/** `backfill` of `symbols` × `steps` into `db` from the sandbox, then `extra` flags. */
const backfillArgs = (db: string, symbols: string, steps: string, extra: string[]) => [
  'backfill',
  '--db',
  db,
  '--base-url',
  sandbox.url,
  '--symbols',
  symbols,
  '--steps',
  steps,
  ...extra,
]

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 31, quiet: true, rateLimit: false, now: () => NOW })
  const catalog = await createClient({ baseUrl: sandbox.url, rateLimit: false }).getContracts()
  trading = catalog.filter((c) => c.status !== 'Delisted').map((c) => c.symbol)
  delisted = catalog.filter((c) => c.status === 'Delisted').map((c) => c.symbol)
})
afterAll(async () => {
  await sandbox.close()
  tmp.cleanup()
})

const stored = (db: string, sql: string) => query(db, sql)

/** The sandbox's own candles of a series, as the archive's rows. */
const sandboxCandles = (symbol: string, step: '1m' | '1h', from: number, to: number) =>
  servedCandleRows(sandbox.url, { symbols: [symbol], step, from, to })

const storedCandles = storedCandleRows

describe('--symbols all and patterns', () => {
  it("backfill --symbols '*USDT' --days 1 fills every trading USDT contract of the catalog and notes the delisted ones it skipped", async () => {
    expect(delisted.length).toBeGreaterThan(0)
    const db = join(tmp.dir, 'pattern.duckdb')
    const { code, out, err } = await cli(
      backfillArgs(db, '*usdt', '1h', ['--days', '1', '--datasets', 'kline']),
      at,
    )
    expect(err).toBe('')
    expect(code).toBe(0)
    const expected = trading.filter((s) => s.endsWith('USDT'))
    const skipped = delisted.filter((s) => s.endsWith('USDT'))
    expect(jsonLines(out)[0]).toEqual({
      event: 'skipped',
      reason: 'delisted',
      symbols: skipped,
      selected: expected.length,
    })
    const series = await stored(
      db,
      `SELECT symbol, count(*) AS n, epoch_ms(min(open_time)) AS a, epoch_ms(max(open_time)) AS b
       FROM candles GROUP BY symbol ORDER BY symbol`,
    )
    expect(series.map((s) => s.symbol)).toEqual([...expected].sort())
    // --days 1: from 24 h before now to the last closed candle.
    for (const s of series)
      expect(s).toMatchObject({
        n: '23',
        a: String(NOW - DAY + HOUR / 2),
        b: String(NOW - HOUR * 1.5),
      })
  })

  it('record --symbols all polls every trading contract; a pattern that matches nothing is refused before anything is written', async () => {
    const db = join(tmp.dir, 'all.duckdb')
    const { code, out } = await cli(
      [
        'record',
        '--db',
        db,
        '--base-url',
        sandbox.url,
        '--symbols',
        'all',
        '--rounds',
        '1',
        '--snapshot-interval',
        '600',
      ],
      at,
    )
    expect(code).toBe(0)
    expect(jsonLines(out)[0]).toMatchObject({ event: 'skipped', symbols: delisted })
    // Every series polled has its last write, rows or not (a thin contract may have no trade).
    const symbols = await stored(
      db,
      "SELECT symbol FROM writes WHERE dataset = 'market-trade' ORDER BY symbol",
    )
    expect(symbols.map((r) => r.symbol)).toEqual([...trading].sort())

    const none = join(tmp.dir, 'none.duckdb')
    const refused = await cli(backfillArgs(none, 'ZZZ*', '1h', ['--days', '1']), at)
    expect(refused).toMatchObject({
      code: 2,
      err: 'perpkit-recorder backfill: --symbols: "ZZZ*" matches no contract of the deployment\n',
    })
    const bad = await cli(backfillArgs(none, 'BTC-*', '1h', ['--days', '1']), at)
    expect(bad.code).toBe(2)
    expect(bad.err).toContain('"BTC-*" is no pattern')
    expect(
      (await cli(backfillArgs(none, 'BTCUSDT', '1h', ['--days', '1', '--from', '2026-01-01']), at))
        .err,
    ).toContain('--days and --from exclude each other')
    expect(existsSync(none)).toBe(false)
  })
})

describe('progress', () => {
  it('carries an ETA: etaMs on each window event (0 on the last), and "ETA" on the TTY line', async () => {
    const db = join(tmp.dir, 'eta.duckdb')
    let clock = NOW
    // Each reading of the clock is a second later: a pace the ETA can be checked against.
    const ticking = { ...at, now: () => (clock += 1000) }
    const { code, out } = await cli(
      backfillArgs(db, 'BTCUSDT', '1m', [
        '--from',
        String(NOW - 2 * DAY),
        '--to',
        String(NOW - DAY),
        '--concurrency',
        '1',
      ]),
      ticking,
    )
    expect(code).toBe(0)
    const windows = jsonLines(out).filter((e) => e.event === 'window')
    expect(windows).toHaveLength(6)
    for (const w of windows) expect(typeof w.etaMs).toBe('number')
    expect(windows.at(-1)?.etaMs).toBe(0)
    expect(Number(windows[0]?.etaMs)).toBeGreaterThan(Number(windows[4]?.etaMs))

    let tty = ''
    const code2 = await (await import('../src/index.ts')).runCli(
      [
        'backfill',
        '--db',
        join(tmp.dir, 'eta-tty.duckdb'),
        '--base-url',
        sandbox.url,
        '--symbols',
        'BTCUSDT',
        '--steps',
        '1m',
        '--days',
        '1',
        '--concurrency',
        '1',
      ],
      {
        ...ticking,
        stdout: {
          write: (s) => {
            tty += s
          },
          isTTY: true,
        },
      },
    )
    expect(code2).toBe(0)
    expect(tty).toMatch(/backfill 1\/6 windows, \d+ candles, \d+ candles\/s, ETA \d/)
    expect(tty).toMatch(/ETA 0s/)
  })

  it('estimates the time left from the pace so far, and says it briefly', () => {
    expect(estimateEta(0, 10, 5_000)).toBeUndefined()
    expect(estimateEta(2, 10, 5_000)).toBe(20_000)
    expect(estimateEta(10, 10, 5_000)).toBe(0)
    expect([45_000, 192_000, 7_500_000, 273_600_000].map(formatDuration)).toEqual([
      '45s',
      '3m 12s',
      '2h 05m',
      '3d 04h',
    ])
  })
})

describe('erase and refetch', () => {
  const db = join(tmp.dir, 'erase.duckdb')
  const from = NOW - 3 * DAY - 12.5 * HOUR // 2026-01-29T00:00Z
  const to = from + 2 * DAY
  // Across two stored windows (of 500 candles): minutes 420 to 599 of the range.
  const cut = { from: from + 7 * HOUR, to: from + 10 * HOUR }
  const lastOpen = to - 60_000
  const backfill = (extra: string[] = []) =>
    cli(
      backfillArgs(db, 'ETHUSDT', '1m', ['--from', String(from), '--to', String(to), ...extra]),
      at,
    )

  it('erase deletes the candles of the range and trims the coverage rows that cross it; backfill then fetches that span only, and equals the sandbox', async () => {
    expect((await backfill()).code).toBe(0)
    const before = await storedCandles(db)
    expect(before).toEqual(await sandboxCandles('ETHUSDT', '1m', from, lastOpen))

    const erased = await finished(
      spawnCli([
        'erase',
        '--db',
        db,
        '--symbols',
        'ETH*',
        '--steps',
        '1m',
        '--from',
        new Date(cut.from).toISOString(),
        '--to',
        new Date(cut.to).toISOString(),
      ]),
    )
    expect(erased.err).toBe('')
    expect(erased.code).toBe(0)
    const minutes = (cut.to - cut.from) / 60_000
    expect(jsonLines(erased.out)).toEqual([
      {
        event: 'erased',
        dataset: 'kline',
        symbol: 'ETHUSDT',
        step: 1,
        candles: minutes,
        windows: 2,
        from: cut.from,
        to: cut.to - 60_000,
      },
      {
        event: 'erased',
        dataset: 'markprice-kline',
        symbol: 'ETHUSDT',
        step: 1,
        candles: minutes,
        windows: 2,
        from: cut.from,
        to: cut.to - 60_000,
      },
      { event: 'done', series: 2, candles: 2 * minutes },
    ])
    const inside = `epoch_ms(open_time) >= ${cut.from} AND epoch_ms(open_time) < ${cut.to}`
    expect(await storedCandles(db, inside)).toEqual([])
    expect(await storedCandles(db, `NOT (${inside})`)).toEqual(
      before.filter((row) => {
        const t = Number(row.split('|')[3])
        return t < cut.from || t >= cut.to
      }),
    )
    // Coverage follows: no stored window reaches into the erased span, and the covered
    // minutes are exactly the stored candles.
    const coverage = await stored(
      db,
      `SELECT dataset, sum((epoch_ms(end_time) - epoch_ms(start_time)) // 60000 + 1)::BIGINT AS minutes,
         count(*) FILTER (WHERE epoch_ms(start_time) < ${cut.to} AND epoch_ms(end_time) >= ${cut.from}) AS crossing
       FROM coverage GROUP BY dataset ORDER BY dataset`,
    )
    expect(coverage).toEqual([
      { dataset: 'kline', minutes: String(2 * 1440 - minutes), crossing: '0' },
      { dataset: 'markprice-kline', minutes: String(2 * 1440 - minutes), crossing: '0' },
    ])
    const status = jsonLines(
      (await cli(['status', '--db', db, '--datasets', 'kline', '--symbols', 'ETHUSDT'])).out,
    )
    expect(status).toEqual([
      expect.objectContaining({ dataset: 'kline', symbol: 'ETHUSDT', step: 1, gaps: 1 }),
    ])

    const refill = await backfill()
    const windows = jsonLines(refill.out).filter((e) => e.event === 'window')
    // The datasets' windows are fetched side by side: they finish in either order.
    const fetched = windows.map((w) => [w.dataset, w.from, w.to])
    expect(fetched.sort((a, b) => String(a[0]).localeCompare(String(b[0])))).toEqual([
      ['kline', cut.from, cut.to - 60_000],
      ['markprice-kline', cut.from, cut.to - 60_000],
    ])
    expect(await storedCandles(db)).toEqual(before)
  })

  it('backfill --erase refetches the whole range, each candle once, equal to the sandbox', async () => {
    const { code, out } = await backfill(['--erase'])
    expect(code).toBe(0)
    const events = jsonLines(out)
    expect(events.filter((e) => e.event === 'erased').map((e) => [e.dataset, e.candles])).toEqual([
      ['kline', 2 * 1440],
      ['markprice-kline', 2 * 1440],
    ])
    expect(events.filter((e) => e.event === 'window')).toHaveLength(12)
    expect(await storedCandles(db)).toEqual(await sandboxCandles('ETHUSDT', '1m', from, lastOpen))
  })
})
