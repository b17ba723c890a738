/**
 * The multi-machine commands without a Redis server: how work is cut into
 * jobs, and the input each command refuses before it connects anywhere.
 */
import { createServer } from 'node:net'
import { join } from 'node:path'
import { candleSpan, KLINE_STEPS, stepMs } from '@perpkit/schemas/lite'
import { afterAll, describe, expect, it } from 'vitest'
import {
  jobId,
  jobRequests,
  planWindows,
  windowJob,
  windowMs,
} from '../src/many-machines/backfill-jobs.ts'
import { cli, tempDir } from './helpers.ts'

const tmp = tempDir()
afterAll(() => tmp.cleanup())
const DAY = 86_400_000

describe('the fixed window grid', () => {
  it('gives every step whole-day windows holding whole candles, one request of them except 1m (a day, three)', () => {
    for (const step of KLINE_STEPS) {
      const length = windowMs(step)
      expect(length % DAY).toBe(0)
      expect(length % stepMs(step)).toBe(0)
      const candles = length / stepMs(step)
      if (step === 1) expect(candles).toBe(1440)
      else expect(candles).toBeLessThanOrEqual(500)
    }
    expect(windowMs(60)).toBe(20 * DAY)
    expect(
      jobRequests({
        kind: 'backfill',
        dataset: 'kline',
        symbol: 'X',
        step: 60,
        startTime: 0,
        endTime: 20 * DAY - 3_600_000,
      }),
    ).toBe(1)
  })

  const now = Date.UTC(2026, 0, 9, 12, 0, 30)
  const plan = (from: number, to: number) =>
    planWindows({
      datasets: ['kline', 'markprice-kline'],
      symbols: ['BTCUSDT', 'ETHUSDT'],
      steps: [1, 60, 1440],
      from,
      to,
      now,
    })

  it('plans the windows a range touches whole, and the window open now up to its last closed candle', () => {
    const windows = plan(Date.UTC(2026, 0, 5, 7, 30), now)
    const minute = windows.filter(
      (w) => w.step === 1 && w.dataset === 'kline' && w.symbol === 'BTCUSDT',
    )
    expect(
      minute.map((w) => [new Date(w.start).toISOString(), new Date(w.until).toISOString()]),
    ).toEqual([
      ['2026-01-05T00:00:00.000Z', '2026-01-05T23:59:00.000Z'],
      ['2026-01-06T00:00:00.000Z', '2026-01-06T23:59:00.000Z'],
      ['2026-01-07T00:00:00.000Z', '2026-01-07T23:59:00.000Z'],
      ['2026-01-08T00:00:00.000Z', '2026-01-08T23:59:00.000Z'],
      ['2026-01-09T00:00:00.000Z', '2026-01-09T11:59:00.000Z'],
    ])
    for (const w of windows) {
      expect(w.start % windowMs(w.step)).toBe(0)
      expect(w.last).toBe(w.start + windowMs(w.step) - stepMs(w.step))
      // Only candles closed by now.
      expect(w.until + stepMs(w.step)).toBeLessThanOrEqual(now)
    }
  })

  it('gives a window the same job id whatever range planned it: five moving ranges share every id of their common windows', () => {
    const ranges = [
      [Date.UTC(2026, 0, 5, 6), Date.UTC(2026, 0, 6, 12)],
      [Date.UTC(2026, 0, 5), Date.UTC(2026, 0, 7)],
      [Date.UTC(2026, 0, 6, 13), Date.UTC(2026, 0, 8, 1)],
      [Date.UTC(2026, 0, 4, 23), Date.UTC(2026, 0, 6)],
      [Date.UTC(2026, 0, 7), Date.UTC(2026, 0, 8, 6)],
    ] as const
    const byWindow = new Map<string, string>()
    for (const [from, to] of ranges)
      for (const w of plan(from, to)) {
        const key = `${w.dataset}|${w.symbol}|${w.step}|${w.start}`
        const id = jobId(windowJob(w))
        expect(byWindow.get(key) ?? id).toBe(id)
        byWindow.set(key, id)
        expect(id).not.toContain(':')
      }
    // The five ranges of 1m candles fall in the windows of Jan 4 to Jan 8: five windows.
    expect([...byWindow.keys()].filter((k) => k.startsWith('kline|BTCUSDT|1|'))).toHaveLength(5)
  })

  it('covers every candle of a window once, from its start to its until', () => {
    for (const w of plan(Date.UTC(2026, 0, 1), now)) {
      const job = windowJob(w)
      expect(candleSpan(job.startTime, job.endTime, w.step).count).toBe(
        (w.until - w.start) / stepMs(w.step) + 1,
      )
    }
  })

  it('refuses a range before 2010, where the plan record starts', () => {
    expect(() => plan(Date.UTC(2009, 11, 31), now)).toThrow('before 2010-01-01')
  })
})

const closedPort = (): Promise<number> =>
  new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })

