/**
 * The dashboard's archive endpoints over real HTTP, against an archive the
 * recorder wrote from a sandbox on a test clock: history beyond one API call
 * (more than 500 candles, more than 100 settlements, open interest over
 * weeks), exact decimals, and one readable error per reason an archive
 * cannot be read, including a recorder holding it for writing.
 */
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { addDecimals } from '@perpkit/analytics'
import { startSandbox } from '@perpkit/sandbox'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createArchiveApi } from '../src/dashboard/archive-api.ts'
import { type PageServer, startPageServer } from '../src/dashboard/page-server.ts'
import type {
  ArchiveCandlesReply,
  ArchiveContentsReply,
  ArchiveDepthReply,
  ArchiveFundingReply,
  ArchiveGapsReply,
  ArchiveOpenInterestReply,
  ArchiveTradesReply,
} from '../web/src/archive/archive-wire.ts'
import { MAX_ARCHIVE_TRADES } from '../web/src/archive/archive-wire.ts'
import { createEmptyArchive, type RecordedArchive, recordArchive } from './archive-fixture.ts'
import { duckdbWriter, stop } from './duckdb-writer.ts'
import { startRecorder } from './recorder-process.ts'

const HOUR = 3_600_000
const DAY = 24 * HOUR
/** A decimal string in its shortest exact form: no exponent, no trailing fractional zero. */
const EXACT = /^-?\d+(\.\d*[1-9])?$/

let archive: RecordedArchive
const dir = mkdtempSync(join(tmpdir(), 'perpkit-archive-api-'))
const servers: PageServer[] = []

beforeAll(async () => {
  archive = await recordArchive()
}, 180_000)
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()))
  archive?.cleanup()
  rmSync(dir, { recursive: true, force: true })
})

/** Serves the archive endpoints of `file` and returns a getter of JSON replies. */
async function serve(file: string, options: { waitMs?: number } = {}) {
  const server = await startPageServer({
    root: dir,
    config: { source: 'archive', symbol: 'BTCUSDT', archive: 'x' },
    port: 0,
    api: createArchiveApi(file, options),
  })
  servers.push(server)
  return async <T>(path: string): Promise<{ status: number; body: T }> => {
    const res = await fetch(new URL(path, server.url))
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8')
    return { status: res.status, body: (await res.json()) as T }
  }
}

