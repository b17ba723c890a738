import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { type Sandbox, startSandbox } from '@perpkit/sandbox'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CANDLE_WRITER_LIMITS } from '../src/one-machine/candle-writer.ts'
import { backfillArgv, exited, prng, query, spawnCli, tempDir } from './helpers.ts'
import { sandboxCandles, storedCandles } from './stored-candles.ts'

const SYMBOLS = ['BTCUSDT', 'ETHUSDT', 'SOLUSDT']
const FROM = Date.UTC(2026, 0, 5)
const TO = Date.UTC(2026, 0, 12)
const KLINE_PATHS = /^\/contract\/public\/(kline|markprice-kline)\?/
const SEED = Number(process.env.RECORDER_CRASH_SEED ?? 20260105)

let sandbox: Sandbox
const requested: string[] = []
const tmp = tempDir()

beforeAll(async () => {
  sandbox = await startSandbox({
    seed: 7,
    quirks: true,
    quiet: true,
    rateLimit: false,
    now: () => Date.UTC(2026, 1, 1),
    log: (line) => {
      const [, url, status] = line.split(' ')
      if (url !== undefined && KLINE_PATHS.test(url) && status === '200') requested.push(url)
    },
  })
})
afterAll(async () => {
  await sandbox.close()
  tmp.cleanup()
})

function backfillArgs(db: string): string[] {
  return backfillArgv({
    db,
    baseUrl: sandbox.url,
    symbols: SYMBOLS.join(','),
    steps: '1m',
    from: new Date(FROM).toISOString(),
    to: TO,
  })
}

/** Runs a backfill child and SIGKILLs it after `windows` stored windows plus `delayMs`. */
async function runAndKill(db: string, windows: number, delayMs: number): Promise<string> {
  const child = spawnCli(backfillArgs(db))
  let seen = 0
  let buffer = ''
  const killed = new Promise<void>((resolve) => {
    const kill = () =>
      setTimeout(() => {
        child.kill('SIGKILL')
        resolve()
      }, delayMs)
    if (windows === 0) kill()
    child.stdout?.on('data', (chunk: Buffer) => {
      buffer += chunk.toString()
      const lines = buffer.split('\n')
      buffer = lines.pop() ?? ''
      for (const line of lines) if (line.includes('"window"') && ++seen === windows) kill()
    })
    child.once('exit', () => resolve())
  })
  await killed
  return String(await exited(child))
}

/** A kline request as `path|symbol|start` (start in the wire's seconds). */
function requestKey(url: string): string {
  const parsed = new URL(url, 'http://sandbox')
  const q = parsed.searchParams
  return `${parsed.pathname.split('/').at(-1)}|${q.get('symbol')}|${q.get('start_time')}`
}

/** The windows stored in `db`, keyed as {@link requestKey} keys a request. */
async function storedWindows(db: string): Promise<Set<string>> {
  // A kill before the file or its schema was created leaves nothing stored.
  if (!existsSync(db)) return new Set()
  const [tables] = await query(
    db,
    "SELECT count(*) AS n FROM information_schema.tables WHERE table_name = 'coverage'",
  )
  if (Number(tables?.n) === 0) return new Set()
  const rows = await query(
    db,
    'SELECT dataset, symbol, epoch_ms(start_time) // 1000 AS s FROM coverage WHERE step = 1',
  )
  return new Set(rows.map((r) => `${r.dataset}|${r.symbol}|${r.s}`))
}

