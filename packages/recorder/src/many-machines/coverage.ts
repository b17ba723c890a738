/**
 * The fleet's coverage record: what was planned and what is stored, per
 * series and window, kept in Redis apart from the jobs so that completed jobs
 * can expire. Per series, two keys:
 *
 * - `<prefix>:windows`, a bitfield of 2 bits per window (counted from
 *   `PLAN_ORIGIN`): 0 not planned, 1 planned, 2 stored, 3 stored with no
 *   candle (the API had none, e.g. before the listing);
 * - `<prefix>:open`, a hash for the windows stored or planned in part only
 *   (the window still open when it was planned): `done:<start>` the last open
 *   time stored from the window's start on, `planned:<start>` the last one
 *   planned, `some:<start>` whether a part held candles.
 *
 * A 1m series planned from 2010 to 2026 takes about 1.5 KB, whatever the
 * number of jobs that filled it.
 *
 * @module
 */
import { stepMs } from '@perpkit/schemas/lite'
import {
  type BackfillJob,
  jobWindow,
  PLAN_ORIGIN,
  type PlannedWindow,
  windowIndex,
  windowMs,
} from './backfill-jobs.ts'
import type { Redis } from './redis.ts'

/** A window's state in the record. */
export const WindowState = { none: 0, planned: 1, stored: 2, empty: 3 } as const

/** One series of a plan. */
interface SeriesId {
  dataset: string
  symbol: string
  step: PlannedWindow['step']
}

/**
 * The key prefix of a series' record.
 *
 * @param queue - The queue name (one deployment).
 * @param series - The series.
 * @returns `perpkit:plan:<queue>:<dataset>:<symbol>:<step>`.
 */
function seriesPrefix(queue: string, series: SeriesId): string {
  return `perpkit:plan:${queue}:${series.dataset}:${series.symbol}:${series.step}`
}

const MARK_PLANNED = `
for i = 1, #ARGV, 3 do
  local at = '#' .. ARGV[i]
  local state = redis.call('BITFIELD', KEYS[1], 'GET', 'u2', at)[1]
  if state == 0 then redis.call('BITFIELD', KEYS[1], 'SET', 'u2', at, 1) end
  if state < 2 then
    local field = 'planned:' .. ARGV[i + 1]
    if ARGV[i + 2] == '-' then
      redis.call('HDEL', KEYS[2], field)
    else
      local old = tonumber(redis.call('HGET', KEYS[2], field) or '-1')
      if state == 0 or old >= 0 then
        if tonumber(ARGV[i + 2]) > old then redis.call('HSET', KEYS[2], field, ARGV[i + 2]) end
      end
    end
  end
end
return 1`

// ARGV: index, window start, window's last open, job start, job end, step ms, candles.
const MARK_STORED = `
local at = '#' .. ARGV[1]
local state = redis.call('BITFIELD', KEYS[1], 'GET', 'u2', at)[1]
if state >= 2 then return state end
local start = ARGV[2]
local jobStart, jobEnd = tonumber(ARGV[4]), tonumber(ARGV[5])
local upTo = tonumber(redis.call('HGET', KEYS[2], 'done:' .. start) or '-1')
if jobStart ~= tonumber(start) and (upTo < 0 or jobStart > upTo + tonumber(ARGV[6])) then
  return -1
end
if tonumber(ARGV[7]) > 0 then redis.call('HSET', KEYS[2], 'some:' .. start, 1) end
if jobEnd > upTo then upTo = jobEnd end
if upTo >= tonumber(ARGV[3]) then
  local final = 3
  if redis.call('HGET', KEYS[2], 'some:' .. start) then final = 2 end
  redis.call('BITFIELD', KEYS[1], 'SET', 'u2', at, final)
  redis.call('HDEL', KEYS[2], 'done:' .. start, 'some:' .. start, 'planned:' .. start)
  return final
end
redis.call('HSET', KEYS[2], 'done:' .. start, upTo)
return 1`

const CLEAR_STORED = `
for i = 1, #ARGV, 2 do
  local at = '#' .. ARGV[i]
  if redis.call('BITFIELD', KEYS[1], 'GET', 'u2', at)[1] >= 2 then
    redis.call('BITFIELD', KEYS[1], 'SET', 'u2', at, 1)
  end
  redis.call('HDEL', KEYS[2], 'done:' .. ARGV[i + 1], 'some:' .. ARGV[i + 1])
end
return 1`

/** Groups windows by series. */
function bySeries<T extends SeriesId>(items: readonly T[]): Map<string, T[]> {
  const groups = new Map<string, T[]>()
  for (const item of items) {
    const key = `${item.dataset}|${item.symbol}|${item.step}`
    const list = groups.get(key)
    if (list === undefined) groups.set(key, [item])
    else list.push(item)
  }
  return groups
}

async function evalScript(redis: Redis, script: string, keys: string[], args: string[]) {
  return redis.sendCommand(['EVAL', script, String(keys.length), ...keys, ...args])
}

/** Bitfield reads per command. */
const READ_CHUNK = 512

/**
 * Reads the states of windows of one series.
 *
 * @param redis - A connected client.
 * @param key - The bitfield key.
 * @param indexes - Window indexes.
 * @returns Their states, in order.
 */
async function readStates(redis: Redis, key: string, indexes: readonly number[]) {
  const states: number[] = []
  for (let i = 0; i < indexes.length; i += READ_CHUNK) {
    const args = indexes.slice(i, i + READ_CHUNK).flatMap((n) => ['GET', 'u2', `#${n}`])
    const read = (await redis.sendCommand(['BITFIELD', key, ...args])) as number[]
    states.push(...read.map(Number))
  }
  return states
}

