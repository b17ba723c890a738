/**
 * The shared tree in an S3-compatible bucket (s3rver on loopback): written by
 * the tree writer as workers write it, read by `status --out s3://`, compacted
 * by `compact --out s3://` (a damaged copy quarantined, the good one
 * published), then downloaded and read with DuckDB and compared with the
 * sandbox's own answers. Credentials come from the AWS environment variables
 * and never appear in any output.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { createClient } from '@perpkit/client'
import { type Sandbox, startSandbox } from '@perpkit/sandbox'
import type { Kline } from '@perpkit/schemas'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { kline } from '../src/datasets/declared/candles.ts'
import { marketTrade } from '../src/datasets/declared/trades.ts'
import { parseTreeLocation } from '../src/many-machines/tree-store.ts'
import { openTreeWriter } from '../src/many-machines/tree-writer.ts'
import { datasetLayout, GAPS_LAYOUT, utcDate } from '../src/parquet/layout.ts'
import { damageSilently, duckdb } from './damage.ts'
import { cli, jsonLines, rowKey, tempDir } from './helpers.ts'
import { klineRows, treeCandles } from './queue-helpers.ts'
import { S3_KEY_ID, type S3Server, startS3Server } from './s3-server.ts'

const DAY = Date.UTC(2026, 0, 5)
const NOW = Date.UTC(2026, 1, 1)
/** Must never be printed. */
const SECRET = 'wJalrXUtnFEMI-never-print-this-K7MDENG'
const tmp = tempDir()
let sandbox: Sandbox
let s3: S3Server
const saved: Record<string, string | undefined> = {}
const outputs: string[] = []

/** Runs the CLI and keeps its output for the secret check. */
async function run(argv: string[]) {
  const result = await cli(argv)
  outputs.push(result.out, result.err)
  return result
}

beforeAll(async () => {
  for (const name of [
    'AWS_ACCESS_KEY_ID',
    'AWS_SECRET_ACCESS_KEY',
    'AWS_REGION',
    'AWS_PROFILE',
    'AWS_ENDPOINT_URL',
    'AWS_ENDPOINT_URL_S3',
  ])
    saved[name] = process.env[name]
  process.env.AWS_ACCESS_KEY_ID = S3_KEY_ID
  process.env.AWS_SECRET_ACCESS_KEY = SECRET
  for (const name of ['AWS_REGION', 'AWS_PROFILE', 'AWS_ENDPOINT_URL', 'AWS_ENDPOINT_URL_S3'])
    delete process.env[name]
  mkdirSync(join(tmp.dir, 's3'))
  s3 = await startS3Server(join(tmp.dir, 's3'))
  sandbox = await startSandbox({ seed: 5, quiet: true, rateLimit: false, now: () => NOW })
})
afterAll(async () => {
  await sandbox?.close()
  await s3?.close()
  for (const [name, value] of Object.entries(saved))
    if (value === undefined) delete process.env[name]
    else process.env[name] = value
  tmp.cleanup()
})

async function dayCandles(symbol: string, day: number): Promise<Kline[]> {
  const client = createClient({ baseUrl: sandbox.url, rateLimit: false })
  const candles: Kline[] = []
  for await (const c of client.iterKlines({
    symbol,
    step: 1,
    startTime: day,
    endTime: day + 1439 * 60_000,
  }))
    candles.push(c)
  return candles
}

