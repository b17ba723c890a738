import { createHash } from 'node:crypto'
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { DuckDBInstance } from '@duckdb/node-api'
import { type Sandbox, startSandbox } from '@perpkit/sandbox'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createInstance } from '../src/duckdb/offline.ts'
import { ArchiveError, openArchive } from '../src/index.ts'
import { openStore } from '../src/one-machine/open-store.ts'
import { backfillArgv, cli, query, tempDir } from './helpers.ts'

/** A real SQLite 3 database (`sqlite3 t.sqlite "CREATE TABLE candles ..."`, one row), gzipped. */
const SQLITE_FILE =
  'H4sIAAAAAAACA+3XOwrCQBAG4Nn46EQ7izRTKohELLQ0yiJCFIxb2EmMKwTyEBO8jBew9ToewjMYMTY2Wsv/8Q/DDHOBWS2dINO8T46Rl3GfGiQEjZiJyCjqTeRV/pi/Majri9rzuH6lPAAAAAAAAADwi7moNk1TpJm3DbXvxbtQp0UzJq60lWRljx3JxbKVHHS8yYJI82yh5FS6HfbDJNWs5Fq1X7/5nfIAAAAAAAAAwF9oiFLFFOfT7ULDgWVZ3d4DHeIEjAAgAAA='

let sandbox: Sandbox
const tmp = tempDir()
const paths: Record<string, string> = {}

beforeAll(async () => {
  sandbox = await startSandbox({
    quiet: true,
    rateLimit: false,
    now: () => Date.UTC(2026, 1, 1),
  })
  // What a user might pass as --db by mistake, each in a directory of its own.
  const make = (name: string, file: string) => {
    const dir = join(tmp.dir, name)
    mkdirSync(dir)
    paths[name] = join(dir, file)
    return paths[name] as string
  }
  writeFileSync(make('csv', 'notduck.csv'), 'open_time,close\n1767225600000,87000.1\n')
  writeFileSync(make('sqlite', 'market.sqlite'), gunzipSync(Buffer.from(SQLITE_FILE, 'base64')))
  mkdirSync(make('directory', 'market.duckdb'))
  // An exported Parquet file and someone else's DuckDB database with a `candles` table.
  const parquet = make('parquet', 'kline_0.parquet')
  const foreign = make('foreign', 'theirs.duckdb')
  const instance = await DuckDBInstance.create(foreign)
  const conn = await instance.connect()
  await conn.run(`CREATE TABLE candles (open_time TIMESTAMP, close DECIMAL(18, 2));
    INSERT INTO candles VALUES ('2026-01-01', 87000.1);
    CREATE VIEW last_close AS SELECT close FROM candles;
    COPY candles TO '${parquet}' (FORMAT parquet)`)
  conn.closeSync()
  instance.closeSync()
})
afterAll(async () => {
  await sandbox.close()
  tmp.cleanup()
})

/** Every file of a directory with a hash of its bytes: what "nothing was written" compares. */
function snapshot(dir: string): Record<string, string> {
  const files: Record<string, string> = {}
  for (const name of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const path = join(dir, name)
    try {
      files[name] = createHash('sha256').update(readFileSync(path)).digest('hex')
    } catch {
      files[name] = 'directory'
    }
  }
  return files
}

const backfill = (db: string) =>
  backfillArgv(
    {
      db,
      baseUrl: sandbox.url,
      symbols: 'BTCUSDT',
      steps: '1h',
      from: '2026-01-01',
      to: '2026-01-03',
    },
    ['--datasets', 'kline'],
  )

