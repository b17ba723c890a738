/**
 * The multi-machine commands without a Redis server: how work is cut into
 * jobs, and the input each command refuses before it connects anywhere.
 */
import { createServer } from 'node:net'
import { join } from 'node:path'
import { candleSpan, stepMs } from '@perpkit/schemas/lite'
import { afterAll, describe, expect, it } from 'vitest'
import { jobId, planBackfillJobs } from '../src/many-machines/backfill-jobs.ts'
import { cli, tempDir } from './helpers.ts'

const tmp = tempDir()
afterAll(() => tmp.cleanup())
const DAY = 86_400_000

describe('planBackfillJobs', () => {
  const input = {
    datasets: ['kline', 'markprice-kline'] as const,
    symbols: ['BTCUSDT', 'ETHUSDT'],
    steps: [1, 60, 1440] as const,
    from: Date.UTC(2026, 0, 5, 7, 30),
    to: Date.UTC(2026, 0, 9, 12, 0),
    chunkDays: 1,
  }
  const jobs = planBackfillJobs({
    ...input,
    steps: [...input.steps],
    datasets: [...input.datasets],
  })

  it('covers every candle of each series exactly once, as backfill would, in jobs that stay within one chunk', () => {
    for (const dataset of input.datasets)
      for (const symbol of input.symbols)
        for (const step of input.steps) {
          const series = jobs.filter(
            (j) => j.dataset === dataset && j.symbol === symbol && j.step === step,
          )
          const opens = series.flatMap((j) => {
            const { first, count } = candleSpan(j.startTime, j.endTime, step)
            return Array.from({ length: count }, (_, i) => first + i * stepMs(step))
          })
          // Closed candles opening at or after `from` and closing by `to`.
          const last = Math.floor(input.to / stepMs(step)) * stepMs(step) - stepMs(step)
          const { first, count } = candleSpan(input.from, last, step)
          expect(opens).toEqual(Array.from({ length: count }, (_, i) => first + i * stepMs(step)))
          for (const job of series) {
            const chunk = Math.max(DAY, Math.ceil((500 * stepMs(step)) / DAY) * DAY)
            expect(Math.floor(job.startTime / chunk)).toBe(Math.floor(job.endTime / chunk))
          }
        }
  })

  it('gives 1m series one job per UTC day and the same ids on every plan', () => {
    const minute = jobs.filter(
      (j) => j.step === 1 && j.dataset === 'kline' && j.symbol === 'BTCUSDT',
    )
    expect(minute.map((j) => new Date(j.startTime).toISOString())).toEqual([
      '2026-01-05T07:30:00.000Z',
      '2026-01-06T00:00:00.000Z',
      '2026-01-07T00:00:00.000Z',
      '2026-01-08T00:00:00.000Z',
      '2026-01-09T00:00:00.000Z',
    ])
    const again = planBackfillJobs({
      ...input,
      steps: [...input.steps],
      datasets: [...input.datasets],
    })
    expect(again.map(jobId)).toEqual(jobs.map(jobId))
    expect(new Set(jobs.map(jobId)).size).toBe(jobs.length)
    for (const id of jobs.map(jobId)) expect(id).not.toContain(':')
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
