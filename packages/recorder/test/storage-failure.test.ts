import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdirSync, readFileSync, rmSync, statfsSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type Sandbox, startSandbox } from '@perpkit/sandbox'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { backfillArgv, cli, finished, jsonLines, query, tempDir } from './helpers.ts'
import { type CandleSpan, sandboxCandles, spanArgv, storedCandles } from './stored-candles.ts'

const packageDir = fileURLToPath(new URL('..', import.meta.url))
/** 2 symbols × 10 days of 1m candles, both datasets: 116 windows, ~9 MB of write-ahead log. */
const SPAN: CandleSpan = {
  symbols: ['BTCUSDT', 'ETHUSDT'],
  step: 1,
  from: Date.UTC(2026, 0, 1),
  to: Date.UTC(2026, 0, 11),
}
/** The disk's size: full after some 50 windows. */
const DISK_KB = 3 * 1024

let sandbox: Sandbox
const tmp = tempDir()
beforeAll(async () => {
  sandbox = await startSandbox({ quiet: true, rateLimit: false, now: () => Date.UTC(2026, 1, 1) })
})
afterAll(async () => {
  await sandbox.close()
  tmp.cleanup()
})

/**
 * A small real disk: a tmpfs of `sizeKb` when this process may mount one (root with
 * CAP_SYS_ADMIN), else a file size limit of `limitKb` on the process (`ulimit -f`, SIGXFSZ
 * ignored so a write past it fails with EFBIG as a full disk fails with ENOSPC).
 */
