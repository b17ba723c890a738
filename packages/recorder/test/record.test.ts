import { join } from 'node:path'
import { createClient } from '@perpkit/client'
import { type Sandbox, startSandbox } from '@perpkit/sandbox'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { canonical, cli, exited, jsonLines, query, rowKey, spawnCli, tempDir } from './helpers.ts'

const START = Date.UTC(2026, 0, 10)
const TRADES = '/contract/public/market-trade'
let clock = START
let sandbox: Sandbox
const tmp = tempDir()

beforeAll(async () => {
  sandbox = await startSandbox({
    seed: 3,
    quirks: true,
    quiet: true,
    rateLimit: false,
    now: () => clock,
  })
})
afterAll(async () => {
  await sandbox.close()
  tmp.cleanup()
})

/** Runs `record` in-process on the sandbox clock; `beforeRound(n)` runs before round n + 1. */
function record(db: string, args: string[], beforeRound: (round: number) => void = () => {}) {
  let rounds = 0
  return cli(['record', '--db', db, '--base-url', sandbox.url, ...args], {
    now: () => clock,
    clientOptions: { retry: 0 },
    sleep: async (ms) => {
      clock += ms
      beforeRound(++rounds)
    },
  })
}

/** The sandbox's trades of each second in `[from, to]` (ms), read straight from it. */
async function sandboxTrades(symbol: string, from: number, to: number): Promise<string[]> {
  const client = createClient({ baseUrl: sandbox.url, rateLimit: false })
  const saved = clock
  const bySecond = new Map<number, string[]>()
  try {
    for (let t = to; t >= from - 30_000; t -= 30_000) {
      clock = t
      const trades = await client.getTrades({ symbol, limit: 100 })
      const oldest = Math.min(...trades.map((x) => x.time))
      for (const x of trades) {
        // The oldest second of a batch may be cut by the limit: take it from another batch.
        if (x.time === oldest || x.time < from || x.time > to) continue
        const list = bySecond.get(x.time) ?? []
        if (!bySecond.has(x.time)) bySecond.set(x.time, list)
        else if (list.length > 0 && list[0]?.startsWith('done')) continue
        list.push(rowKey([x.time, x.price, x.qty, x.quoteQty, x.isBuyerMaker]))
      }
      for (const list of bySecond.values()) if (list[0] !== 'done') list.unshift('done')
    }
  } finally {
    clock = saved
  }
  return [...bySecond.values()].flatMap((list) => list.slice(1)).sort()
}

async function storedTrades(db: string, where = 'true'): Promise<string[]> {
  const rows = await query(
    db,
    `SELECT epoch_ms(time) AS t, price::VARCHAR AS p, qty::VARCHAR AS q, quote_qty::VARCHAR AS v,
       is_buyer_maker AS m FROM trades WHERE ${where}`,
  )
  return rows.map((r) => rowKey([r.t, r.p, r.q, r.v, r.m])).sort()
}

