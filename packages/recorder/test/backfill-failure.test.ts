import { join } from 'node:path'
import { type Sandbox, startSandbox } from '@perpkit/sandbox'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { backfillArgv, cli, jsonLines, query, tempDir } from './helpers.ts'

let sandbox: Sandbox
const tmp = tempDir()
beforeAll(async () => {
  sandbox = await startSandbox({
    seed: 9,
    quiet: true,
    rateLimit: false,
    now: () => Date.UTC(2026, 1, 1),
  })
})
afterAll(async () => {
  await sandbox.close()
  tmp.cleanup()
})

describe('backfill when the API fails', () => {
  it('with --retry-for 0 a failed window is given up at once: exit 1 naming it, the others stored, and a rerun completes the range', async () => {
    const db = join(tmp.dir, 'fail.duckdb')
    const argv = backfillArgv(
      {
        db,
        baseUrl: sandbox.url,
        symbols: 'BTCUSDT',
        steps: '1h',
        from: '2026-01-01',
        to: '2026-01-31',
      },
      ['--datasets', 'kline', '--concurrency', '1'],
    )
    // 720 candles = 2 windows: the first is served, the second meets a server error.
    sandbox.faults.add('/contract/public/kline', { kind: 'latency', latencyMs: 1 }, 1)
    sandbox.faults.add('/contract/public/kline', { kind: 'unavailable' }, 1)
    const failed = await cli([...argv, '--retry-for', '0'], { clientOptions: { retry: 0 } })
    expect(failed.code).toBe(1)
    expect(failed.err).toBe(
      'perpkit-recorder backfill: 1 of 2 windows not stored: kline BTCUSDT step 60: 1 window between 2026-01-21T20:00Z and 2026-01-30T23:00Z (last error: The service failed or is unavailable (HTTP 503)). Run the same command again to fetch them\n',
    )
    const events = jsonLines(failed.out)
    expect(events.filter((e) => e.event === 'window')).toHaveLength(1)
    expect(events.filter((e) => e.event === 'retry')).toEqual([])
    expect(events.at(-1)).toMatchObject({ event: 'incomplete', windows: 1, missing: 1 })
    const [stored] = await query(db, 'SELECT count(*) AS n FROM candles')
    expect(stored?.n).toBe('500')

    const rerun = await cli(argv)
    expect(rerun.code).toBe(0)
    expect(jsonLines(rerun.out).at(-1)).toMatchObject({ event: 'done', windows: 1, candles: 220 })
    const [all] = await query(
      db,
      'SELECT count(*) AS n, count(DISTINCT open_time) AS d FROM candles',
    )
    expect(all).toEqual({ n: '720', d: '720' })
  })
})
