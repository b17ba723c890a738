/**
 * The limiter's server-side scripts. Each runs atomically in Redis on the
 * Redis server's clock (`TIME`), so every process measures windows with the
 * same clock whatever its own says. One endpoint's state is three keys:
 *
 * - `log`: a sorted set of released slots scored by release time (the
 *   response's arrival); entries leave once `windowMs` old.
 * - `inflight`: a sorted set of slots granted and not yet released, scored by
 *   the end of their lease; a process that dies holding slots frees them
 *   when their leases end.
 * - `block`: the time (ms) before which nothing may be sent, after a 429/418
 *   or a used-up window.
 *
 * Every write sets the written key's expiry, so no key outlives its use.
 * Expiries are whole milliseconds (PEXPIRE takes nothing else), rounded up:
 * a budget's `windowMs` is whole by the one budget rule (`checkRateLimitBudget`
 * of `@perpkit/schemas`), the `slotLeaseMs` option may have a fraction.
 *
 * @module
 */
import { createHash } from 'node:crypto'

/** A Lua script and its SHA1, for EVALSHA. */
export interface Script {
  source: string
  sha: string
}

function script(body: string): Script {
  const source = `${CLOCK}\n${body.trim()}\n`
  return { source, sha: createHash('sha1').update(source).digest('hex') }
}

/** The Redis server's clock, in ms. */
const CLOCK = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)`

/**
 * KEYS: log, inflight, block. ARGV: limit, windowMs, wanted, idPrefix, leaseMs.
 * Grants up to `wanted` slots (ids `idPrefix..1`, `idPrefix..2`, ...).
 * Returns `{ granted, waitMs }`: how many were granted and, when none, the
 * earliest time one can free: the block's end, the oldest release leaving the
 * window, or a lease ending. A slot in flight now releases no earlier than
 * now, so it cannot free before now + windowMs.
 */
export const ACQUIRE = script(`
local limit, window = tonumber(ARGV[1]), tonumber(ARGV[2])
local wanted, lease = tonumber(ARGV[3]), math.ceil(tonumber(ARGV[5]))
local blocked = tonumber(redis.call('GET', KEYS[3]) or '0')
if blocked > now then return { 0, blocked - now } end
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
local free = limit - redis.call('ZCARD', KEYS[1]) - redis.call('ZCARD', KEYS[2])
if free > 0 then
  local granted = math.min(free, wanted)
  for i = 1, granted do redis.call('ZADD', KEYS[2], now + lease, ARGV[4] .. i) end
  redis.call('PEXPIRE', KEYS[2], lease)
  return { granted, 0 }
end
local wait = window
local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
if oldest[2] then wait = tonumber(oldest[2]) + window - now end
local leaseEnd = redis.call('ZRANGE', KEYS[2], 0, 0, 'WITHSCORES')
if leaseEnd[2] then wait = math.min(wait, tonumber(leaseEnd[2]) - now) end
return { 0, math.max(1, wait) }
`)

/**
 * KEYS: log, inflight. ARGV: id, windowMs, stamp (`1`: the request was sent,
 * so the slot counts from now; `0`: it never was, so it just goes).
 */
export const RELEASE = script(`
redis.call('ZREM', KEYS[2], ARGV[1])
if ARGV[3] == '1' then
  redis.call('ZADD', KEYS[1], now, ARGV[1])
  redis.call('PEXPIRE', KEYS[1], math.ceil(tonumber(ARGV[2])))
end
return 1
`)

/** KEYS: block. ARGV: ms. Holds the key back until now + ms (never shortens a block). */
export const BLOCK = script(`
local ms = tonumber(ARGV[1])
local current = tonumber(redis.call('GET', KEYS[1]) or '0')
if now + ms > current then redis.call('SET', KEYS[1], now + ms, 'PX', ms) end
return 1
`)

/**
 * KEYS: inflight. ARGV: idPrefix, count. Takes back every slot an acquire
 * may have granted when its answer was lost (a timeout): run after it on the
 * same connection, it removes whatever that acquire added.
 */
export const CANCEL = script(`
for i = 1, tonumber(ARGV[2]) do redis.call('ZREM', KEYS[1], ARGV[1] .. i) end
return 1
`)
