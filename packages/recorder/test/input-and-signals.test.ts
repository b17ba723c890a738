import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { type Sandbox, startSandbox } from '@perpkit/sandbox'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { backfillArgv, cli, exited, jsonLines, query, spawnCli, tempDir } from './helpers.ts'

let sandbox: Sandbox
const tmp = tempDir()
beforeAll(async () => {
  // LUNAUSDT of the default catalog was delisted on 2022-05-13.
  sandbox = await startSandbox({ quiet: true, rateLimit: false, now: () => Date.UTC(2026, 1, 1) })
})
afterAll(async () => {
  await sandbox.close()
  tmp.cleanup()
})

const backfill = (db: string, from: string, to = '2026-01-10', symbols = 'BTCUSDT') =>
  backfillArgv({ db, baseUrl: sandbox.url, symbols, steps: '1h', from, to })

describe('input is checked before the database is opened', () => {
  it.each([
    ['2026-02-30', '2026-03-01', '--from "2026-02-30" is not a calendar date and time'],
    ['2025-02-29', '2025-03-01', '--from "2025-02-29" is not a calendar date and time'],
    ['2026-01-01', '2026-01-01T24:00', '--to "2026-01-01T24:00" is not a calendar date and time'],
    ['2026-01-01', '2026-04-31', '--to "2026-04-31" is not a calendar date and time'],
    [
      '1767225600',
      '2026-01-10',
      '--from 1767225600 looks like epoch seconds (2026-01-01T00:00:00Z): give epoch ms (1767225600000) or an ISO date',
    ],
  ])(
    '--from %s --to %s is refused with exit 2 and one line, and no file',
    async (from, to, says) => {
      const db = join(tmp.dir, `input-${from}-${to}.duckdb`)
      const { code, out, err } = await cli(backfill(db, from, to))
      expect({ code, err: err.split('\n')[0], lines: err.split('\n').length }).toEqual({
        code: 2,
        err: `perpkit-recorder backfill: ${says}${says.endsWith('date') ? '' : '; use an ISO date (2026-01-01, 2026-01-01T12:00Z) or epoch ms'}`,
        lines: 2,
      })
      expect(out).toBe('')
      expect(existsSync(db)).toBe(false)
    },
  )

  it('a leap day and epoch ms pass', async () => {
    const db = join(tmp.dir, 'leap.duckdb')
    const { code } = await cli(backfill(db, '2024-02-29', String(Date.UTC(2024, 2, 1))))
    expect(code).toBe(0)
    const [row] = await query(db, 'SELECT count(*) AS n FROM candles')
    expect(row?.n).toBe('48')
  })

  it.each(['backfill', 'record'])(
    '%s refuses a delisted symbol with its status, exit 2, before creating the file',
    async (command) => {
      const db = join(tmp.dir, `delisted-${command}.duckdb`)
      const argv =
        command === 'backfill'
          ? backfill(db, '2022-01-01', '2022-02-01', 'BTCUSDT,LUNAUSDT')
          : [
              'record',
              '--db',
              db,
              '--base-url',
              sandbox.url,
              '--symbols',
              'LUNAUSDT',
              '--rounds',
              '1',
            ]
      const { code, err } = await cli(argv)
      expect(code).toBe(2)
      expect(err).toBe(
        `perpkit-recorder ${command}: delisted: LUNAUSDT (status Delisted since 2022-05-13); the API serves no market data for delisted contracts\n`,
      )
      expect(existsSync(db)).toBe(false)
    },
  )
})

/** Spawns the real executable and sends `signal` once `event` appears on its stdout. */
async function signalled(argv: string[], event: string, signal: NodeJS.Signals) {
  const child = spawnCli(argv)
  let out = ''
  let err = ''
  child.stderr?.on('data', (chunk: Buffer) => {
    err += chunk.toString()
  })
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      if (out.includes(`"event":"${event}"`)) resolve()
    })
    child.once('exit', () => reject(new Error(`exited before ${event}: ${out}${err}`)))
  })
  child.kill(signal)
  const code = await exited(child)
  return { code, events: jsonLines(out), err }
}

describe('a run stopped by a signal says so', () => {
  it.each([
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const)(
    'backfill stopped by %s reports interrupted and exits %i, its windows stored',
    async (signal, exitCode) => {
      const db = join(tmp.dir, `signal-${signal}.duckdb`)
      // A month of 1m candles at the client's default budget: minutes of work, stopped at the first window.
      const argv = backfillArgv({
        db,
        baseUrl: sandbox.url,
        symbols: 'BTCUSDT',
        steps: '1m',
        from: '2026-01-01',
        to: '2026-01-31',
      })
      const run = await signalled(argv, 'window', signal)
      expect(run.err).toBe('')
      expect(run.code).toBe(exitCode)
      const last = run.events.at(-1)
      const windows = run.events.filter((e) => e.event === 'window')
      expect(last).toEqual({
        event: 'interrupted',
        signal,
        windows: windows.length,
        candles: windows.reduce((sum, e) => sum + Number(e.candles), 0),
        total: 174,
      })
      expect(run.events.some((e) => e.event === 'done')).toBe(false)
      // What it reported stored is stored, once.
      const [stored] = await query(
        db,
        'SELECT count(*) AS n, count(DISTINCT (dataset, open_time)) AS d FROM candles',
      )
      expect(stored).toEqual({ n: String(last?.candles), d: String(last?.candles) })
    },
  )

  it('record stopped by SIGINT finishes its round, reports interrupted and exits 130', async () => {
    const db = join(tmp.dir, 'record-sigint.duckdb')
    const argv = ['record', '--db', db, '--base-url', sandbox.url, '--symbols', 'BTCUSDT']
    const run = await signalled(argv, 'round', 'SIGINT')
    expect(run.code).toBe(130)
    expect(run.events.at(-1)).toMatchObject({ event: 'interrupted', signal: 'SIGINT' })
    expect(run.events.some((e) => e.event === 'stopped')).toBe(false)
  })
})