describe('backfill under kill -9', () => {
  it('a week of 1m candles for 3 symbols, SIGKILLed at random points then resumed, equals the sandbox candles with no duplicate and no window fetched again once stored, and each kill losing at most the windows not yet committed', async () => {
    const random = prng(SEED)
    const db = join(tmp.dir, 'crash.duckdb')
    const kills = 4
    /** After each kill: the windows stored, and how many requests had been made. */
    const atKill: { stored: Set<string>; requests: number }[] = []
    for (let i = 0; i < kills; i++) {
      const windows = Math.floor(random() * 30)
      const outcome = await runAndKill(db, windows, Math.floor(random() * 120))
      expect(outcome, `run ${i} (seed ${SEED}) should have been killed`).toBe('SIGKILL')
      // Never an unreadable file: every kill leaves a database that opens and answers.
      atKill.push({ stored: await storedWindows(db), requests: requested.length })
    }
    const final = spawnCli(backfillArgs(db))
    let out = ''
    final.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString()
    })
    expect(await exited(final)).toBe(0)
    expect(out).toContain('"event":"done"')
    const fetchedByRecorder = [...requested]

    const expected = await sandboxCandles(sandbox.url, {
      symbols: SYMBOLS,
      step: 1,
      from: FROM,
      to: TO,
    })
    expect(expected.length).toBe(2 * SYMBOLS.length * 7 * 1440)
    const stored = await storedCandles(db, 1)
    expect(stored.length).toBe(expected.length)
    expect(stored).toEqual(expected)

    const [dupes] = await query(
      db,
      `SELECT count(*) - count(DISTINCT (dataset, symbol, step, open_time)) AS d FROM candles`,
    )
    expect(Number(dupes?.d)).toBe(0)
    // Nothing stored before a kill is fetched after it.
    const windowsTotal = 2 * SYMBOLS.length * Math.ceil((7 * 1440) / 500)
    const keys = fetchedByRecorder.map(requestKey)
    atKill.forEach(({ stored, requests }, i) => {
      // Stored windows and requests are keyed alike: each stored window was requested.
      const asked = new Set(keys.slice(0, requests))
      expect([...stored].filter((key) => !asked.has(key))).toEqual([])
      const again = keys.slice(requests).filter((key) => stored.has(key))
      expect(again, `windows stored before kill ${i} and fetched after it`).toEqual([])
    })
    // Each kill loses at most the windows not yet committed: those being fetched
    // (--concurrency, 8), the group in its commit and the writer's backlog.
    const bound = 8 + CANDLE_WRITER_LIMITS.groupWindows + CANDLE_WRITER_LIMITS.backlogWindows
    atKill.forEach(({ stored, requests }, i) => {
      const before = i === 0 ? 0 : (atKill[i - 1] as { requests: number }).requests
      const lost = new Set(keys.slice(before, requests).filter((key) => !stored.has(key)))
      expect(lost.size, `windows lost at kill ${i}`).toBeLessThanOrEqual(bound)
    })
    const repeats = fetchedByRecorder.length - new Set(fetchedByRecorder).size
    expect(new Set(fetchedByRecorder).size).toBe(windowsTotal)
    console.info(
      `crash test (seed ${SEED}): ${kills} kills, ${repeats} windows fetched again (in flight at a kill), ${stored.length} candles equal`,
    )
    const [coverage] = await query(db, 'SELECT count(*) AS n FROM coverage')
    expect(Number(coverage?.n)).toBe(windowsTotal)
  })

  it('a second run over a covered range fetches nothing, and --prepend fetches only what is older', async () => {
    const db = join(tmp.dir, 'prepend.duckdb')
    const day = 86_400_000
    const args = (from: number, to: number, extra: string[] = []) =>
      backfillArgv({ db, baseUrl: sandbox.url, symbols: 'BTCUSDT', steps: '1h', from, to }, extra)
    const run = async (argv: string[]) => {
      const child = spawnCli(argv)
      let out = ''
      child.stdout?.on('data', (chunk: Buffer) => {
        out += chunk.toString()
      })
      expect(await exited(child)).toBe(0)
      return JSON.parse(out.trim().split('\n').at(-1) as string) as {
        windows: number
        candles: number
      }
    }
    expect(await run(args(FROM, FROM + 2 * day))).toMatchObject({ windows: 2, candles: 96 })
    expect(await run(args(FROM, FROM + 2 * day))).toMatchObject({ windows: 0, candles: 0 })
    expect(await run(args(FROM - 3 * day, TO, ['--prepend']))).toMatchObject({
      windows: 2,
      candles: 144,
    })
    const [row] = await query(
      db,
      `SELECT count(*) AS n, epoch_ms(min(open_time)) AS first, epoch_ms(max(open_time)) AS last
       FROM candles WHERE dataset = 'kline'`,
    )
    expect(row).toEqual({
      n: '120',
      first: String(FROM - 3 * day),
      last: String(FROM + 2 * day - 3_600_000),
    })
  })
})