describe('the archive endpoints on a recorded archive', () => {
  it('list every series the recorder stored, for both symbols', async () => {
    const get = await serve(archive.file)
    const { status, body } = await get<ArchiveContentsReply>('/archive/contents.json')
    expect(status).toBe(200)
    expect(body.file).toBe('market.duckdb')
    expect(body.candles.map((c) => `${c.dataset} ${c.symbol} ${c.step}`)).toEqual([
      'kline BTCUSDT 60',
      'kline BTCUSDT 240',
      'kline ETHUSDT 60',
      'kline ETHUSDT 240',
      'markprice-kline BTCUSDT 60',
      'markprice-kline BTCUSDT 240',
      'markprice-kline ETHUSDT 60',
      'markprice-kline ETHUSDT 240',
    ])
    expect(body.funding.map((f) => f.symbol)).toEqual(archive.symbols)
    expect(body.openInterest.map((f) => [f.symbol, f.rows])).toEqual([
      ['BTCUSDT', 11],
      ['ETHUSDT', 11],
    ])
  })

  it('serve more than 500 hourly candles, contiguous over the backfilled range, with mark-price candles, as exact decimal strings', async () => {
    const get = await serve(archive.file)
    const { status, body } = await get<ArchiveCandlesReply>(
      '/archive/candles.json?symbol=BTCUSDT&step=60',
    )
    expect(status).toBe(200)
    const hours = (archive.backfillTo - archive.backfillFrom) / HOUR
    expect(body.candles).toHaveLength(hours)
    expect(body.total).toBe(hours)
    expect(body.candles.length).toBeGreaterThan(500)
    const times = body.candles.map((k) => k.timestamp)
    expect(times[0]).toBe(archive.backfillFrom)
    expect(times.slice(1).every((t, i) => t - (times[i] as number) === HOUR)).toBe(true)
    expect(body.markCandles.map((k) => k.timestamp)).toEqual(times)
    for (const k of [...body.candles, ...body.markCandles]) {
      for (const price of [k.openPrice, k.highPrice, k.lowPrice, k.closePrice, k.volume])
        expect(price).toMatch(EXACT)
    }
    // The 4h series of the other symbol is its own.
    const eth = await get<ArchiveCandlesReply>('/archive/candles.json?symbol=ETHUSDT&step=240')
    expect(eth.body.candles).toHaveLength(hours / 4)
    expect(eth.body.candles[0]?.openPrice).not.toBe(body.candles[0]?.openPrice)
  })

  it('serve every funding settlement, 8 h apart, over more than the 33 days one request returns', async () => {
    const get = await serve(archive.file)
    const { body } = await get<ArchiveFundingReply>('/archive/funding.json?symbol=ETHUSDT')
    const times = body.settlements.map((s) => s.fundingTime)
    expect(times.length).toBeGreaterThan(100)
    expect(times.slice(1).every((t, i) => t - (times[i] as number) === 8 * HOUR)).toBe(true)
    expect((times.at(-1) as number) - (times[0] as number)).toBeGreaterThan(33 * DAY)
    expect(body.settlements.every((s) => s.symbol === 'ETHUSDT' && EXACT.test(s.fundingRate))).toBe(
      true,
    )
  })

  it('serve open interest over the recorded weeks: every snapshot, or the last of each day', async () => {
    const get = await serve(archive.file)
    const snapshots = await get<ArchiveOpenInterestReply>(
      '/archive/open-interest.json?symbol=BTCUSDT&every=snapshot',
    )
    const times = snapshots.body.points.map((p) => p.timestamp)
    expect(times).toHaveLength(11)
    expect(times[0]).toBe(archive.recordFrom)
    expect(times.at(-1)).toBe(archive.recordTo)
    for (const p of snapshots.body.points) {
      expect(p.openInterest).toMatch(EXACT)
      expect(p.openInterestValue).toMatch(EXACT)
    }
    const daily = await get<ArchiveOpenInterestReply>(
      '/archive/open-interest.json?symbol=BTCUSDT&every=day',
    )
    // One snapshot a day at midnight: the daily buckets are the snapshots themselves.
    expect(daily.body).toEqual({ ...snapshots.body, every: 'day' })
  })

  it('serve the trades record kept, the newest 200 oldest first, a depth snapshot with running totals, and the gap rows between rounds', async () => {
    const get = await serve(archive.file)
    const trades = (await get<ArchiveTradesReply>('/archive/trades.json?symbol=BTCUSDT')).body
    // 11 rounds of up to 100 trades, 4 days apart: more than one reply carries.
    expect(trades.total).toBeGreaterThan(MAX_ARCHIVE_TRADES)
    expect(trades.trades).toHaveLength(MAX_ARCHIVE_TRADES)
    const times = trades.trades.map((t) => t.time)
    expect([...times].sort((a, b) => a - b)).toEqual(times)
    expect(times.at(-1)).toBeLessThanOrEqual(archive.recordTo)
    // The newest 200: the last two rounds' trades (a round every 4 days).
    expect(times[0]).toBeGreaterThan(archive.recordTo - 5 * DAY)
    for (const t of trades.trades) {
      expect(t.symbol).toBe('BTCUSDT')
      for (const value of [t.price, t.qty, t.quoteQty]) expect(value).toMatch(EXACT)
    }

    const newest = (await get<ArchiveDepthReply>('/archive/depth.json?symbol=ETHUSDT')).body
    expect(newest.snapshot?.recordedAt).toBe(archive.recordTo)
    for (const side of [newest.snapshot?.bids ?? [], newest.snapshot?.asks ?? []]) {
      expect(side).toHaveLength(2)
      expect(side[1]?.total).toBe(addDecimals({ values: [side[0]?.qty ?? '', side[1]?.qty ?? ''] }))
    }
    const first = await get<ArchiveDepthReply>(
      `/archive/depth.json?symbol=ETHUSDT&at=${archive.recordFrom + DAY}`,
    )
    expect(first.body.snapshot?.recordedAt).toBe(archive.recordFrom)
    const none = await get<ArchiveDepthReply>(
      `/archive/depth.json?symbol=ETHUSDT&at=${archive.recordFrom - 1}`,
    )
    expect(none.body).toEqual({ symbol: 'ETHUSDT', snapshot: null })

    // Each round after the first is 4 days after the last: its 100 trades cannot reach back.
    const gaps = (await get<ArchiveGapsReply>('/archive/gaps.json?symbol=BTCUSDT')).body.gaps
    expect(gaps.filter((g) => g.dataset === 'market-trade')).toHaveLength(10)
    for (const gap of gaps) {
      expect(gap.symbol).toBe('BTCUSDT')
      expect(gap.from).toBeLessThan(gap.to)
      expect(gap.from).toBeGreaterThanOrEqual(archive.recordFrom - DAY)
      expect(gap.to).toBeLessThanOrEqual(archive.recordTo)
    }
    const contents = (await get<ArchiveContentsReply>('/archive/contents.json')).body
    expect(contents.trades.map((t) => t.symbol)).toEqual(archive.symbols)
    expect(contents.depth.map((d) => [d.symbol, d.rows])).toEqual([
      ['BTCUSDT', 11],
      ['ETHUSDT', 11],
    ])
    expect(contents.gaps).toContainEqual(
      expect.objectContaining({ dataset: 'market-trade', symbol: 'ETHUSDT', rows: 10 }),
    )
  })

  it('refuse a bad symbol, step or resolution with 400, opening nothing', async () => {
    const get = await serve(join(dir, 'never-opened.duckdb'))
    for (const [path, message] of [
      [
        '/archive/candles.json?symbol=btc%20usdt&step=60',
        'symbol must be a contract symbol, got "btc usdt"',
      ],
      ['/archive/candles.json?symbol=BTCUSDT&step=0', 'step must be a number of minutes, got "0"'],
      [
        '/archive/open-interest.json?symbol=BTCUSDT&every=week',
        'every must be snapshot, hour, day, got "week"',
      ],
      [
        '/archive/depth.json?symbol=BTCUSDT&at=yesterday',
        'at must be epoch milliseconds, got "yesterday"',
      ],
    ] as const) {
      expect(await get(path)).toEqual({
        status: 400,
        body: { error: { reason: 'bad-request', message } },
      })
    }
  })
})

