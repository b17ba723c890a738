import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { DuckDBInstance } from '@duckdb/node-api'
import { type Sandbox, startSandbox } from '@perpkit/sandbox'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseMemoryLimit } from '../src/cli/common.ts'
import { RecorderError } from '../src/errors.ts'
import { SCHEMA_VERSION } from '../src/index.ts'
import { openStore } from '../src/one-machine/open-store.ts'
import { loadSandbox } from '../src/source.ts'
import { backfillArgv, cli, tempDir } from './helpers.ts'

let sandbox: Sandbox
const tmp = tempDir()
beforeAll(async () => {
  sandbox = await startSandbox({ quiet: true, rateLimit: false, now: () => Date.UTC(2026, 1, 1) })
})
afterAll(async () => {
  await sandbox.close()
  tmp.cleanup()
})

const base = () => ['--base-url', sandbox.url]

describe('perpkit-recorder input', () => {
  it.each(['backfill', 'record', 'status', 'export'])(
    '%s --help prints its usage and exits 0',
    async (command) => {
      const { code, out } = await cli([command, '--help'])
      expect(code).toBe(0)
      expect(out).toContain(`Usage: perpkit-recorder ${command}`)
    },
  )

  it('an unknown command prints the usage and exits 2', async () => {
    const { code, err } = await cli(['backfil'])
    expect(code).toBe(2)
    expect(err).toContain('unknown command "backfil"')
  })

  it.each([
    [
      ['--symbols', 'NOPEUSDT', '--steps', '1m', '--from', '2026-01-01'],
      'unknown symbol: NOPEUSDT',
    ],
    [['--symbols', 'BTCUSDT', '--steps', '7m', '--from', '2026-01-01'], 'unknown step "7m"'],
    [
      ['--symbols', 'BTCUSDT', '--steps', '1m', '--from', '2026-01-02', '--to', '2026-01-01'],
      'reversed range',
    ],
    [['--symbols', 'BTCUSDT', '--steps', '1m', '--from', 'yesterday'], 'is not an ISO date'],
    [
      ['--symbols', 'BTCUSDT', '--steps', '1m', '--from', '2026-01-01', '--bogus'],
      "Unknown option '--bogus'",
    ],
    [
      ['--symbols', 'BTCUSDT', '--steps', '1m', '--from', '2026-01-01', '--memory-limit', 'lots'],
      '--memory-limit: "lots" is no size',
    ],
  ])('backfill %j fails with a clear message and creates no database', async (args, message) => {
    const db = join(tmp.dir, `bad-${Math.random()}.duckdb`)
    const { code, err } = await cli(['backfill', '--db', db, ...base(), ...args])
    expect(err).toContain(message)
    expect(code).toBe(2)
    expect(existsSync(db)).toBe(false)
  })

  it("--memory-limit sizes DuckDB's buffer pool, 64 MB by default", async () => {
    const setting = async (memoryLimit?: string) => {
      const store = await openStore(join(tmp.dir, `limit-${memoryLimit}.duckdb`), { memoryLimit })
      try {
        const [row] = await store.all("SELECT current_setting('memory_limit') AS m")
        return row?.m
      } finally {
        store.close()
      }
    }
    expect([
      await setting(),
      await setting('1GB'),
      await setting(parseMemoryLimit('512MiB')),
    ]).toEqual(['61.0 MiB', '953.6 MiB', '512.0 MiB'])
  })

  it('record refuses an unknown symbol before creating the database', async () => {
    const db = join(tmp.dir, 'record-bad.duckdb')
    const { code, err } = await cli([
      'record',
      '--db',
      db,
      ...base(),
      '--symbols',
      'BTCUSDT,XXXUSDT',
    ])
    expect(code).toBe(2)
    expect(err).toContain('unknown symbol: XXXUSDT')
    expect(existsSync(db)).toBe(false)
  })

  it('status of a missing file says so and creates nothing', async () => {
    const db = join(tmp.dir, 'missing.duckdb')
    const { code, err } = await cli(['status', '--db', db])
    expect(code).toBe(1)
    expect(err).toContain('does not exist')
    expect(existsSync(db)).toBe(false)
  })

  it('a database from a newer schema version is refused and left as it was', async () => {
    const db = join(tmp.dir, 'newer.duckdb')
    const instance = await DuckDBInstance.create(db)
    const conn = await instance.connect()
    await conn.run('CREATE TABLE meta (key VARCHAR PRIMARY KEY, value VARCHAR NOT NULL)')
    await conn.run(`INSERT INTO meta VALUES ('schema_version', '${SCHEMA_VERSION + 1}')`)
    conn.closeSync()
    instance.closeSync()
    const { code, err } = await cli([
      'backfill',
      '--db',
      db,
      ...base(),
      '--symbols',
      'BTCUSDT',
      '--steps',
      '1h',
      '--from',
      '2026-01-01',
      '--to',
      '2026-01-02',
    ])
    expect(code).toBe(1)
    expect(err).toContain(
      `schema version ${SCHEMA_VERSION + 1}, newer than this recorder's ${SCHEMA_VERSION}`,
    )
    const check = await DuckDBInstance.create(db)
    const c = await check.connect()
    const tables = (
      await c.runAndReadAll('SELECT table_name FROM information_schema.tables')
    ).getRowObjectsJson()
    c.closeSync()
    check.closeSync()
    expect(tables.map((t) => t.table_name)).toEqual(['meta'])
  })

  it('a database held by a process that does not take turns is refused with its PID once --wait has passed', async () => {
    const db = join(tmp.dir, 'locked.duckdb')
    const holder = spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import { DuckDBInstance } from '@duckdb/node-api'
         globalThis.held = await DuckDBInstance.create(${JSON.stringify(db)}); console.log('locked'); setInterval(() => {}, 1000)`,
      ],
      { cwd: new URL('..', import.meta.url), stdio: ['ignore', 'pipe', 'inherit'] },
    )
    try {
      await new Promise<void>((resolve) => holder.stdout?.once('data', () => resolve()))
      const status = await cli(['status', '--db', db, '--wait', '0.3'])
      expect(status.code).toBe(1)
      expect(status.err).toContain(
        `is open for writing by another process (PID ${holder.pid}), which did not let go within 0.3 s`,
      )
      const backfill = await cli(
        backfillArgv(
          {
            db,
            baseUrl: sandbox.url,
            symbols: 'BTCUSDT',
            steps: '1h',
            from: '2026-01-01',
            to: '2026-01-02',
          },
          ['--wait', '0'],
        ),
      )
      expect(backfill.code).toBe(1)
      expect(backfill.err).toContain(
        `is locked by another process (PID ${holder.pid}), which did not let go within 0 s`,
      )
    } finally {
      holder.kill('SIGKILL')
    }
  })
})

describe('--sandbox without @perpkit/sandbox', () => {
  it('says which optional package to install, with exit code 1', async () => {
    // What `import('@perpkit/sandbox')` throws where the package is not installed.
    const absent = '@perpkit/sandbox-not-installed'
    const error = await loadSandbox(() => import(absent)).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(RecorderError)
    expect((error as RecorderError).exitCode).toBe(1)
    expect((error as Error).message).toMatch(
      /^--sandbox needs @perpkit\/sandbox, an optional peer dependency that is not installed: npm install @perpkit\/sandbox/,
    )
  })
})
