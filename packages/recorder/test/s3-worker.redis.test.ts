/**
 * Worker processes writing the tree into an S3-compatible bucket: a real
 * redis-server, a sandbox, s3rver on loopback, two `worker --out s3://...`
 * processes; then `compact --out s3://...`, and the bucket's files read back
 * with DuckDB equal the sandbox's own candles, each once.
 */
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { type Sandbox, startSandbox } from '@perpkit/sandbox'
import { type RedisServer, startRedis } from '@perpkit/test-kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cli, exited, jsonLines, tempDir } from './helpers.ts'
import {
  killWorkers,
  openFleet,
  pollUntil,
  referenceCandles,
  spawnWorker,
  treeCandles,
} from './queue-helpers.ts'
import { S3_KEY_ID, type S3Server, startS3Server } from './s3-server.ts'

const SYMBOLS = ['BTCUSDT', 'ETHUSDT']
const FROM = Date.UTC(2026, 0, 5)
const TO = Date.UTC(2026, 0, 7)
const SECRET = 'worker-secret-never-printed-9f3a'
const tmp = tempDir()
let redis: RedisServer
let sandbox: Sandbox
let s3: S3Server
const saved = { id: process.env.AWS_ACCESS_KEY_ID, secret: process.env.AWS_SECRET_ACCESS_KEY }

beforeAll(async () => {
  // The workers inherit these: the AWS SDK's standard variables.
  process.env.AWS_ACCESS_KEY_ID = S3_KEY_ID
  process.env.AWS_SECRET_ACCESS_KEY = SECRET
  redis = await startRedis({ appendOnlyDir: tmp.dir })
  sandbox = await startSandbox({ seed: 9, quiet: true, rateLimit: false })
  mkdirSync(join(tmp.dir, 's3'))
  s3 = await startS3Server(join(tmp.dir, 's3'))
})
afterAll(async () => {
  killWorkers()
  await sandbox?.close()
  await s3?.close()
  await redis?.close()
  process.env.AWS_ACCESS_KEY_ID = saved.id
  process.env.AWS_SECRET_ACCESS_KEY = saved.secret
  tmp.cleanup()
})

describe('workers writing into a bucket', () => {
  it('two workers backfill into s3://, compact merges there, and the bucket holds every candle of the sandbox once', async () => {
    const queue = 's3-fleet'
    const tree = ['--out', 's3://market/fleet', '--s3-endpoint', s3.endpoint]
    const planned = await cli([
      'plan',
      '--redis',
      redis.url,
      '--queue',
      queue,
      '--symbols',
      SYMBOLS.join(','),
      '--steps',
      '1m',
      '--from',
      new Date(FROM).toISOString(),
      '--to',
      String(TO),
    ])
    expect(planned.code).toBe(0)
    // 2 datasets × 2 symbols × 2 one-day jobs.
    expect(jsonLines(planned.out)[0]).toMatchObject({ jobs: 8, added: 8 })

    // Two egress names need two source addresses: one address is one budget.
    const workers = ['a', 'b'].map((egress, i) =>
      spawnWorker([
        '--redis',
        redis.url,
        '--queue',
        queue,
        '--egress',
        egress,
        '--local-address',
        `127.0.0.${2 + i}`,
        ...tree,
        '--base-url',
        sandbox.url,
      ]),
    )
    const handle = await openFleet(redis.url, queue)
    try {
      await pollUntil(
        () => handle.counts('completed', 'failed'),
        (c) => {
          if ((c.failed ?? 0) > 0) throw new Error(`a job failed: ${JSON.stringify(c)}`)
          return c.completed === 8
        },
        '8 completed jobs',
      )
    } finally {
      await handle.close()
    }
    for (const w of workers) w.child.kill('SIGTERM')
    expect(await Promise.all(workers.map((w) => exited(w.child)))).toEqual([0, 0])
    const parts = await s3.keys('fleet/')
    expect(parts).toHaveLength(8)
    expect(parts.every((k) => /\/part-\d{13}-backfill\.[^/]+-[0-9a-f]{16}\.parquet$/.test(k))).toBe(
      true,
    )

    const compacted = await cli(['compact', ...tree])
    expect(compacted.code).toBe(0)
    expect(jsonLines(compacted.out).at(-1)).toMatchObject({
      event: 'done',
      partitions: 8,
      quarantined: 0,
    })
    const copy = join(tmp.dir, 'copy')
    await s3.download('fleet/', copy)
    expect(await treeCandles(copy)).toEqual(
      await referenceCandles(sandbox.url, SYMBOLS, [1], FROM, TO),
    )
    for (const w of workers) {
      expect(JSON.stringify(w.events)).not.toContain(SECRET)
      expect(w.stderr()).not.toContain(SECRET)
    }
  })
})
