import { readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { type Sandbox, startSandbox } from '@perpkit/sandbox'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { backfillArgv, cli, jsonLines, query, tempDir } from './helpers.ts'

const DAY = 86_400_000
const FROM = Date.UTC(2026, 0, 5)
let sandbox: Sandbox
const tmp = tempDir()
const db = join(tmp.dir, 'market.duckdb')

beforeAll(async () => {
  sandbox = await startSandbox({
    seed: 5,
    quiet: true,
    rateLimit: false,
    now: () => Date.UTC(2026, 1, 1),
  })
  const backfill = (from: number, to: number) =>
    cli(
      backfillArgv({ db, baseUrl: sandbox.url, symbols: 'BTCUSDT,ETHUSDT', steps: '1h', from, to }),
    )
  // Two days, a day's hole, one more day.
  expect((await backfill(FROM, FROM + 2 * DAY)).code).toBe(0)
  expect((await backfill(FROM + 3 * DAY, FROM + 4 * DAY)).code).toBe(0)
})
afterAll(async () => {
  await sandbox.close()
  tmp.cleanup()
})

describe('status', () => {
  it('shows first, last, rows and holes per dataset × symbol × step', async () => {
    const { code, out } = await cli(['status', '--db', db])
    expect(code).toBe(0)
    const rows = jsonLines(out)
    expect(rows).toHaveLength(4)
    expect(rows[0]).toMatchObject({
      dataset: 'kline',
      symbol: 'BTCUSDT',
      step: 60,
      first: '2026-01-05T00:00:00.000Z',
      last: '2026-01-08T23:00:00.000Z',
      rows: 72,
      gaps: 1,
    })
    expect(typeof rows[0]?.lastWrite).toBe('string')
  })

  it('prints a table on a TTY', async () => {
    let out = ''
    const code = await (await import('../src/index.ts')).runCli(['status', '--db', db], {
      stdout: {
        write: (s) => {
          out += s
        },
        isTTY: true,
      },
    })
    expect(code).toBe(0)
    const lines = out.trim().split('\n')
    expect(lines[0]).toMatch(/^dataset\s+symbol\s+step\s+first\s+last\s+rows\s+gaps\s+last write$/)
    expect(lines[1]).toMatch(
      /^kline\s+BTCUSDT\s+60\s+2026-01-05T00:00:00.000Z\s+2026-01-08T23:00:00.000Z\s+72\s+1\s/,
    )
  })
})

describe('export', () => {
  it('writes Parquet partitioned by dataset/symbol/date that DuckDB reads back equal to the archive', async () => {
    const out = join(tmp.dir, 'parquet')
    const { code } = await cli(['export', '--db', db, '--out', out])
    expect(code).toBe(0)
    // One root per dataset: a reader pointed at a root reads one schema.
    expect(readdirSync(out).sort()).toEqual(['kline', 'markprice-kline'])
    expect(readdirSync(join(out, 'kline', 'symbol=BTCUSDT')).sort()).toEqual([
      'date=2026-01-05',
      'date=2026-01-06',
      'date=2026-01-08',
    ])
    const tree = ['kline', 'markprice-kline']
      .map(
        (d) =>
          `SELECT '${d}' AS dataset, symbol, step, epoch_ms(open_time) AS t, open, high, low, close, volume
           FROM read_parquet('${join(out, d, '*', '*', '*.parquet')}', hive_partitioning = true)`,
      )
      .join(' UNION ALL ')
    const [cmp] = await query(
      db,
      `SELECT (SELECT count(*) FROM (${tree})) AS n,
         (SELECT count(*) FROM (
            SELECT dataset, symbol, step, epoch_ms(open_time), open, high, low, close, volume FROM candles
            EXCEPT SELECT * FROM (${tree}))) AS missing,
         (SELECT typeof(close) FROM read_parquet('${join(out, 'kline', '*', '*', '*.parquet')}') LIMIT 1) AS close_type,
         (SELECT typeof(open_time) FROM read_parquet('${join(out, 'kline', '*', '*', '*.parquet')}') LIMIT 1) AS time_type`,
    )
    expect(cmp).toEqual({
      n: '288',
      missing: '0',
      close_type: 'DECIMAL(38,18)',
      // isAdjustedToUTC=true: an instant, which DuckDB reads as TIMESTAMPTZ.
      time_type: 'TIMESTAMP WITH TIME ZONE',
    })
  })

  it('writes CSV with a header, and refuses a non-empty --out', async () => {
    const out = join(tmp.dir, 'csv')
    expect((await cli(['export', '--db', db, '--out', out, '--format', 'csv'])).code).toBe(0)
    const [row] = await query(
      db,
      `SELECT count(*) AS n FROM read_csv('${join(out, '*', '*', '*', '*.csv')}', hive_partitioning = true)`,
    )
    expect(row?.n).toBe('288')
    const busy = join(tmp.dir, 'busy')
    await cli(['export', '--db', db, '--out', busy])
    writeFileSync(join(busy, 'mine.txt'), 'x')
    const again = await cli(['export', '--db', db, '--out', busy])
    expect(again.code).toBe(2)
    expect(again.err).toContain('is not empty')
    const bad = await cli([
      'export',
      '--db',
      db,
      '--out',
      join(tmp.dir, 'x'),
      '--format',
      'feather',
    ])
    expect(bad.err).toContain('--format must be parquet or csv')
  })
})
