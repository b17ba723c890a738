/**
 * Worker processes as an operator runs them, against a real redis-server and
 * a sandbox (no rate limit): one egress name per source address, a record
 * poll killed with -9 mid-request, heartbeats in `status --redis`, metrics and
 * health, and a SIGTERM while Redis is down sent to a worker started the way
 * the README says (a shell that `exec`s the command).
 */
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type Sandbox, startSandbox } from '@perpkit/sandbox'
import { type RedisServer, startRedis } from '@perpkit/test-kit'
import { createClient as createRedisClient } from 'redis'
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { cli, exited, jsonLines, tempDir } from './helpers.ts'
import { killWorkers, pollUntil, spawnWorker, type WorkerProcess } from './queue-helpers.ts'

const packageDir = fileURLToPath(new URL('..', import.meta.url))
const tmp = tempDir()
let redis: RedisServer
let sandbox: Sandbox

beforeAll(async () => {
  // Append-only: a stop and restart keeps the queue, as a production Redis would.
  redis = await startRedis({ appendOnlyDir: tmp.dir })
  sandbox = await startSandbox({ seed: 13, quiet: true, rateLimit: false })
})
afterAll(async () => {
  killWorkers()
  await sandbox?.close()
  await redis?.close()
  tmp.cleanup()
})

type Event = Record<string, unknown>
const ready = (e: Event) => e.event === 'ready'

const worker = (queue: string, egress: string, address: string, extra: string[] = []) =>
  spawnWorker([
    ...['--redis', redis.url, '--queue', queue, '--egress', egress, '--local-address', address],
    ...['--out', join(tmp.dir, queue), '--base-url', sandbox.url, ...extra],
  ])

async function stop(...workers: WorkerProcess[]) {
  for (const w of workers) w.child.kill('SIGTERM')
  expect(await Promise.all(workers.map((w) => exited(w.child)))).toEqual(workers.map(() => 0))
}

async function plan(args: string[]) {
  const { code, err, out } = await cli(['plan', '--redis', redis.url, ...args])
  expect(err).toBe('')
  expect(code).toBe(0)
  return jsonLines(out)[0] as Event
}

describe('one egress name per source address', () => {
  it('refuses (exit 2) a worker naming another egress on an address a live worker sends from; the same name shares it, another address is free', async () => {
    const office = worker('claims', 'office', '127.0.0.2')
    await office.until(ready)
    const lab = worker('claims', 'lab', '127.0.0.2')
    expect(await exited(lab.child)).toBe(2)
    expect(lab.stderr()).toContain('127.0.0.2')
    expect(lab.stderr()).toContain('already sends as egress "office"')
    const second = worker('claims', 'office', '127.0.0.2')
    const elsewhere = worker('claims', 'lab', '127.0.0.3')
    await Promise.all([second.until(ready), elsewhere.until(ready)])
    await stop(office, second, elsewhere)
  })
})

describe('a record poll killed with -9 mid-request', () => {
  it('holds its series at most one interval, and status --redis names its job while its worker is silent', async () => {
    const queue = 'crash'
    await plan([
      ...['--queue', queue, '--record', '--symbols', 'BTCUSDT', '--datasets', 'market-trade'],
      ...['--interval', '2'],
    ])
    // The default --lock-ms (30 s): the series lock follows the poll interval instead.
    const victim = worker(queue, 'office', '127.0.0.2')
    const polled = (e: Event) =>
      e.event === 'completed' && e.dataset === 'market-trade' && e.skipped === false
    await victim.until(polled)
    // The next poll's request hangs in the sandbox, its series lock held.
    sandbox.faults.add('/contract/public/market-trade', { kind: 'latency', latencyMs: 20_000 }, 1)
    await pollUntil(
      async () => sandbox.faults.pending().length,
      (n) => n === 0,
      'the poll to reach the sandbox',
    )
    victim.child.kill('SIGKILL')
    expect(await exited(victim.child)).toBe('SIGKILL')
    const connection = await createRedisClient({ url: redis.url })
      .on('error', () => {})
      .connect()
    onTestFinished(() => connection.destroy())
    const ttl = await connection.pTTL(`perpkit:record:${queue}:market-trade:BTCUSDT:lock`)
    expect(ttl).toBeGreaterThan(0)
    expect(ttl).toBeLessThanOrEqual(2_000)

    // No worker beats now: status names the job in flight and its silent worker.
    const silent = await pollUntil(
      async () => {
        const { out } = await cli(['status', '--redis', redis.url, '--queue', queue])
        return jsonLines(out).filter((e) => e.source === 'silent-worker')
      },
      (rows) => rows.length > 0,
      'a silent-worker line in status --redis',
    )
    expect(silent).toEqual([
      expect.objectContaining({
        queue: `${queue}.market-trade`,
        worker: victim.name(),
        id: expect.stringContaining('record.market-trade.BTCUSDT'),
      }),
    ])
    expect(silent[0]?.silentMs).toBeGreaterThan(0)

    const survivor = worker(queue, 'lab', '127.0.0.3')
    await survivor.until(polled)
    await plan(['--queue', queue, '--record', '--stop'])
    await stop(survivor)
  })
})