describe('an archive that cannot be read, or holds nothing', () => {
  type ErrorBody = { error: { reason: string; message: string } }

  it('says the file is missing, not DuckDB, or not a recorder archive', async () => {
    const text = join(dir, 'notes.duckdb')
    writeFileSync(text, 'not a database')
    const missing = join(dir, 'missing.duckdb')
    for (const [file, status, reason, message] of [
      [missing, 404, 'missing', `${missing} does not exist: record or backfill into it first`],
      [
        text,
        422,
        'not-duckdb',
        `${text} is not a DuckDB database but text (CSV, JSON or the like)`,
      ],
    ] as const) {
      const get = await serve(file)
      expect(await get('/archive/contents.json')).toEqual({
        status,
        body: { error: { reason, message } },
      })
    }
  })

  it('says a DuckDB file without the recorder’s schema is not an archive, and one of a newer schema needs a newer recorder', async () => {
    const other = join(dir, 'other.duckdb')
    const newer = join(dir, 'newer.duckdb')
    for (const [file, sql] of [
      [other, 'CREATE TABLE t (x INTEGER)'],
      [
        newer,
        "CREATE TABLE meta (key VARCHAR, value VARCHAR); INSERT INTO meta VALUES ('schema_version', '99')",
      ],
    ] as const)
      await duckdbWriter(file, sql, false)
    const notArchive = await (await serve(other))<ErrorBody>('/archive/funding.json?symbol=BTCUSDT')
    expect(notArchive.status).toBe(422)
    expect(notArchive.body.error).toEqual({
      reason: 'not-archive',
      message: `${other} is a DuckDB database but not a perpkit-recorder archive (it holds t; no meta.schema_version)`,
    })
    const newerReply = await (await serve(newer))<ErrorBody>('/archive/contents.json')
    expect(newerReply.status).toBe(422)
    expect(newerReply.body.error.reason).toBe('newer-schema')
    expect(newerReply.body.error.message).toMatch(
      /schema version 99, newer than .*upgrade @perpkit\/recorder/,
    )
  })

  it('answers every endpoint while a real record process writes the file: each request waits its turn, and sees the rounds it wrote', async () => {
    const copy = join(dir, 'recording.duckdb')
    copyFileSync(archive.file, copy)
    const sandbox = await startSandbox({ seed: 11, quiet: true, rateLimit: false })
    const recorder = startRecorder(copy, sandbox.url, 'BTCUSDT')
    try {
      await recorder.rounds(1)
      const get = await serve(copy, { waitMs: 60_000 })
      const totals: number[] = []
      for (let i = 0; i < 3; i++) {
        for (const path of [
          '/archive/contents.json',
          '/archive/candles.json?symbol=BTCUSDT&step=60',
          '/archive/funding.json?symbol=BTCUSDT',
          '/archive/open-interest.json?symbol=BTCUSDT&every=snapshot',
          '/archive/depth.json?symbol=BTCUSDT',
          '/archive/gaps.json?symbol=BTCUSDT',
        ])
          expect((await get(path)).status, path).toBe(200)
        const trades = await get<ArchiveTradesReply>('/archive/trades.json?symbol=BTCUSDT')
        expect(trades.status).toBe(200)
        totals.push(trades.body.total)
        await recorder.rounds(2)
      }
      // The live trades come in while the page reads.
      expect(totals[2]).toBeGreaterThan(totals[0] as number)
    } finally {
      // Stopped by a signal, record says it was interrupted (exit 130).
      expect(await recorder.stop()).toBe(130)
      await sandbox.close()
    }
  })

  it('answers 423 naming the writer when a process that does not take turns holds the file past the wait, reads it again once it stops, and never keeps it from a writer between requests', async () => {
    const copy = join(dir, 'locked.duckdb')
    copyFileSync(archive.file, copy)
    const get = await serve(copy, { waitMs: 300 })
    const writer = await duckdbWriter(copy, 'SELECT 1', true)
    try {
      const locked = await get<ErrorBody>('/archive/contents.json')
      expect(locked.status).toBe(423)
      expect(locked.body.error.reason).toBe('locked')
      expect(locked.body.error.message).toContain(
        `(PID ${writer.pid}), which did not let go within 0.3 s`,
      )
      expect(locked.body.error.message).toContain('does not take turns')
    } finally {
      await stop(writer)
    }
    expect((await get('/archive/contents.json')).status).toBe(200)
    // The read above closed the file: a writer can open it right away.
    await stop(await duckdbWriter(copy, 'SELECT 1', true))
  })

  it('answers an archive with no rows with empty series, not an error', async () => {
    const empty = join(dir, 'empty.duckdb')
    await createEmptyArchive(empty)
    const get = await serve(empty)
    expect((await get<ArchiveContentsReply>('/archive/contents.json')).body).toEqual({
      file: 'empty.duckdb',
      candles: [],
      funding: [],
      openInterest: [],
      trades: [],
      depth: [],
      gaps: [],
    })
    expect((await get('/archive/candles.json?symbol=BTCUSDT&step=60')).body).toEqual({
      symbol: 'BTCUSDT',
      step: 60,
      candles: [],
      markCandles: [],
      total: 0,
    })
  })
})