describe('a --db that is not a recorder archive', () => {
  it.each([
    ['csv', 'is not a DuckDB database but text (CSV, JSON or the like)'],
    ['parquet', 'is not a DuckDB database but a Parquet file'],
    ['sqlite', 'is not a DuckDB database but a SQLite database'],
    ['directory', 'is a directory, not a DuckDB file'],
    [
      'foreign',
      'is a DuckDB database but not a perpkit-recorder archive (it holds candles, last_close; no meta.schema_version)',
    ],
  ])(
    '%s: every command refuses it with exit 2 and one line, and writes nothing',
    async (name, says) => {
      const db = paths[name] as string
      const dir = join(db, '..')
      const before = snapshot(dir)
      for (const argv of [
        backfill(db),
        ['record', '--db', db, '--base-url', sandbox.url, '--symbols', 'BTCUSDT', '--rounds', '1'],
        ['status', '--db', db],
        ['export', '--db', db, '--out', join(tmp.dir, `out-${name}`)],
      ]) {
        const { code, out, err } = await cli(argv)
        expect({ command: argv[0], code, err }).toEqual({
          command: argv[0],
          code: 2,
          err: `perpkit-recorder ${argv[0]}: ${db} ${says}: nothing was written; point --db at a recorder archive or a new file\n`,
        })
        expect(out).toBe('')
      }
      expect(snapshot(dir)).toEqual(before)
      if (name === 'foreign')
        expect(await query(db, 'SELECT table_name FROM duckdb_tables() ORDER BY 1')).toEqual([
          { table_name: 'candles' },
        ])
    },
  )

  it('openArchive refuses each as not-duckdb or not-archive, by its bytes, and changes nothing', async () => {
    const refused: Record<string, string> = {}
    for (const name of ['csv', 'parquet', 'sqlite', 'directory', 'foreign']) {
      const db = paths[name] as string
      const before = snapshot(join(db, '..'))
      const error = await openArchive(db).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(ArchiveError)
      refused[name] =
        `${(error as ArchiveError).reason}: ${(error as Error).message.replace(db, '<db>')}`
      expect(snapshot(join(db, '..'))).toEqual(before)
    }
    // Read by its bytes: no extension is looked for (DuckDB would try to fetch one for SQLite).
    expect(refused).toEqual({
      csv: 'not-duckdb: <db> is not a DuckDB database but text (CSV, JSON or the like)',
      parquet: 'not-duckdb: <db> is not a DuckDB database but a Parquet file',
      sqlite: 'not-duckdb: <db> is not a DuckDB database but a SQLite database',
      directory: 'not-duckdb: <db> is a directory, not a DuckDB file',
      foreign:
        'not-archive: <db> is a DuckDB database but not a perpkit-recorder archive (it holds candles, last_close; no meta.schema_version)',
    })
  })

  it('a DuckDB file with nothing in it becomes an archive; a new path is created', async () => {
    const empty = join(tmp.dir, 'empty.duckdb')
    ;(await DuckDBInstance.create(empty)).closeSync()
    for (const db of [empty, join(tmp.dir, 'new.duckdb')]) {
      const { code, out } = await cli(backfill(db))
      expect(code).toBe(0)
      expect(out).toContain('"event":"done","windows":1,"candles":48')
      const [stored] = await query(db, 'SELECT count(*) AS n FROM candles')
      expect(stored?.n).toBe('48')
    }
  })
})

describe('automatic extension install and load', () => {
  it('are off in every DuckDB the recorder opens: the archive, the archive API, the tree', async () => {
    const settings =
      "SELECT current_setting('autoinstall_known_extensions') AS install, current_setting('autoload_known_extensions') AS load"
    const store = await openStore(join(tmp.dir, 'settings.duckdb'))
    try {
      expect(await store.all(settings)).toEqual([{ install: false, load: false }])
    } finally {
      store.close()
    }
    // The archive API, the tree's writer, compaction and tree status create theirs through it.
    const instance = await createInstance(':memory:', { access_mode: 'READ_WRITE' })
    const conn = await instance.connect()
    expect((await conn.runAndReadAll(settings)).getRowObjectsJson()).toEqual([
      { install: false, load: false },
    ])
    conn.closeSync()
    instance.closeSync()
  })

  it('no source file opens DuckDB another way', () => {
    const src = join(import.meta.dirname, '..', 'src')
    const offenders = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter(
      (name) =>
        name.endsWith('.ts') &&
        !name.endsWith('offline.ts') &&
        /DuckDBInstance\s*\.\s*(create|fromCache)\b/.test(readFileSync(join(src, name), 'utf8')),
    )
    expect(offenders).toEqual([])
  })
})