describe('a Parquet tree in an S3-compatible bucket', () => {
  const tree = 's3://market/tree'
  const flags = () => ['--out', tree, '--s3-endpoint', s3.endpoint]

  it('is written whole under unique keys, read by status, compacted with a damaged copy quarantined, and reads back as the sandbox served it', async () => {
    const btc = await dayCandles('BTCUSDT', DAY)
    const eth = [
      ...(await dayCandles('ETHUSDT', DAY)),
      ...(await dayCandles('ETHUSDT', DAY + 86_400_000)),
    ]
    const trades = marketTrade.encode(
      await createClient({ baseUrl: sandbox.url, rateLimit: false }).getTrades({
        symbol: 'BTCUSDT',
        limit: 100,
      }),
      { symbol: 'BTCUSDT', symbols: ['BTCUSDT'], now: NOW, depthLevels: 20 },
    )
    const gap = {
      symbol: 'BTCUSDT',
      dataset: 'market-trade',
      from_time: NOW - 90_000,
      to_time: NOW - 1,
      recorded_at: NOW,
    }

    // As workers write: BTCUSDT's day twice (a job run twice), ETHUSDT's two days once.
    const writer = await openTreeWriter(
      parseTreeLocation(tree, { endpoint: s3.endpoint }),
      () => NOW,
    )
    let ethFile: string
    try {
      await writer.writeCandles(kline, { symbol: 'BTCUSDT', step: 1, tag: 'job-a' }, btc)
      await writer.writeCandles(kline, { symbol: 'BTCUSDT', step: 1, tag: 'job-b' }, btc)
      const eths = await writer.writeCandles(
        kline,
        { symbol: 'ETHUSDT', step: 1, tag: 'job-c' },
        eth,
      )
      expect(eths.files).toHaveLength(2)
      ethFile = eths.files[0] as string
      await writer.writeRows(datasetLayout(marketTrade), { symbol: 'BTCUSDT', tag: 'poll' }, trades)
      await writer.writeRows(GAPS_LAYOUT, { symbol: 'BTCUSDT', tag: 'poll' }, [gap])
    } finally {
      writer.close()
    }
    expect(ethFile).toMatch(
      /^s3:\/\/market\/tree\/kline\/symbol=ETHUSDT\/date=2026-01-05\/part-\d{13}-job-c-[0-9a-f]{16}\.parquet$/,
    )
    const written = await s3.keys('tree/')
    expect(
      written.every((k) =>
        /^tree\/(kline|market-trade|gaps)\/symbol=\w+\/date=[\d-]+\/part-[^/]+\.parquet$/.test(k),
      ),
    ).toBe(true)
    const tradeDates = new Set(trades.map((t) => utcDate(Number(t.time)))).size
    expect(written).toHaveLength(2 + 2 + tradeDates + 1)

    const before = jsonLines((await run(['status', ...flags(), '--json'])).out)
    expect(before.find((r) => r.dataset === 'kline' && r.symbol === 'BTCUSDT')).toMatchObject({
      rows: 1440,
      duplicates: 1440,
      holes: 0,
      files: 2,
    })
    expect(before.find((r) => r.dataset === 'market-trade')).toMatchObject({
      rows: trades.length,
      files: tradeDates,
    })

    // A damaged copy of ETHUSDT's first day beside the good one, as a bad upload would leave it.
    const ethKey = ethFile.slice('s3://market/'.length)
    const local = join(tmp.dir, 'eth.parquet')
    writeFileSync(local, await s3.get(ethKey))
    await damageSilently(local, join(tmp.dir, 'probe.parquet'))
    const damagedKey = ethKey.replace('job-c', 'job-z')
    await s3.put(damagedKey, readFileSync(local))

    const compacted = await run(['compact', ...flags()])
    expect(compacted.code).toBe(1)
    expect(compacted.err).toContain(
      `  s3://market/${damagedKey}: its pages do not match the checksum in its footer`,
    )
    // s3rver ignores If-None-Match: the lock cannot be exclusive there, and compact says so.
    expect(compacted.err).toContain('ignores conditional writes (If-None-Match)')
    expect(jsonLines(compacted.out).at(-1)).toMatchObject({
      event: 'done',
      quarantined: 1,
      duplicates: 1440,
    })

    const after = await s3.keys('tree/')
    expect(after.filter((k) => k.startsWith('tree/_quarantine/'))).toEqual([
      `tree/_quarantine/${damagedKey.slice('tree/'.length)}.corrupt`,
    ])
    const published = after.filter((k) => !k.startsWith('tree/_quarantine/'))
    expect(published).toHaveLength(1 + 2 + tradeDates + 1) // one per partition, the lock removed
    expect(published.every((k) => /\/compacted-\d{13}-merged-[0-9a-f]{16}\.parquet$/.test(k))).toBe(
      true,
    )

    // Read back: downloaded, read with DuckDB, compared with the sandbox's own answers.
    const copy = join(tmp.dir, 'copy')
    await s3.download('tree/', copy)
    expect(await treeCandles(copy)).toEqual(
      [...klineRows('BTCUSDT', btc), ...klineRows('ETHUSDT', eth)].sort(),
    )
    const readTrades = await duckdb(
      `SELECT epoch_ms(time) AS t, price::VARCHAR AS p, qty::VARCHAR AS q FROM read_parquet('${join(copy, 'market-trade', '*', '*', '*.parquet')}') ORDER BY ALL`,
    )
    expect(readTrades.map((r) => rowKey([r.t, r.p, r.q]))).toEqual(
      trades.map((t) => rowKey([t.time, t.price, t.qty])).sort(),
    )
    const gaps = await duckdb(
      `SELECT dataset, epoch_ms(from_time) AS f FROM read_parquet('${join(copy, 'gaps', '*', '*', '*.parquet')}')`,
    )
    expect(gaps).toEqual([{ dataset: 'market-trade', f: String(gap.from_time) }])

    const status = jsonLines((await run(['status', ...flags(), '--json'])).out)
    expect(
      status
        .filter((r) => r.dataset === 'kline')
        .map((r) => [r.symbol, r.rows, r.duplicates, r.files]),
    ).toEqual([
      ['BTCUSDT', 1440, 0, 1],
      ['ETHUSDT', 2880, 0, 2],
    ])
    // Nothing left to do.
    expect(jsonLines((await run(['compact', ...flags()])).out).at(-1)).toMatchObject({
      compacted: 0,
      skipped: 1 + 2 + tradeDates + 1,
    })
    for (const text of outputs) expect(text).not.toContain(SECRET)
  })

  it('a failure is one line naming the object and the S3 error, without the secret', async () => {
    process.env.AWS_ACCESS_KEY_ID = 'AKIAUNKNOWN'
    try {
      const { code, err } = await run(['compact', ...flags()])
      expect(code).toBe(1)
      expect(err).toMatch(
        /^perpkit-recorder compact: write s3:\/\/market\/tree\/\.compact\.lock: InvalidAccessKeyId \(HTTP 403\): .*; check AWS_ACCESS_KEY_ID \(or the profile\)\n$/,
      )
    } finally {
      process.env.AWS_ACCESS_KEY_ID = S3_KEY_ID
    }
    const missing = await run([
      'status',
      '--out',
      's3://nobucket/tree',
      '--s3-endpoint',
      s3.endpoint,
    ])
    expect(missing.code).toBe(1)
    expect(missing.err).toContain('NoSuchBucket (HTTP 404)')
    expect(missing.err).toContain('create the bucket first')
    // Credentials in --out are refused without being echoed.
    const inline = await run(['compact', '--out', `s3://${S3_KEY_ID}:${SECRET}@market/tree`])
    expect(inline.code).toBe(2)
    for (const text of outputs) expect(text).not.toContain(SECRET)
  })
})
