/**
 * Worker heartbeats, and the claim of an egress address.
 *
 * Every `beatMs` a worker stamps its name (BullMQ's `processedBy` of its jobs)
 * with the Redis server's time in `perpkit:workers:<queue>` (a sorted set;
 * entries older than a day are dropped), and its details in
 * `perpkit:worker:<queue>:<name>` (expiring after a day). `status --redis`
 * names each active job whose worker has not beaten for three beats.
 *
 * A budget is per egress name, but the limit is per address: two names on one
 * address would each spend the address's whole budget. So a worker claims its
 * source address (`perpkit:egress-address:<host>/<address>`, renewed by every
 * beat, lapsing three beats after the last worker using it stopped) for its
 * egress name, and refuses to start when a live worker holds it for another.
 *
 * @module
 */
import { createSocket } from 'node:dgram'
import { lookup } from 'node:dns/promises'
import { RecorderError } from '../errors.ts'
import type { Redis } from './redis.ts'

/** A day, in ms: how long a silent worker's beat and details stay readable. */
const DAY = 86_400_000

/** What a worker states of itself. */
export interface WorkerInfo {
  /** Its BullMQ worker name: `<egress>@<host>:<pid>`. */
  name: string
  egress: string
  /** Its source address. */
  address: string
  host: string
  pid: number
  /** Its beat period, ms. */
  beatMs: number
  /** Epoch ms. */
  startedAt: number
}

const BEAT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZADD', KEYS[1], now, ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - ${DAY})
redis.call('PEXPIRE', KEYS[1], ${DAY})
redis.call('SET', KEYS[2], ARGV[2], 'PX', ${DAY})
local holder = redis.call('GET', KEYS[3])
if not holder or holder == ARGV[3] then
  redis.call('SET', KEYS[3], ARGV[3], 'PX', ARGV[4])
  return ARGV[3]
end
return holder`

const LEAVE = `
redis.call('ZREM', KEYS[1], ARGV[1])
redis.call('DEL', KEYS[2])
return 1`

function beatsKey(queue: string): string {
  return `perpkit:workers:${queue}`
}

function detailsKey(queue: string, name: string): string {
  return `perpkit:worker:${queue}:${name}`
}

/**
 * The key of an address's claim.
 *
 * @param host - The machine's hostname.
 * @param address - The source address.
 * @returns `perpkit:egress-address:<host>/<address>`.
 */
function addressKey(host: string, address: string): string {
  return `perpkit:egress-address:${host}/${address}`
}

/**
 * The source address this machine uses to reach `url`'s host: a connected UDP
 * socket (nothing is sent) reads the route's local address.
 *
 * @param url - The API base URL.
 * @returns The address.
 */
export async function sourceAddressFor(url: string): Promise<string> {
  const target = new URL(url)
  const { address, family } = await lookup(target.hostname.replace(/^\[|\]$/g, ''))
  const socket = createSocket(family === 6 ? 'udp6' : 'udp4')
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('error', reject)
      socket.connect(
        Number(target.port || (target.protocol === 'https:' ? 443 : 80)),
        address,
        () => resolve(),
      )
    })
    return socket.address().address
  } finally {
    socket.close()
  }
}

/** A running heartbeat. */
export interface Heartbeat {
  /** Stops beating and removes this worker from the set. */
  stop(): Promise<void>
  /** Epoch ms of the last beat Redis took, by this process's clock. */
  lastBeat(): number
}

/**
 * Claims the worker's address for its egress name, then beats until stopped.
 *
 * @param redis - A connected client.
 * @param queue - The base queue name.
 * @param info - The worker.
 * @param onError - A beat that failed (Redis down): reported, the next one tries again.
 * @returns The heartbeat.
 * @throws {@link RecorderError} (exit 2) when a live worker holds the address for another name.
 */
export async function startHeartbeat(
  redis: Redis,
  queue: string,
  info: WorkerInfo,
  onError: (error: unknown) => void,
): Promise<Heartbeat> {
  const keys = [beatsKey(queue), detailsKey(queue, info.name), addressKey(info.host, info.address)]
  const beat = async () => {
    const holder = await redis.sendCommand([
      'EVAL',
      BEAT,
      '3',
      ...keys,
      info.name,
      JSON.stringify(info),
      info.egress,
      String(3 * info.beatMs),
    ])
    return String(holder)
  }
  const holder = await beat()
  if (holder !== info.egress)
    throw new RecorderError(
      `--egress ${info.egress}: ${info.address} on ${info.host} already sends as egress "${holder}" (a worker beat within the last ${(3 * info.beatMs) / 1000} s). A budget is per egress name and the limit per address: use --egress ${holder}, or another --local-address`,
    )
  let last = Date.now()
  let stopped = false
  const timer = setInterval(() => {
    beat().then(
      () => {
        last = Date.now()
      },
      (error: unknown) => {
        if (!stopped) onError(error)
      },
    )
  }, info.beatMs)
  return {
    lastBeat: () => last,
    stop: async () => {
      stopped = true
      clearInterval(timer)
      await redis.sendCommand(['EVAL', LEAVE, '2', keys[0] as string, keys[1] as string, info.name])
    },
  }
}

/** A worker as status reads it. */
export interface WorkerBeat {
  name: string
  /** Epoch ms (Redis time) of its last beat. */
  lastBeat: number
  /** Its details, while they last (a day). */
  info: WorkerInfo | undefined
}

/**
 * The workers that beat within the last day, and the Redis server's time.
 *
 * @param redis - A connected client.
 * @param queue - The base queue name.
 * @returns The beats by worker name, and now.
 */
export async function readBeats(
  redis: Redis,
  queue: string,
): Promise<{ now: number; beats: Map<string, WorkerBeat> }> {
  const [seconds, micros] = (await redis.sendCommand(['TIME'])) as [string, string]
  const now = Number(seconds) * 1000 + Math.floor(Number(micros) / 1000)
  const beats = new Map<string, WorkerBeat>()
  for (const { value: name, score } of await redis.zRangeWithScores(beatsKey(queue), 0, -1)) {
    const text = await redis.get(detailsKey(queue, String(name)))
    beats.set(String(name), {
      name: String(name),
      lastBeat: score,
      info: text === null ? undefined : (JSON.parse(String(text)) as WorkerInfo),
    })
  }
  return { now, beats }
}