describe('worker --metrics-port', () => {
  it('serves jobs by state, requests by endpoint, egress, address and status, rows written, candle lag, and health that fails while Redis is down', async () => {
    const queue = 'metrics'
    // A long lock: a job that stalls on a loaded machine and runs twice would count twice.
    const w = worker(queue, 'office', '127.0.0.2', ['--metrics-port', '0', '--lock-ms', '30000'])
    const url = String((await w.until(ready)).metrics)
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    // One 20-day 1h window per dataset: one request each.
    await plan([
      ...['--queue', queue, '--symbols', 'BTCUSDT', '--steps', '1h'],
      ...['--from', '2026-01-05', '--to', '2026-01-06'],
    ])
    let done = 0
    await w.until((e) => e.event === 'completed' && ++done >= 2)
    const text = await (await fetch(`${url}/metrics`)).text()
    for (const dataset of ['kline', 'markprice-kline']) {
      expect(text).toContain(
        `perpkit_recorder_jobs{queue="${queue}.${dataset}",state="completed"} 1\n`,
      )
      expect(text).toContain(
        `perpkit_recorder_requests_total{endpoint="/contract/public/${dataset}",egress="office",address="127.0.0.2",status="200"} 1\n`,
      )
      expect(text).toContain(`perpkit_recorder_rows_written_total{dataset="${dataset}"} 480\n`)
      expect(text).toMatch(
        new RegExp(
          `perpkit_recorder_candle_lag_seconds\\{dataset="${dataset}",symbol="BTCUSDT",step="60"\\} \\d`,
        ),
      )
      expect(text).toContain(
        `perpkit_recorder_jobs_processed_total{queue="${queue}.${dataset}",result="completed"} 1\n`,
      )
    }
    const health = async () => {
      const response = await fetch(`${url}/healthz`)
      return { status: response.status, body: (await response.json()) as Event }
    }
    expect(await health()).toMatchObject({ status: 200, body: { ok: true, redis: 'ready' } })
    await redis.stop()
    try {
      expect(
        await pollUntil(health, (h) => h.status === 503, 'an unhealthy /healthz'),
      ).toMatchObject({ body: { ok: false, redis: 'unreachable' } })
      expect(await (await fetch(`${url}/metrics`)).text()).toContain('perpkit_recorder_up 0\n')
    } finally {
      await redis.restart()
    }
    await pollUntil(health, (h) => h.status === 200, 'a healthy /healthz again')
    await stop(w)
  })
})

describe('SIGTERM while Redis is down', () => {
  it('stops a worker started with exec within --stop-timeout, exit 1, its job left to stalled-job recovery, which runs it elsewhere; no error is logged empty', async () => {
    const queue = 'deadline'
    const args = [
      ...['worker', '--redis', redis.url, '--queue', queue, '--egress', 'office'],
      ...['--local-address', '127.0.0.2', '--out', join(tmp.dir, queue)],
      ...['--base-url', sandbox.url, '--lock-ms', '3000', '--stop-timeout', '2'],
    ]
    // As the README starts it: a script whose last line execs the command, so the
    // supervisor's signal reaches the worker itself.
    const child = spawn(
      'sh',
      ['-c', 'exec "$@"', 'sh', process.execPath, '--import', 'tsx', 'src/bin.ts', ...args],
      {
        cwd: packageDir,
        env: { ...process.env, TSX_TSCONFIG_PATH: join(packageDir, 'tsconfig.json') },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    )
    onTestFinished(() => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    })
    let out = ''
    let err = ''
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString()
    })
    child.stderr.on('data', (chunk: Buffer) => {
      err += chunk.toString()
    })
    const events = () => jsonLines(out)
    await pollUntil(
      async () => events(),
      (e) => e.some(ready),
      'the worker to be ready',
    )
    sandbox.faults.add('/contract/public/kline', { kind: 'latency', latencyMs: 20_000 }, 1)
    await plan([
      ...['--queue', queue, '--symbols', 'BTCUSDT', '--steps', '1h', '--datasets', 'kline'],
      ...['--from', '2026-01-05', '--to', '2026-01-06'],
    ])
    const active = await pollUntil(
      async () => events().find((e) => e.event === 'active'),
      (e) => e !== undefined,
      'the job to start',
    )
    // Its request is held in the sandbox when Redis goes away.
    await pollUntil(
      async () => sandbox.faults.pending().length,
      (n) => n === 0,
      'the request to reach the sandbox',
    )
    await redis.stop()
    child.kill('SIGTERM')
    const code = await Promise.race([
      exited(child),
      new Promise((resolve) => setTimeout(() => resolve('still running after 60 s'), 60_000)),
    ])
    await redis.restart()
    expect(code).toBe(1)
    expect(events().find((e) => e.event === 'stopped')).toMatchObject({
      clean: false,
      abandoned: [active?.id],
    })
    expect(err).toContain('left to stalled-job recovery')
    for (const e of events().filter((e) => e.event === 'error' || e.event === 'retry'))
      expect(String(e.error)).toMatch(/\S/)

    // Redis is back: another worker's stalled-job check hands the job over, and it runs.
    const next = worker(queue, 'office', '127.0.0.2', ['--lock-ms', '3000'])
    await next.until((e) => e.event === 'completed' && e.id === active?.id)
    await stop(next)
  })
})