describe('record', () => {
  it('trades through a 30 s 429 storm and a 30 s outage get a gap row for the lost span, and equal the sandbox trades on both sides of it', async () => {
    clock = START
    const db = join(tmp.dir, 'trades.duckdb')
    const { code, out } = await record(
      db,
      ['--symbols', 'BTCUSDT', '--interval', '5', '--snapshot-interval', '600', '--rounds', '24'],
      (round) => {
        if (round !== 4) return
        sandbox.faults.add(TRADES, { kind: 'rate-limit' }, 6)
        sandbox.faults.add(TRADES, { kind: 'unavailable-html' }, 6)
      },
    )
    expect(code).toBe(0)
    const events = jsonLines(out)
    expect(events.filter((e) => e.event === 'error' && e.dataset === 'market-trade')).toHaveLength(
      12,
    )
    expect(events.filter((e) => e.event === 'gap')).toEqual([
      { event: 'gap', dataset: 'market-trade', symbol: 'BTCUSDT' },
    ])
    const gaps = await query(
      db,
      'SELECT dataset, symbol, epoch_ms(from_time) AS f, epoch_ms(to_time) AS t FROM gaps',
    )
    expect(gaps).toHaveLength(1)
    const gap = { from: Number(gaps[0]?.f), to: Number(gaps[0]?.t) }
    expect(gaps[0]).toMatchObject({ dataset: 'market-trade', symbol: 'BTCUSDT' })
    // The storm began after round 4 (START + 15 s) and lasted 60 s of polls.
    expect(gap.from).toBeLessThanOrEqual(START + 15_000)
    expect(gap.to).toBeGreaterThan(START + 15_000 + 5_000)
    const [inside] = await query(
      db,
      `SELECT count(*) AS n FROM trades WHERE epoch_ms(time) > ${gap.from} AND epoch_ms(time) < ${gap.to}`,
    )
    expect(inside?.n).toBe('0')

    const [span] = await query(
      db,
      'SELECT epoch_ms(min(time)) AS a, epoch_ms(max(time)) AS b FROM trades',
    )
    const first = Number(span?.a)
    const last = Number(span?.b)
    // Strictly inside each covered side (the edge seconds may be cut by the API's limit).
    const before = await sandboxTrades('BTCUSDT', first + 1000, gap.from - 1000)
    const after = await sandboxTrades('BTCUSDT', gap.to + 1000, last)
    expect(before.length).toBeGreaterThan(50)
    expect(after.length).toBeGreaterThan(100)
    expect(
      await storedTrades(db, `epoch_ms(time) BETWEEN ${first + 1000} AND ${gap.from - 1000}`),
    ).toEqual(before)
    expect(await storedTrades(db, `epoch_ms(time) BETWEEN ${gap.to + 1000} AND ${last}`)).toEqual(
      after,
    )
  })

  it('a 429 storm shorter than the overlap of two polls loses nothing and writes no gap row', async () => {
    clock = START + 3_600_000
    const db = join(tmp.dir, 'short-storm.duckdb')
    const { code } = await record(
      db,
      ['--symbols', 'ETHUSDT', '--interval', '5', '--snapshot-interval', '600', '--rounds', '12'],
      (round) => {
        if (round === 3) sandbox.faults.add(TRADES, { kind: 'rate-limit' }, 4)
      },
    )
    expect(code).toBe(0)
    expect(await query(db, 'SELECT * FROM gaps')).toEqual([])
    const [span] = await query(
      db,
      'SELECT epoch_ms(min(time)) AS a, epoch_ms(max(time)) AS b FROM trades',
    )
    const from = Number(span?.a) + 1000
    const to = Number(span?.b)
    expect(await storedTrades(db, `epoch_ms(time) BETWEEN ${from} AND ${to}`)).toEqual(
      await sandboxTrades('ETHUSDT', from, to),
    )
  })

  it('funding settlements recorded across more than 100 settlements on the sandbox clock are each stored once, 8 h apart, with no gap', async () => {
    clock = Date.UTC(2026, 0, 1)
    const db = join(tmp.dir, 'funding.duckdb')
    // A round every 10 days for 120 days: each poll sees the latest 100 settlements (33 days).
    const { code } = await record(db, [
      '--symbols',
      'BTCUSDT,ETHUSDT',
      '--interval',
      String(10 * 86_400),
      '--snapshot-interval',
      '0',
      '--depth-levels',
      '5',
      '--rounds',
      '12',
    ])
    expect(code).toBe(0)
    const rows = await query(
      db,
      `SELECT symbol, epoch_ms(funding_time) AS t, funding_rate::VARCHAR AS r FROM funding_history
       ORDER BY symbol, funding_time`,
    )
    const btc = rows.filter((r) => r.symbol === 'BTCUSDT')
    expect(btc.length).toBeGreaterThan(300)
    const times = btc.map((r) => Number(r.t))
    expect(new Set(times).size).toBe(times.length)
    expect(times.slice(1).map((t, i) => t - (times[i] as number))).toEqual(
      Array(times.length - 1).fill(8 * 3_600_000),
    )
    expect(await query(db, "SELECT * FROM gaps WHERE dataset = 'funding-rate-history'")).toEqual([])
    // Trades polled 10 days apart did lose trades, and say so: one gap row a round after the first.
    const [tradeGaps] = await query(
      db,
      "SELECT count(*) AS n FROM gaps WHERE dataset = 'market-trade'",
    )
    expect(tradeGaps?.n).toBe(String(2 * 11))
    // The newest 100 equal what the sandbox serves now.
    const client = createClient({ baseUrl: sandbox.url, rateLimit: false })
    const served = await client.getFundingRateHistory({ symbol: 'BTCUSDT', limit: 100 })
    expect(btc.slice(-100).map((r) => `${r.t}|${canonical(String(r.r))}`)).toEqual(
      served.map((s) => `${s.fundingTime}|${canonical(s.fundingRate)}`).reverse(),
    )
    // Snapshots every round; unchanged contract details and brackets stored once.
    const counts = await query(
      db,
      `SELECT (SELECT count(*) FROM funding_rate) AS fr, (SELECT count(*) FROM open_interest) AS oi,
              (SELECT max(level) FROM depth) AS levels,
              (SELECT count(*) FROM contract_changes WHERE dataset = 'leverage-bracket') AS brackets`,
    )
    expect(counts[0]).toEqual({ fr: '24', oi: '24', levels: 5, brackets: '2' })
  })

  it("status shows each series' last write: the last round that wrote it, settlements only when a round added some", async () => {
    // Two hours past a settlement: three rounds a minute apart see no new one.
    const t0 = Date.UTC(2026, 1, 3, 2)
    clock = t0
    const db = join(tmp.dir, 'last-write.duckdb')
    const recorded = await record(db, [
      '--symbols',
      'BTCUSDT,ETHUSDT',
      '--interval',
      '60',
      '--snapshot-interval',
      '120',
      '--rounds',
      '3',
    ])
    expect(recorded.code).toBe(0)
    expect(jsonLines(recorded.out).filter((e) => e.event === 'error')).toEqual([])
    const { code, out } = await cli(['status', '--db', db, '--json'])
    expect(code).toBe(0)
    const lastWrites = Object.fromEntries(
      jsonLines(out).map((r) => [`${r.dataset} ${r.symbol}`, r.lastWrite]),
    )
    const at = (ms: number) => new Date(ms).toISOString()
    const expected: Record<string, string> = {}
    for (const symbol of ['BTCUSDT', 'ETHUSDT']) {
      // Polled every round: trades; snapshots at rounds 1 and 3 (120 s apart), the catalog's
      // funding rates (funding-rate-v2, one request for both symbols) too.
      for (const dataset of [
        'market-trade',
        'funding-rate',
        'funding-rate-v2',
        'open-interest',
        'depth',
      ])
        expected[`${dataset} ${symbol}`] = at(t0 + 120_000)
      // Written once, at round 1: settlements (none new since), details and brackets (unchanged).
      for (const dataset of ['funding-rate-history', 'details', 'leverage-bracket'])
        expected[`${dataset} ${symbol}`] = at(t0)
    }
    expect(lastWrites).toEqual(expected)
    // One row per series in `writes`, each upserted in place.
    const [writes] = await query(db, 'SELECT count(*) AS n FROM writes')
    expect(Number(writes?.n)).toBe(Object.keys(expected).length)
  })

  it('SIGTERM to a running record finishes the round in flight, reports interrupted and exits 143', async () => {
    const db = join(tmp.dir, 'signal.duckdb')
    const child = spawnCli([
      'record',
      '--db',
      db,
      '--sandbox',
      '--symbols',
      'BTCUSDT',
      '--interval',
      '1',
    ])
    let out = ''
    await new Promise<void>((resolve) => {
      child.stdout?.on('data', (chunk: Buffer) => {
        out += chunk.toString()
        if (out.includes('"event":"round"')) resolve()
      })
    })
    child.kill('SIGTERM')
    expect(await exited(child)).toBe(143)
    expect(jsonLines(out).at(-1)).toMatchObject({ event: 'interrupted', signal: 'SIGTERM' })
    const [row] = await query(db, 'SELECT count(*) AS n FROM trades')
    expect(Number(row?.n)).toBeGreaterThan(0)
  })
})