/** What the record says of one window. */
export interface WindowCoverage {
  state: number
  /** The last open time stored contiguously from the window's start, when a part is. */
  doneUpTo: number | undefined
}

/**
 * Reads the record of the given windows.
 *
 * @param redis - A connected client.
 * @param queue - The queue name.
 * @param windows - Planned windows (any series).
 * @returns Their coverage, in order.
 */
export async function readCoverage(
  redis: Redis,
  queue: string,
  windows: readonly PlannedWindow[],
): Promise<WindowCoverage[]> {
  const at = new Map<PlannedWindow, WindowCoverage>()
  await Promise.all(
    [...bySeries(windows).values()].map(async (series) => {
      const prefix = seriesPrefix(queue, series[0] as PlannedWindow)
      const [states, open] = await Promise.all([
        readStates(
          redis,
          `${prefix}:windows`,
          series.map((w) => windowIndex(w.start, w.step)),
        ),
        redis.hGetAll(`${prefix}:open`),
      ])
      series.forEach((w, i) => {
        const done = (open as Record<string, string>)[`done:${w.start}`]
        at.set(w, {
          state: states[i] ?? 0,
          doneUpTo: done === undefined ? undefined : Number(done),
        })
      })
    }),
  )
  return windows.map((w) => at.get(w) as WindowCoverage)
}

/**
 * Records windows as planned (a stored one stays stored); a window planned
 * up to a time before its end keeps that time, for status.
 *
 * @param redis - A connected client.
 * @param queue - The queue name.
 * @param windows - The planned windows.
 */
export async function markPlanned(
  redis: Redis,
  queue: string,
  windows: readonly PlannedWindow[],
): Promise<void> {
  await Promise.all(
    [...bySeries(windows).values()].map((series) => {
      const prefix = seriesPrefix(queue, series[0] as PlannedWindow)
      const args = series.flatMap((w) => [
        String(windowIndex(w.start, w.step)),
        String(w.start),
        w.until === w.last ? '-' : String(w.until),
      ])
      return evalScript(redis, MARK_PLANNED, [`${prefix}:windows`, `${prefix}:open`], args)
    }),
  )
}

/**
 * Records a completed job's part of its window. The window becomes stored
 * once its parts reach its last candle from its start on; a part that does
 * not join the stored part (an overlapping plan ran out of order) is left
 * out, so its window is planned again from the stored part: a refetch, never
 * a loss.
 *
 * @param redis - A connected client.
 * @param queue - The queue name.
 * @param job - The completed job.
 * @param candles - Candles it stored.
 * @returns The window's state now, or -1 when the part did not join.
 */
export async function markStored(
  redis: Redis,
  queue: string,
  job: BackfillJob,
  candles: number,
): Promise<number> {
  const start = jobWindow(job)
  const prefix = seriesPrefix(queue, job)
  const result = await evalScript(
    redis,
    MARK_STORED,
    [`${prefix}:windows`, `${prefix}:open`],
    [
      String(windowIndex(start, job.step)),
      String(start),
      String(start + windowMs(job.step) - stepMs(job.step)),
      String(job.startTime),
      String(job.endTime),
      String(stepMs(job.step)),
      String(candles),
    ],
  )
  return Number(result)
}

/**
 * Forgets that windows are stored (`plan --rerun`): they stay planned.
 *
 * @param redis - A connected client.
 * @param queue - The queue name.
 * @param windows - The windows.
 */
export async function clearStored(
  redis: Redis,
  queue: string,
  windows: readonly PlannedWindow[],
): Promise<void> {
  await Promise.all(
    [...bySeries(windows).values()].map((series) => {
      const prefix = seriesPrefix(queue, series[0] as PlannedWindow)
      const args = series.flatMap((w) => [String(windowIndex(w.start, w.step)), String(w.start)])
      return evalScript(redis, CLEAR_STORED, [`${prefix}:windows`, `${prefix}:open`], args)
    }),
  )
}

/** Every planned window of one series, as status compares it with the tree. */
export interface PlannedSeries extends SeriesId {
  windows: { start: number; until: number; state: number }[]
}

/**
 * Reads the whole plan of a queue: every series planned, and each of its
 * planned windows with its state.
 *
 * @param redis - A connected client.
 * @param queue - The queue name.
 * @returns The series, sorted by dataset, symbol, step.
 */
export async function readPlan(redis: Redis, queue: string): Promise<PlannedSeries[]> {
  const prefix = `perpkit:plan:${queue}:`
  const keys: string[] = []
  for await (const batch of redis.scanIterator({ MATCH: `${prefix}*:windows`, COUNT: 500 }))
    keys.push(...(batch as unknown as string[]))
  const out: PlannedSeries[] = []
  for (const key of keys.sort()) {
    const [dataset, symbol, stepText] = key.slice(prefix.length, -':windows'.length).split(':')
    const step = Number(stepText) as PlannedWindow['step']
    if (dataset === undefined || symbol === undefined || !Number.isInteger(step)) continue
    const length = windowMs(step)
    const count = Number(await redis.strLen(key)) * 4
    const indexes = Array.from({ length: count }, (_, i) => i)
    const [states, open] = await Promise.all([
      readStates(redis, key, indexes),
      redis.hGetAll(`${key.slice(0, -':windows'.length)}:open`),
    ])
    const base = Math.floor(PLAN_ORIGIN / length)
    const windows: PlannedSeries['windows'] = []
    states.forEach((state, i) => {
      if (state === WindowState.none) return
      const start = (base + i) * length
      const planned = (open as Record<string, string>)[`planned:${start}`]
      const until = planned === undefined ? start + length - stepMs(step) : Number(planned)
      windows.push({ start, until, state })
    })
    out.push({ dataset, symbol, step, windows })
  }
  return out
}