function smallDisk(dir: string, sizeKb = DISK_KB, limitKb = sizeKb) {
  mkdirSync(dir)
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeKb}k`, 'tmpfs', dir], {
      stdio: 'ignore',
    })
  } catch {
    // `ulimit -f` counts 512-byte blocks in /bin/sh (dash): `limitKb` (twice that in bash).
    let limited = true
    return {
      how: 'ulimit -f' as const,
      spawn: (args: string[]) =>
        spawnBin(
          limited
            ? ['/bin/sh', '-c', `ulimit -f ${limitKb * 2}; trap '' XFSZ; exec "$0" "$@"`]
            : [],
          args,
        ),
      grow: () => {
        limited = false
      },
      release: () => {},
    }
  }
  return {
    how: 'tmpfs' as const,
    spawn: (args: string[]) => spawnBin([], args),
    grow: () => execFileSync('mount', ['-o', 'remount,size=256m', dir]),
    release: () => execFileSync('umount', [dir]),
  }
}

/** The executable from source, behind `prefix` (a shell that sets a limit, or nothing). */
function spawnBin(prefix: string[], args: string[]): ChildProcess {
  const node = [process.execPath, '--import', 'tsx', 'src/bin.ts', ...args]
  const [command, ...rest] = [...prefix, ...node] as [string, ...string[]]
  return spawn(command, rest, {
    cwd: packageDir,
    env: { ...process.env, TSX_TSCONFIG_PATH: join(packageDir, 'tsconfig.json') },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
}

describe('DuckDB failures become one line and an exit code', () => {
  it('a disk that fills mid-backfill: exit 1, one line naming the file and --db; the archive keeps every window it reported, and after room is made a rerun stores every candle exactly', async () => {
    const disk = smallDisk(join(tmp.dir, 'disk'))
    try {
      const db = join(tmp.dir, 'disk', 'market.duckdb')
      const argv = spanArgv(db, sandbox.url, SPAN)
      const full = await finished(disk.spawn(argv))
      expect(full.code).toBe(1)
      const reason =
        disk.how === 'tmpfs'
          ? `no space left on the disk of ${db}.wal`
          : `${db}.wal reached the file size limit (ulimit -f)`
      expect(full.err).toBe(
        `perpkit-recorder backfill: ${reason}: ${db} keeps what was committed before (the failed write was rolled back). ${disk.how === 'tmpfs' ? 'Free space' : 'Raise the limit'} or move the archive (--db) to a disk with room, then run the same command again\n`,
      )
      const reported = jsonLines(full.out).filter((e) => e.event === 'window')
      expect(reported.length).toBeGreaterThan(0)
      expect(reported.length).toBeLessThan(116)
      // Every window it reported is stored whole, with its coverage row, and nothing else.
      const [stored] = await query(
        db,
        `SELECT (SELECT count(*) FROM coverage) AS windows, count(*) AS candles,
           count(DISTINCT (dataset, symbol, open_time)) AS distinct_candles FROM candles`,
      )
      const candles = String(reported.reduce((sum, e) => sum + Number(e.candles), 0))
      expect(stored).toEqual({
        windows: String(reported.length),
        candles,
        distinct_candles: candles,
      })

      disk.grow()
      const rerun = await finished(disk.spawn(argv))
      expect(rerun.err).toBe('')
      expect(rerun.code).toBe(0)
      expect(jsonLines(rerun.out).at(-1)).toMatchObject({
        event: 'done',
        total: 116 - reported.length,
      })
      expect(await storedCandles(db, 1)).toEqual(await sandboxCandles(sandbox.url, SPAN))
    } finally {
      disk.release()
    }
  })

  it('record on a disk that fills: exit 1 and one line instead of an error every round; the rounds before stay, and it records again once there is room', async () => {
    // Room for the archive; then the test fills the disk while record runs. Without a tmpfs,
    // its write-ahead log outgrows a file size limit of 64 KB within a few rounds.
    const disk = smallDisk(join(tmp.dir, 'record-disk'), 32 * 1024, 64)
    const dir = join(tmp.dir, 'record-disk')
    const db = join(dir, 'market.duckdb')
    const argv = ['record', '--db', db, '--base-url', sandbox.url, '--symbols', 'BTCUSDT']
    try {
      const child = disk.spawn([...argv, '--interval', '0', '--snapshot-interval', '0'])
      const filled = new Promise<void>((resolve) => {
        let out = ''
        child.stdout?.on('data', (chunk: Buffer) => {
          out += chunk.toString()
          if (disk.how !== 'tmpfs' || !out.includes('"event":"round"')) return
          // Everything the disk has left, in one file.
          const free = statfsSync(dir)
          try {
            writeFileSync(join(dir, 'filler'), Buffer.alloc(Number(free.bavail * free.bsize)))
          } catch {}
          resolve()
        })
        child.once('exit', () => resolve())
      })
      const [result] = await Promise.all([finished(child), filled])
      expect(result.code).toBe(1)
      // One line, naming what could not be written (the log, the file, or DuckDB's spill file).
      expect(result.err.split('\n')).toHaveLength(2)
      expect(result.err).toMatch(
        disk.how === 'tmpfs'
          ? `perpkit-recorder record: no space left on the disk of ${dir}/`
          : 'perpkit-recorder record: ',
      )
      expect(result.err).toContain(
        disk.how === 'tmpfs'
          ? `: ${db} keeps what was committed before (the failed write was rolled back). Free space or move the archive (--db) to a disk with room, then run the same command again\n`
          : ' reached the file size limit (ulimit -f): ',
      )
      expect(jsonLines(result.out).filter((e) => e.event === 'error')).toEqual([])
      if (disk.how !== 'tmpfs') return
      const rounds = jsonLines(result.out).filter((e) => e.event === 'round')
      const [stored] = await query(db, 'SELECT count(*) AS n FROM depth')
      expect(Number(stored?.n)).toBeGreaterThanOrEqual(rounds.length * 40)
      rmSync(join(dir, 'filler'))
      const again = await finished(disk.spawn([...argv, '--rounds', '1']))
      expect(again.err).toBe('')
      expect(again.code).toBe(0)
    } finally {
      disk.release()
    }
  })

  it('DuckDB out of memory: exit 1, one line naming the file and --memory-limit; the archive is unchanged', async () => {
    const db = join(tmp.dir, 'memory.duckdb')
    const filled = await cli(
      backfillArgv({
        db,
        baseUrl: sandbox.url,
        symbols: 'BTCUSDT',
        steps: '1m',
        from: '2026-01-01',
        to: '2026-01-04',
      }),
    )
    expect(filled.code).toBe(0)
    const hash = () => createHash('sha256').update(readFileSync(db)).digest('hex')
    const before = hash()
    const { code, out, err } = await cli(['status', '--db', db, '--memory-limit', '1MB'])
    expect({ code, out, err }).toEqual({
      code: 1,
      out: '',
      err: `perpkit-recorder status: DuckDB ran out of memory on ${db} (--memory-limit 1MB): ${db} keeps what was committed before (the failed step was rolled back): run again with a bigger --memory-limit, e.g. --memory-limit 1GB\n`,
    })
    expect(hash()).toBe(before)
    const again = await cli(['status', '--db', db])
    expect(again.code).toBe(0)
    expect(jsonLines(again.out).map((r) => r.rows)).toEqual([4320, 4320])
  })
})