describe('input of plan, worker, compact and status', () => {
  it.each(['plan', 'worker', 'compact'])(
    '%s --help prints its usage and exits 0',
    async (command) => {
      const { code, out } = await cli([command, '--help'])
      expect(code).toBe(0)
      expect(out).toContain(`Usage: perpkit-recorder ${command}`)
    },
  )

  const planArgs = [
    '--symbols',
    'BTCUSDT',
    '--steps',
    '1m',
    '--from',
    '2026-01-01',
    '--to',
    '2026-01-02',
  ]
  const workerArgs = [
    '--egress',
    'office',
    '--out',
    join(tmp.dir, 'tree'),
    '--base-url',
    'http://127.0.0.1:9',
  ]
  it.each([
    [['plan', ...planArgs], '--redis <url> is required'],
    [['plan', '--redis', 'localhost:6379', ...planArgs], 'use redis://host:port'],
    [['plan', '--redis', 'http://user:secret@host:6379', ...planArgs], 'use redis://host:port'],
    [['plan', '--redis', 'redis://[::1', ...planArgs], 'is not a URL'],
    [
      ['plan', '--redis', 'redis://host:6379/x', ...planArgs],
      'the path may only be a database number',
    ],
    [['plan', '--redis', 'redis://host', '--queue', 'a:b', ...planArgs], '--queue "a:b"'],
    [
      ['plan', '--redis', 'redis://host', ...planArgs, '--datasets', 'trades'],
      '--datasets: unknown "trades"',
    ],
    [['plan', '--redis', 'redis://host', ...planArgs.slice(0, 4)], '--from is required'],
    [
      ['plan', '--redis', 'redis://host', ...planArgs, '--chunk-days', '2'],
      "Unknown option '--chunk-days'",
    ],
    [
      ['worker', '--redis', 'redis://host', ...workerArgs, '--metrics-port', 'x'],
      '--metrics-port must be a port',
    ],
    [
      ['worker', '--redis', 'redis://host', ...workerArgs, '--metrics-host', '0.0.0.0'],
      '--metrics-host needs --metrics-port',
    ],
    [
      ['worker', '--redis', 'redis://host', ...workerArgs, '--stop-timeout', 'soon'],
      '--stop-timeout must be a number',
    ],
    [
      ['worker', '--redis', 'redis://host', '--egress', 'office', '--base-url', 'http://x'],
      '--out <dir|s3://bucket/prefix> is required',
    ],
    [
      ['worker', '--redis', 'redis://host', '--egress', 'office', '--out', 'gs://b/p'],
      '--out takes a directory or s3://bucket/prefix',
    ],
    [['worker', '--redis', 'redis://host', ...workerArgs.slice(2)], '--egress <name> is required'],
    [['worker', '--redis', 'redis://host', ...workerArgs, '--egress', 'a:b'], '--egress "a:b"'],
    [
      ['worker', '--redis', 'redis://host', ...workerArgs, '--local-address', 'eth0'],
      'is not an IP address',
    ],
    [
      ['worker', '--redis', 'redis://host', ...workerArgs, '--local-address', '192.0.2.1'],
      'cannot be bound here',
    ],
    [
      ['worker', '--redis', 'redis://host', ...workerArgs, '--budget', '12'],
      '--budget must be <requests>/<ms>',
    ],
    [
      ['worker', '--redis', 'redis://host', ...workerArgs, '--budget', '12/100000000'],
      '--budget.windowMs must be an integer from 1 to 86400000, got 100000000',
    ],
    [
      ['worker', '--redis', 'redis://host', ...workerArgs.slice(0, 4)],
      '--base-url <url> or --sandbox is required',
    ],
    [['compact'], '--out <dir|s3://bucket/prefix> is required'],
    [['compact', '--out', join(tmp.dir, 'missing')], 'is not a directory'],
    [['compact', '--out', 's3://Not_A_Bucket/tree'], 'is no bucket name'],
    [['compact', '--out', 's3://market', '--s3-endpoint', 'ftp://x'], 'must be an http(s) URL'],
    [
      ['status', '--s3-endpoint', 'http://127.0.0.1:9000'],
      'apply to --out s3://bucket/prefix only',
    ],
    [
      ['status', '--out', 'tree', '--s3-addressing', 'path'],
      'apply to --out s3://bucket/prefix only',
    ],
  ])('%j is refused with exit code 2: %s', async (argv, message) => {
    const { code, err } = await cli(argv)
    expect(err).toContain(message)
    expect(code).toBe(2)
  })

  it('never shows the password of a --redis URL in an error', async () => {
    const { err } = await cli(['plan', '--redis', 'http://user:secret@host:6379', ...planArgs])
    expect(err).toContain('"http://host:6379"')
    expect(err).not.toContain('secret')
  })

  it('a Redis that does not answer is an error (exit 1) naming it, not a hang', async () => {
    const port = await closedPort()
    const { code, err } = await cli(['status', '--redis', `redis://:hunter2@127.0.0.1:${port}`])
    expect(err).toContain(`cannot reach Redis at redis://127.0.0.1:${port}`)
    expect(err).not.toContain('hunter2')
    expect(code).toBe(1)
  })
})
